import { Type, type TSchema } from '@sinclair/typebox';

/** The response envelope of every API call: the result is in Data. */
export interface Envelope<T> {
  Success: boolean;
  Message: string;
  Data: T;
  TotalCount?: number;
}

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { Success: true, Message: message, Data: data };
}

export function page<T>(data: T[], totalCount: number, message = ''): Envelope<T[]> {
  return { Success: true, Message: message, Data: data, TotalCount: totalCount };
}

/** Schema of a successful envelope around `data`. */
export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({
    Success: Type.Boolean(),
    Message: Type.String(),
    Data: data,
    TotalCount: Type.Optional(Type.Integer()),
  });
}

export const ErrorSchema = Type.Object({
  Success: Type.Literal(false),
  Message: Type.String(),
  Data: Type.Null(),
  Code: Type.Optional(Type.String({ description: 'A stable name of the case, where a client acts on it (e.g. UNPAID_ORDER_WAITING)' })),
});

/** The error answers every route may give, for its response schema. */
export const errorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  429: ErrorSchema,
};
