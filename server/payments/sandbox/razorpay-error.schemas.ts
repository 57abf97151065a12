import { Type } from '@sinclair/typebox';

/** Razorpay's error body, which the sandbox's API and its checkout window both answer with. */
export const RazorpayErrorSchema = Type.Object({
  error: Type.Object({
    code: Type.String(),
    description: Type.String(),
    source: Type.String(),
    step: Type.String(),
    reason: Type.String(),
    metadata: Type.Object({}, { additionalProperties: true }),
    field: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
});
