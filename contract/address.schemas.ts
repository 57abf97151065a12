import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of saved shipping addresses (spec sections 5 and 7, PascalCase as the spec names
 * them). The server validates and documents with them; the browser imports their `Static` types
 * only. The rules an address must meet, and their messages, are in address.rules.ts.
 */

/**
 * What the address form edits and the API accepts. The lengths here only stop abuse; the real
 * limits, with the words the customer reads, are ADDRESS_LIMITS and validateAddress.
 */
export const AddressInputSchema = Type.Object(
  {
    Name: Type.String({ maxLength: 500 }),
    Phone: Type.String({ maxLength: 50 }),
    House: Type.String({ maxLength: 500 }),
    Street: Type.String({ maxLength: 500 }),
    Landmark: Type.Optional(Type.String({ maxLength: 500 })),
    City: Type.String({ maxLength: 500 }),
    State: Type.String({ maxLength: 100 }),
    Pincode: Type.String({ maxLength: 20 }),
    IsDefault: Type.Optional(Type.Boolean()),
    Latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
    Longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** A saved shipping address as the API answers it. */
export const AddressSchema = Type.Object({
  AddressId: Type.Integer(),
  Name: Type.String(),
  Phone: Type.String(),
  House: Type.String(),
  Street: Type.String(),
  Landmark: Type.String(),
  City: Type.String(),
  State: Type.String(),
  Pincode: Type.String(),
  IsDefault: Type.Boolean(),
  Latitude: Type.Union([Type.Number(), Type.Null()]),
  Longitude: Type.Union([Type.Number(), Type.Null()]),
});

export type AddressInput = Static<typeof AddressInputSchema>;
export type Address = Static<typeof AddressSchema>;
