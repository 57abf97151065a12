import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AddressTable } from '../db/customer-tables.js';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { ADDRESS_LIMITS, cleanAddress, validateAddress } from '../../contract/address.rules.js';
import { AddressInputSchema, AddressSchema, type Address, type AddressInput } from '../../contract/address.schemas.js';

type Db = Kysely<Database> | Transaction<Database>;

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Address id' }) });

export function toAddressWire(row: Selectable<AddressTable>): Address {
  return {
    AddressId: row.id,
    Name: row.name,
    Phone: row.phone,
    House: row.house,
    Street: row.street,
    Landmark: row.landmark,
    City: row.city,
    State: row.state,
    Pincode: row.pincode,
    IsDefault: row.is_default === 1,
    Latitude: row.latitude,
    Longitude: row.longitude,
  };
}

function checked(body: AddressInput): AddressInput {
  const errors = validateAddress(body);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first);
  return cleanAddress(body);
}

function columns(address: AddressInput) {
  return {
    name: address.Name,
    phone: address.Phone,
    house: address.House,
    street: address.Street,
    landmark: address.Landmark ?? '',
    city: address.City,
    state: address.State,
    pincode: address.Pincode,
    latitude: address.Latitude ?? null,
    longitude: address.Longitude ?? null,
  };
}

async function listOf(db: Db, customerId: number): Promise<Address[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toAddressWire);
}

/** Reads an address of the caller; another customer's address is simply not found. */
async function ownAddress(db: Db, customerId: number, id: number): Promise<Selectable<AddressTable>> {
  const row = await db.selectFrom('addresses').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound('That address was not found.');
  return row;
}

/** Exactly one default per customer: the chosen one, every other cleared. */
async function makeDefault(db: Db, customerId: number, id: number): Promise<void> {
  const now = nowIso();
  await db.updateTable('addresses').set({ is_default: 0, updated_at: now }).where('customer_id', '=', customerId).where('id', '!=', id).where('is_default', '=', 1).execute();
  await db.updateTable('addresses').set({ is_default: 1, updated_at: now }).where('id', '=', id).execute();
}

const AddressListResponse = EnvelopeSchema(Type.Array(AddressSchema));

/** Saved shipping addresses of the logged-in customer (spec sections 5 and 7). */
export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireCustomer);
  const security = [{ bearer: [] }];

  app.get(
    '/Address/customer',
    { schema: { tags: ['Address'], summary: 'The caller’s saved addresses, default first', security, response: { 200: AddressListResponse, ...errorResponses } } },
    async (request) => ok(await listOf(app.db, principalOf(request).customerId)),
  );

  app.post(
    '/Address',
    {
      schema: {
        tags: ['Address'],
        summary: 'Adds an address; the first one becomes the default',
        security,
        body: AddressInputSchema,
        response: { 200: EnvelopeSchema(AddressSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const address = checked(request.body);
      const created = await app.db.transaction().execute(async (trx) => {
        const count = await trx.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
        const existing = Number(count.n);
        if (existing >= ADDRESS_LIMITS.perCustomer) {
          throw badRequest(`You can keep at most ${ADDRESS_LIMITS.perCustomer} addresses. Delete one you no longer use first.`);
        }
        const now = nowIso();
        const row = await trx
          .insertInto('addresses')
          .values({ customer_id: customerId, ...columns(address), is_default: 0, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (existing === 0 || address.IsDefault) await makeDefault(trx, customerId, row.id);
        return ownAddress(trx, customerId, row.id);
      });
      return ok(toAddressWire(created), 'Address saved');
    },
  );

  app.put(
    '/Address/:id',
    {
      schema: {
        tags: ['Address'],
        summary: 'Changes an address of the caller; IsDefault true makes it the default',
        security,
        params: IdParams,
        body: AddressInputSchema,
        response: { 200: EnvelopeSchema(AddressSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const address = checked(request.body);
      const updated = await app.db.transaction().execute(async (trx) => {
        await ownAddress(trx, customerId, request.params.id);
        await trx.updateTable('addresses').set({ ...columns(address), updated_at: nowIso() }).where('id', '=', request.params.id).execute();
        // Clearing IsDefault is ignored: a customer always has one default, changed by choosing another.
        if (address.IsDefault) await makeDefault(trx, customerId, request.params.id);
        return ownAddress(trx, customerId, request.params.id);
      });
      return ok(toAddressWire(updated), 'Address updated');
    },
  );

  app.delete(
    '/Address/:id',
    {
      schema: {
        tags: ['Address'],
        summary: 'Deletes an address of the caller; deleting the default promotes the oldest remaining one',
        security,
        params: IdParams,
        response: { 200: AddressListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const list = await app.db.transaction().execute(async (trx) => {
        const row = await ownAddress(trx, customerId, request.params.id);
        await trx.deleteFrom('addresses').where('id', '=', row.id).execute();
        if (row.is_default === 1) {
          const next = await trx.selectFrom('addresses').select('id').where('customer_id', '=', customerId).orderBy('id', 'asc').executeTakeFirst();
          if (next) await makeDefault(trx, customerId, next.id);
        }
        return listOf(trx, customerId);
      });
      return ok(list, 'Address deleted');
    },
  );
};
