import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, ErrorSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { INVALID_MOBILE_MESSAGE, normalizeIndianMobile } from '../../contract/mobile-number.rules.js';
import { createOtpService } from '../services/otp-service.js';
import { APP_SECRET_NAMES, appSecret } from '../db/app-secrets.js';
import { companyExists } from '../repositories/catalogue-sections-repository.js';

const CompanyId = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Company id' });

const RequestCodeQuery = Type.Object({
  companyId: CompanyId,
  mobileNo: Type.String({ description: 'Indian mobile number: 10 digits, optional +91' }),
  password: Type.Optional(Type.String({ description: 'Not used; kept for older clients' })),
  email: Type.Optional(Type.String({ description: 'Not used; kept for older clients' })),
});

const CodeSent = Type.Object({
  MobileNo: Type.String(),
  ExpiresInSeconds: Type.Integer(),
  ResendAfterSeconds: Type.Integer(),
});

const LoginQuery = Type.Object({
  userName: Type.String({ description: 'The mobile number the code was sent to' }),
  password: Type.Optional(Type.String({ description: 'Not used; kept for older clients' })),
  companyId: CompanyId,
  otp: Type.String({ description: 'The 6-digit code' }),
});

const Session = Type.Object({
  Token: Type.String(),
  CustomerId: Type.Integer(),
  Name: Type.String(),
  CompanyId: Type.Integer(),
  MobileNo: Type.String(),
});

export interface AuthRoutesOptions {
  /** The clock of the one-time passwords (tests may pass their own). */
  now?: () => Date;
}

/** Login with a one-time password: send a code, verify it, hand out a signed token. */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const otp = createOtpService({ db: app.db, dialect: app.dialect, sms: app.sms, secret: await appSecret(app.db, APP_SECRET_NAMES.otp), now: options.now });

  async function assertCompany(companyId: number): Promise<void> {
    if (!(await companyExists(app.db, companyId))) throw notFound(`Company ${companyId} was not found.`);
  }

  function mobileOf(raw: string): string {
    const mobile = normalizeIndianMobile(raw);
    if (!mobile) throw badRequest(INVALID_MOBILE_MESSAGE);
    return mobile;
  }

  app.post(
    '/Auth/OTP/login',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Texts a 6-digit login code to an Indian mobile number (limited per number and per client address)',
        querystring: RequestCodeQuery,
        response: { 200: EnvelopeSchema(CodeSent), ...errorResponses, 502: ErrorSchema },
      },
    },
    async (request) => {
      const mobile = mobileOf(request.query.mobileNo);
      await assertCompany(request.query.companyId);
      const sent = await otp.requestCode({ companyId: request.query.companyId, mobile, clientIp: request.ip });
      return ok(sent, 'The code is on its way.');
    },
  );

  app.post(
    '/Auth/login',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Verifies the code; creates the customer on first login and returns a signed token',
        querystring: LoginQuery,
        response: { 200: EnvelopeSchema(Session), ...errorResponses },
      },
    },
    async (request) => {
      const mobile = mobileOf(request.query.userName);
      await assertCompany(request.query.companyId);
      const customer = await otp.verifyCode({ companyId: request.query.companyId, mobile, code: request.query.otp.trim() });
      const token = await app.tokens.sign({ customerId: customer.id, companyId: customer.companyId });
      return ok(
        { Token: token, CustomerId: customer.id, Name: customer.name, CompanyId: customer.companyId, MobileNo: customer.mobile },
        customer.isNew ? 'Welcome to Shoal Fresh.' : 'Welcome back.',
      );
    },
  );

  app.post(
    '/Auth/logout',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Auth'],
        summary: 'Signs the customer out everywhere: every token issued to them so far stops working',
        security: [{ bearer: [] }],
        response: { 200: EnvelopeSchema(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await app.tokens.revoke(principalOf(request));
      return ok(null, 'You are logged out.');
    },
  );
};
