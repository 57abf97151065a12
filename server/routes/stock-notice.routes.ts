import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { cancelNotice, listNotices, requestNotice } from '../services/stock-notice-service.js';
import { StockNoticeInputSchema, StockNoticeSchema } from '../../contract/stock-notice.schemas.js';

const NoticeIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Notice id (must be the caller’s own)' }) });

/** "Notify me" for sold-out products and variants (docs/api-catalogue.md); every notice is the caller's own. */
export const stockNoticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireCustomer);
  const security = [{ bearer: [] }];
  const tags = ['Stock notices'];

  app.get(
    '/StockNotice',
    {
      schema: {
        tags,
        summary: 'The caller’s notices still waiting for a restock, oldest first',
        security,
        response: { 200: EnvelopeSchema(Type.Array(StockNoticeSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await listNotices(app.db, principalOf(request).customerId)),
  );

  app.post(
    '/StockNotice',
    {
      schema: {
        tags,
        summary: 'Asks to be told when a sold-out product or variant is back in a branch; asking again answers the same notice',
        security,
        body: StockNoticeInputSchema,
        response: { 200: EnvelopeSchema(StockNoticeSchema), ...errorResponses },
      },
    },
    async (request) => ok(await requestNotice(app.db, principalOf(request), request.body), 'We’ll tell you when it is back in stock.'),
  );

  app.delete(
    '/StockNotice/:id',
    {
      schema: {
        tags,
        summary: 'Cancels a waiting notice of the caller',
        security,
        params: NoticeIdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...errorResponses },
      },
    },
    async (request) => {
      await cancelNotice(app.db, principalOf(request).customerId, request.params.id);
      return ok(true, 'You will not be told about it.');
    },
  );
};
