import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { forbidden } from '../lib/http-errors.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { cartPage } from '../repositories/cart-repository.js';
import { CartCreateLineSchema, CartSchema, MAX_QTY_CHANGE, type Cart } from '../../contract/cart.schemas.js';
import { CART_PAGE_SIZE, announceCart, assertBranch, changeQuantity, mergeLines, removeLine } from '../services/cart-service.js';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
const VariantId = Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Variant id, 0 for a product without variants' });

const MAX_MERGE_LINES = 200;

const LineParams = Type.Object({ branchId: Id('Branch id'), productId: Id('Product id'), variantId: VariantId });

const PageQuery = {
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
};

const CartResponses = { 200: EnvelopeSchema(CartSchema), ...errorResponses };

/** The customer's server cart (spec section 7). Every route needs a token and acts on the caller's cart only. */
export const cartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auth = { preHandler: app.requireCustomer, schema: { tags: ['Cart'], security: [{ bearer: [] }] } };

  const reply = async (
    customerId: number,
    companyId: number,
    branchId: number,
    pageNumber?: number,
    pageSize?: number,
  ): Promise<{ Success: boolean; Message: string; Data: Cart; TotalCount: number }> => {
    const { cart, totalLines } = await cartPage(app.db, { customerId, companyId, branchId, pageNumber, pageSize });
    return { ...ok(cart), TotalCount: totalLines };
  };

  /** After a change: the first page goes to the customer's live connections, the asked page to the caller (one read when they are the same). */
  const announceAndReply = async (customerId: number, companyId: number, branchId: number, pageNumber: number, pageSize: number) => {
    if (pageNumber !== 1 || pageSize !== CART_PAGE_SIZE) {
      await announceCart(app, customerId, companyId, branchId);
      return reply(customerId, companyId, branchId, pageNumber, pageSize);
    }
    const { cart, totalLines } = await cartPage(app.db, { customerId, companyId, branchId, pageNumber, pageSize });
    app.live.customerChanged({ customerId, type: 'CartDetails', data: cart });
    return { ...ok(cart), TotalCount: totalLines };
  };

  app.get(
    '/Cart',
    {
      preHandler: auth.preHandler,
      schema: {
        ...auth.schema,
        summary: 'The caller’s cart in a branch (all lines unless pageSize is given; TotalCount is the number of lines)',
        querystring: Type.Object({ branchId: Type.Optional(Id('Branch id (default: the shop’s default branch)')), ...PageQuery }),
        response: CartResponses,
      },
    },
    async (request) => {
      const { customerId, companyId } = principalOf(request);
      const branchId = request.query.branchId ?? app.config.defaultBranchId;
      await assertBranch(app.db, companyId, branchId);
      return reply(customerId, companyId, branchId, request.query.pageNumber, request.query.pageSize);
    },
  );

  app.put(
    '/Cart/:branchId/:productId/:variantId',
    {
      preHandler: auth.preHandler,
      schema: {
        ...auth.schema,
        summary: 'Changes a line’s quantity by a signed delta; refuses quantities beyond stock and unavailable products',
        params: LineParams,
        querystring: Type.Object({
          qtyChange: Type.Integer({ minimum: -MAX_QTY_CHANGE, maximum: MAX_QTY_CHANGE, description: 'Signed quantity change' }),
          id: Type.Optional(Type.Integer({ minimum: 0, description: 'Cart item id or 0; the path identifies the line' })),
          ...PageQuery,
        }),
        response: CartResponses,
      },
    },
    async (request) => {
      const { customerId, companyId } = principalOf(request);
      const { branchId, productId, variantId } = request.params;
      await assertBranch(app.db, companyId, branchId);
      await changeQuantity(app.db, { customerId, companyId, branchId, productId, variantId }, request.query.qtyChange);
      return announceAndReply(customerId, companyId, branchId, request.query.pageNumber ?? 1, request.query.pageSize ?? CART_PAGE_SIZE);
    },
  );

  app.delete(
    '/Cart/:branchId/:productId/:variantId',
    {
      preHandler: auth.preHandler,
      schema: { ...auth.schema, summary: 'Removes a line from the caller’s cart', params: LineParams, response: CartResponses },
    },
    async (request) => {
      const { customerId, companyId } = principalOf(request);
      const { branchId, productId, variantId } = request.params;
      await assertBranch(app.db, companyId, branchId);
      await removeLine(app.db, { customerId, companyId, branchId, productId, variantId });
      return announceAndReply(customerId, companyId, branchId, 1, CART_PAGE_SIZE);
    },
  );

  app.post(
    '/Cart',
    {
      preHandler: auth.preHandler,
      schema: {
        ...auth.schema,
        summary: 'Merges a browser’s local cart: a line in both carts takes the larger quantity, capped at stock',
        querystring: Type.Object({ branchId: Type.Optional(Id('Branch of the cart to answer (default: the first line’s)')) }),
        body: Type.Array(CartCreateLineSchema, { maxItems: MAX_MERGE_LINES }),
        response: CartResponses,
      },
    },
    async (request) => {
      const { customerId, companyId } = principalOf(request);
      const lines = request.body;
      if (lines.some((l) => l.CustomerId !== customerId)) throw forbidden('You may only change your own cart.');
      if (lines.some((l) => l.CompanyId !== companyId)) throw forbidden('You may not access another shop’s records.');
      const branches = [...new Set(lines.map((l) => l.BranchId))];
      for (const branchId of branches) await assertBranch(app.db, companyId, branchId);
      const skipped = await mergeLines(
        app.db,
        customerId,
        companyId,
        lines.map((l) => ({ branchId: l.BranchId, productId: l.ProductId, variantId: l.VariantId, qty: l.Qty })),
      );
      for (const branchId of branches) await announceCart(app, customerId, companyId, branchId);
      const branchId = request.query.branchId ?? branches[0] ?? app.config.defaultBranchId;
      if (request.query.branchId) await assertBranch(app.db, companyId, branchId);
      const answer = await reply(customerId, companyId, branchId);
      return { ...answer, Message: skipped.length ? `Some items were not added. ${skipped.join(' ')}` : 'Cart updated' };
    },
  );
};
