import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { toRupees } from '../lib/money.js';
import { nowIso } from '../lib/clock.js';
import { assertOwnCustomer } from '../plugins/auth.plugin.js';
import { paisePerLoyaltyPoint } from '../services/loyalty-value.js';
import { findCompanyCustomer, updateCustomerProfile } from '../repositories/customer-repository.js';
import { listLoyaltyLines, listWalletLines } from '../repositories/ledger-repository.js';
import { CustomerInfoSchema, ProfileChangeSchema, type CustomerInfo } from '../../contract/customer.schemas.js';

const CustomerIdParams = Type.Object({
  customerId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Customer id (must be the caller’s own)' }),
});

export const PROFILE_MESSAGES = {
  name: 'Enter your name: 2 to 60 letters (spaces, dots, apostrophes and hyphens allowed).',
  email: 'Enter a valid email address, or leave it empty.',
} as const;

// Letters of any script plus the marks of Indian names (combining vowel signs), spaces, dots,
// hyphens and both apostrophes.
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]{1,59}$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

async function customerInfo(db: Kysely<Database>, customerId: number, companyId: number): Promise<CustomerInfo> {
  const customer = await findCompanyCustomer(db, customerId, companyId);
  if (!customer) throw notFound('Customer not found.');
  // Every ledger line, not the latest few: the wallet page shows the balance as the sum of its whole history.
  const [wallet, loyalty, paisePerPoint] = await Promise.all([
    listWalletLines(db, customerId),
    listLoyaltyLines(db, customerId),
    paisePerLoyaltyPoint(db, companyId),
  ]);
  return {
    CustomerId: customer.id,
    Name: customer.name,
    MobileNo: customer.mobile,
    Email: customer.email,
    WalletBalance: toRupees(customer.wallet_balance),
    LoyaltyPoints: customer.loyalty_points,
    LoyaltyValue: toRupees(customer.loyalty_points * paisePerPoint),
    WalletHistory: wallet.map((w) => ({
      Id: w.id,
      OrderId: w.order_id,
      OrderNo: w.order_no ?? null,
      Amount: toRupees(w.amount),
      Reason: w.reason,
      BalanceAfter: toRupees(w.balance_after),
      CreatedAt: w.created_at,
    })),
    LoyaltyHistory: loyalty.map((l) => ({
      Id: l.id,
      OrderId: l.order_id,
      OrderNo: l.order_no ?? null,
      Points: l.points,
      Amount: toRupees(l.points * paisePerPoint),
      Reason: l.reason,
      BalanceAfter: l.balance_after,
      CreatedAt: l.created_at,
    })),
  };
}

/** The caller's own profile, wallet and loyalty points; another customer's id is refused with 403. */
export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Customer/info/:customerId',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Customer'],
        summary: 'Profile with wallet balance, loyalty points and their history (newest first)',
        security: [{ bearer: [] }],
        params: CustomerIdParams,
        response: { 200: EnvelopeSchema(CustomerInfoSchema), ...errorResponses },
      },
    },
    async (request) => {
      const principal = assertOwnCustomer(request, request.params.customerId);
      return ok(await customerInfo(app.db, principal.customerId, principal.companyId));
    },
  );

  app.put(
    '/Customer/:customerId',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Customer'],
        summary: 'Changes the name and email of the profile',
        security: [{ bearer: [] }],
        params: CustomerIdParams,
        body: ProfileChangeSchema,
        response: { 200: EnvelopeSchema(CustomerInfoSchema), ...errorResponses },
      },
    },
    async (request) => {
      const principal = assertOwnCustomer(request, request.params.customerId);
      const name = request.body.name.trim().replace(/\s+/g, ' ');
      const email = (request.body.email ?? '').trim();
      if (!NAME_PATTERN.test(name)) throw badRequest(PROFILE_MESSAGES.name);
      if (email !== '' && (email.length > 120 || !EMAIL_PATTERN.test(email))) throw badRequest(PROFILE_MESSAGES.email);
      const updated = await updateCustomerProfile(app.db, {
        customerId: principal.customerId,
        companyId: principal.companyId,
        name,
        email: email.toLowerCase(),
        at: nowIso(),
      });
      if (!updated) throw notFound('Customer not found.');
      return ok(await customerInfo(app.db, principal.customerId, principal.companyId), 'Your profile is saved.');
    },
  );
};
