import { Type, type Static } from '@sinclair/typebox';

/**
 * "Notify me" for a product or variant that is out of stock (docs/api-catalogue.md). The server
 * validates and documents with these schemas; the browser imports their `Static` types only.
 */

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });

/** How many notices one customer may have waiting at once. */
export const STOCK_NOTICE_LIMIT = 20;

export const StockNoticeInputSchema = Type.Object(
  {
    BranchId: Id('Branch the customer shops from'),
    ProductId: Id('Product id'),
    VariantId: Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Variant id; 0 for a product without variants' }),
  },
  { additionalProperties: false },
);
export type StockNoticeInput = Static<typeof StockNoticeInputSchema>;

/** A waiting notice of the caller. */
export const StockNoticeSchema = Type.Object({
  NoticeId: Type.Integer(),
  BranchId: Type.Integer(),
  ProductId: Type.Integer(),
  VariantId: Type.Integer(),
  Status: Type.Literal('WAITING'),
  CreatedAt: Type.String({ description: 'When the customer asked, ISO-8601 UTC' }),
});
export type StockNotice = Static<typeof StockNoticeSchema>;

/** What the customer is told, by text message and live, when a line they asked about is back. */
export function backInStockMessage(name: string): string {
  return `${name} is back in stock`;
}
