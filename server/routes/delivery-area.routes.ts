import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { earliestDelivery } from '../services/delivery-slots.js';
import { checkPincode } from '../services/pincode-service.js';
import { assertCompany, resolveBranch } from './catalogue.routes.js';
import { BranchQuery, Id } from './catalogue-query.schemas.js';
import { EarliestDeliverySchema, PinCheckSchema } from '../../contract/delivery.schemas.js';

/** Where and when the shop delivers: the PIN-code check and the earliest delivery (unauthenticated, not in the spec). */
export const deliveryAreaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Delivery/pincode/:pinCode',
    {
      schema: {
        tags: ['Company'],
        summary: 'Whether the company delivers to a PIN code and from which branch; 400 unless six digits starting 1 to 9',
        params: Type.Object({ pinCode: Type.String({ maxLength: 32, description: 'Six digits, the first 1 to 9' }) }),
        querystring: Type.Object({ companyId: Type.Optional(Id('Company id; the configured default company when left out')) }),
        response: { 200: EnvelopeSchema(PinCheckSchema), ...errorResponses },
      },
    },
    async (request) => {
      const companyId = request.query.companyId ?? app.config.defaultCompanyId;
      await assertCompany(app, companyId);
      const answer = await checkPincode(app.db, companyId, request.params.pinCode);
      return ok(answer, answer.Message);
    },
  );

  app.get(
    '/DeliverySlot/earliest/:companyId',
    {
      schema: {
        tags: ['Company'],
        summary: 'The earliest slot the branch can still take an order for, labelled in India time; Data null when every coming slot is full',
        params: Type.Object({ companyId: Id('Company id') }),
        querystring: Type.Object({ branchId: BranchQuery }),
        response: { 200: EnvelopeSchema(Type.Union([EarliestDeliverySchema, Type.Null()])), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const branchId = await resolveBranch(app, companyId, request.query.branchId);
      return ok(await earliestDelivery(app.db, { companyId, branchId, now: app.clock() }));
    },
  );
};
