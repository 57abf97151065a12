import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of the customer's profile, wallet and loyalty ledger (PascalCase as the spec names
 * them, amounts in rupees). The server validates and documents with them; the browser imports
 * their `Static` types only.
 */

export const WalletLineSchema = Type.Object({
  Id: Type.Integer(),
  OrderId: Type.Union([Type.Integer(), Type.Null()]),
  OrderNo: Type.Union([Type.String(), Type.Null()]),
  Amount: Type.Number({ description: 'Signed rupees: credits positive, debits negative' }),
  Reason: Type.String(),
  BalanceAfter: Type.Number(),
  CreatedAt: Type.String(),
});

export const LoyaltyLineSchema = Type.Object({
  Id: Type.Integer(),
  OrderId: Type.Union([Type.Integer(), Type.Null()]),
  OrderNo: Type.Union([Type.String(), Type.Null()]),
  Points: Type.Integer({ description: 'Signed points' }),
  Amount: Type.Number({ description: "The points' value in rupees, signed" }),
  Reason: Type.String(),
  BalanceAfter: Type.Integer(),
  CreatedAt: Type.String(),
});

/** GET Customer/info/{customerId}: profile, wallet and loyalty points with their history, newest first. */
export const CustomerInfoSchema = Type.Object({
  CustomerId: Type.Integer(),
  Name: Type.String(),
  MobileNo: Type.String(),
  Email: Type.String(),
  WalletBalance: Type.Number(),
  LoyaltyPoints: Type.Integer(),
  LoyaltyValue: Type.Number(),
  WalletHistory: Type.Array(WalletLineSchema),
  LoyaltyHistory: Type.Array(LoyaltyLineSchema),
});

/** PUT Customer/{customerId}: the profile's new name and email (lengths only stop abuse; the server checks the real rules). */
export const ProfileChangeSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    email: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);

export type WalletLine = Static<typeof WalletLineSchema>;
export type LoyaltyLine = Static<typeof LoyaltyLineSchema>;
export type CustomerInfo = Static<typeof CustomerInfoSchema>;
export type ProfileChange = Static<typeof ProfileChangeSchema>;
