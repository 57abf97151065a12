import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { nowIso } from '../lib/clock.js';
import { toRupees } from '../lib/money.js';
import { assertOwnCompany } from '../plugins/auth.plugin.js';
import { listUsableCoupons } from '../repositories/coupon-repository.js';
import { CompanyIdParams } from './company.routes.js';
import { CouponSchema } from '../../contract/order.schemas.js';

/** Coupons a customer can still use (spec section 7: GET Coupon/customer/{companyId}). */
export const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Coupon/customer/:companyId',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Coupon'],
        security: [{ bearer: [] }],
        summary: 'Active coupons of the caller’s company, valid now, not used up by the caller',
        params: CompanyIdParams,
        response: { 200: EnvelopeSchema(Type.Array(CouponSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = assertOwnCompany(request, request.params.companyId);
      const rows = await listUsableCoupons(app.db, { companyId: request.params.companyId, customerId, now: nowIso() });
      return ok(
        rows.map((c) => ({
          CouponId: c.id,
          Code: c.code,
          Title: c.title,
          Description: c.description,
          DiscountType: c.discount_type,
          DiscountValue: c.discount_type === 'FLAT' ? toRupees(c.discount_value) : c.discount_value,
          MaxDiscount: c.max_discount === null ? null : toRupees(c.max_discount),
          MinOrder: toRupees(c.min_order),
          ValidTo: c.valid_to,
        })),
      );
    },
  );
};
