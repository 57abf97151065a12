import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Selectable } from 'kysely';
import type { AddressTable } from '../db/customer-tables.js';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest } from '../lib/http-errors.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { addAddress, changeAddress, listAddresses, removeAddress } from '../services/address-service.js';
import { cleanAddress, validateAddress } from '../../contract/address.rules.js';
import { AddressInputSchema, AddressSchema, type Address, type AddressInput } from '../../contract/address.schemas.js';

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

const AddressListResponse = EnvelopeSchema(Type.Array(AddressSchema));

/** Saved shipping addresses of the logged-in customer (spec sections 5 and 7). */
export const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireCustomer);
  const security = [{ bearer: [] }];

  app.get(
    '/Address/customer',
    {
      schema: {
        tags: ['Address'],
        summary: 'The caller’s saved addresses, default first',
        security,
        response: { 200: AddressListResponse, ...errorResponses },
      },
    },
    async (request) => ok((await listAddresses(app.db, principalOf(request).customerId)).map(toAddressWire)),
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
      const created = await addAddress(app.db, customerId, address);
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
      const updated = await changeAddress(app.db, customerId, request.params.id, address);
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
      const list = (await removeAddress(app.db, customerId, request.params.id)).map(toAddressWire);
      return ok(list, 'Address deleted');
    },
  );
};
