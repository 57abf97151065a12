import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { forbidden } from '../lib/http-errors.js';
import { APP_SECRET_NAMES, appSecret } from '../db/app-secrets.js';
import { CATALOGUE_UPDATE_TYPES, CUSTOMER_UPDATE_TYPES, HUB_PATH } from '../../contract/hub-events.js';

/** Name of the shop owner's secret in app_secrets; `npm run shop` reads it from the same database. */
export const SHOP_ADMIN_SECRET = APP_SECRET_NAMES.shopAdmin;
export const SHOP_SECRET_HEADER = 'x-shop-secret';
export const ANNOUNCE_PATH = `${HUB_PATH}/announce`;

/** The secret shared by the running server and the shop command line; made by whoever starts first. */
export function shopAdminSecret(db: Kysely<Database>): Promise<string> {
  return appSecret(db, SHOP_ADMIN_SECRET, 32);
}

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const AnnounceBody = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('catalogue'),
      companyId: Id,
      branchId: Type.Union([Id, Type.Null()]),
      type: Type.Union(CATALOGUE_UPDATE_TYPES.map((t) => Type.Literal(t))),
      ids: Type.Array(Id, { maxItems: 500 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('customer'),
      customerId: Id,
      type: Type.Union(CUSTOMER_UPDATE_TYPES.map((t) => Type.Literal(t))),
      data: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
]);

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Lets the shop's command line, which changes the database from outside the server, ask the
 * running server to push the change. Only callers holding the shop admin secret may announce.
 */
export const hubAnnounceRoutes: FastifyPluginAsyncTypebox<{ secret: string }> = async (app, options) => {
  app.post(
    ANNOUNCE_PATH,
    {
      schema: {
        tags: ['hub'],
        summary: 'Announce a shop change for the live hub to push (shop command line only)',
        headers: Type.Object({ [SHOP_SECRET_HEADER]: Type.Optional(Type.String()) }),
        body: AnnounceBody,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...errorResponses },
      },
    },
    async (request, reply) => {
      // One-off calls from the command line: no reason to keep their sockets open.
      reply.header('connection', 'close');
      if (!sameSecret(request.headers[SHOP_SECRET_HEADER], options.secret)) throw forbidden('The shop admin secret is missing or wrong.');
      const body = request.body;
      if (body.kind === 'catalogue') {
        app.live.catalogueChanged({ companyId: body.companyId, branchId: body.branchId, type: body.type as never, ids: body.ids });
      } else {
        app.live.customerChanged({ customerId: body.customerId, type: body.type as never, data: body.data });
      }
      return ok(true);
    },
  );
};
