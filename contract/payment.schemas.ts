import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of the payment provider's configuration, its checkout window's confirmation and
 * the payment's fate (PascalCase as the spec names them; the provider's own fields as it names
 * them). The server validates and documents with them; the browser imports their `Static` types only.
 */

/** GET Payment/config: the payment provider the server uses; never carries secrets. */
export const PaymentConfigSchema = Type.Object({
  Provider: Type.Union([Type.Literal('sandbox'), Type.Literal('razorpay')]),
  KeyId: Type.String(),
  CheckoutScriptUrl: Type.String(),
});

/** POST Order/payment/verify: what the provider's checkout window hands to its success handler. */
export const ProviderPaymentResponseSchema = Type.Object({
  razorpay_order_id: Type.String({ minLength: 1, maxLength: 60 }),
  razorpay_payment_id: Type.String({ minLength: 1, maxLength: 60 }),
  razorpay_signature: Type.String({ minLength: 1, maxLength: 200 }),
});

export const PaymentStatusSchema = Type.Union([Type.Literal('CAPTURED'), Type.Literal('FAILED'), Type.Literal('PENDING')]);

/** The payment's fate, as the verify callback and the status poll (GET Order/status/checkPayment) both answer it. */
export const PaymentVerificationSchema = Type.Object({
  Status: PaymentStatusSchema,
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  TransactionNo: Type.String({ description: "The provider's payment id, when there is one" }),
  AwaitingApproval: Type.Optional(
    Type.Object(
      { Method: Type.Literal('upi'), SecondsLeft: Type.Integer({ minimum: 1, description: 'What is left of the request’s life, as the server counts it' }) },
      { description: 'A PENDING payment waiting for the customer to approve it in their UPI app' },
    ),
  ),
});

export type PaymentConfig = Static<typeof PaymentConfigSchema>;
export type ProviderPaymentResponse = Static<typeof ProviderPaymentResponseSchema>;
export type PaymentStatus = Static<typeof PaymentStatusSchema>;
export type PaymentVerification = Static<typeof PaymentVerificationSchema>;
export type AwaitingApproval = NonNullable<PaymentVerification['AwaitingApproval']>;
/** An entry of the status poll's answer: the same record as the verify callback's. */
export type PaymentStatusRecord = PaymentVerification;
