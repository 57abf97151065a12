import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { offeredSlots } from '../services/delivery-slots.js';
import { resolveBranch } from './catalogue.routes.js';
import { BranchQuery, Id } from './catalogue-query.schemas.js';
import { DeliverySlotSchema } from '../../contract/catalogue.schemas.js';

/** Delivery slots a customer can still pick (unauthenticated). */
export const deliverySlotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/DeliverySlot/web/:companyId',
    {
      schema: {
        tags: ['Company'],
        summary: 'Slots of the next 7 days, earliest first; slots that started, start within the cut-off or (unless includeFull) are full are left out',
        params: Type.Object({ companyId: Id('Company id') }),
        querystring: Type.Object({
          branchId: BranchQuery,
          includeFull: Type.Optional(
            Type.Boolean({ default: false, description: 'List full slots too (Full: true, Available: 0), for a picker that shows them' }),
          ),
        }),
        response: { 200: EnvelopeSchema(Type.Array(DeliverySlotSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.params;
      const branchId = await resolveBranch(app, companyId, request.query.branchId);
      return ok(await offeredSlots(app.db, { companyId, branchId, now: app.clock(), includeFull: request.query.includeFull ?? false }));
    },
  );
};
