import type { FastifyReply } from 'fastify';
import { ok, page, type Envelope } from '../lib/envelope.js';
import { withCartQuantities, type ProductPage } from '../repositories/product-rows.js';
import { ProductSchema, type Product } from '../../contract/catalogue.schemas.js';

/**
 * A product's JSON cut where its cart quantities go: `parts` around each `"cartQty":` value,
 * `lines[i]` the variant whose quantity follows `parts[i]` (the product's own field is its
 * selected variant's; 0 for a product without variants).
 */
export interface CartQtyTemplate {
  parts: Buffer[];
  lines: number[];
}

/**
 * A page of products every caller shares (app.keptPages, decision 025), with each product's JSON
 * and its cart-quantity template made once, when a signed-in customer first needs them.
 */
export interface SharedPage extends ProductPage {
  serialized?: Buffer[];
  /** By product: its template, null where it has none (serialized for each customer), undefined until first needed. */
  templates?: (CartQtyTemplate | null | undefined)[];
}

/** A shared page and, for a signed-in customer, their cart quantities of its products (null for a visitor). */
export interface CallerPage {
  shared: SharedPage;
  cart: ReadonlyMap<string, number> | null;
}

type Serialize = (product: Product) => string;

const HEAD = Buffer.from('{"Success":true,"Message":"","Data":');
const LIST_HEAD = Buffer.from('{"Success":true,"Message":"","Data":[');
const COMMA = Buffer.from(',');
const TAIL = Buffer.from('}');
const CART_QTY_KEY = Buffer.from('"cartQty":');
/** Marks the product's field as slot 0 and its variants' as 1, 2, …, to find them in the JSON. */
const MARK_BASE = 1_000_000_000;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const SMALL_QUANTITIES = Array.from({ length: 100 }, (_, qty) => Buffer.from(String(qty)));

const quantityBytes = (qty: number): Buffer => SMALL_QUANTITIES[qty] ?? Buffer.from(String(qty));

/**
 * The product's JSON, as `serialize` writes it, cut around its cart quantities. It serializes
 * the product once with each cartQty set to a mark of its own and finds every `"cartQty":` key: a
 * quote inside a JSON string is escaped, so only keys match. Null when the marks found are not
 * exactly one for each quantity, for the caller to serialize such a product itself.
 */
export function cartQtyTemplate(serialize: Serialize, product: Product): CartQtyTemplate | null {
  const slotLines = [product.variantId, ...product.variants.map((v) => v.variantId)];
  const marked: Product = { ...product, cartQty: MARK_BASE, variants: product.variants.map((v, i) => ({ ...v, cartQty: MARK_BASE + i + 1 })) };
  const bytes = Buffer.from(serialize(marked));
  const parts: Buffer[] = [];
  const lines: number[] = [];
  const found = new Set<number>();
  let from = 0;
  for (let at = bytes.indexOf(CART_QTY_KEY); at !== -1; at = bytes.indexOf(CART_QTY_KEY, at + 1)) {
    const start = at + CART_QTY_KEY.length;
    let end = start;
    while (end < bytes.length && (bytes[end] as number) >= DIGIT_0 && (bytes[end] as number) <= DIGIT_9) end += 1;
    const slot = Number(bytes.toString('latin1', start, end)) - MARK_BASE;
    if (end === start || !Number.isInteger(slot) || slot < 0 || slot >= slotLines.length || found.has(slot)) return null;
    found.add(slot);
    parts.push(bytes.subarray(from, start));
    lines.push(slotLines[slot] as number);
    from = end;
  }
  if (found.size !== slotLines.length) return null;
  parts.push(bytes.subarray(from));
  return { parts, lines };
}

/** Appends the template's JSON with the customer's quantities to `out`, as parts to concatenate. */
export function fillCartQtys(template: CartQtyTemplate, qtyOf: (variantId: number) => number, out: Buffer[] = []): Buffer[] {
  const { parts, lines } = template;
  for (let i = 0; i < lines.length; i += 1) out.push(parts[i] as Buffer, quantityBytes(qtyOf(lines[i] as number)));
  out.push(parts[lines.length] as Buffer);
  return out;
}

/**
 * Appends the page's products as the customer sees them to `out`, as the route's own product
 * schema serializes them, each after `separator` but the first: a product with none of its lines
 * in their cart is the shared page's bytes; the others are their template filled with the
 * customer's quantities.
 */
function pushCustomerProducts(reply: FastifyReply, shared: SharedPage, cart: ReadonlyMap<string, number>, out: Buffer[], separator: Buffer): void {
  const serialize = reply.compileSerializationSchema(ProductSchema) as Serialize;
  const serialized = (shared.serialized ??= shared.items.map((product) => Buffer.from(serialize(product))));
  const templates = (shared.templates ??= shared.items.map(() => undefined));
  for (const [i, product] of shared.items.entries()) {
    if (i > 0) out.push(separator);
    const qtyOf = (variantId: number): number => cart.get(`${product.productId}:${variantId}`) ?? 0;
    const inCart = qtyOf(product.variantId) > 0 || product.variants.some((v) => qtyOf(v.variantId) > 0);
    if (!inCart) {
      out.push(serialized[i] as Buffer);
      continue;
    }
    if (templates[i] === undefined) templates[i] = cartQtyTemplate(serialize, product);
    const template = templates[i];
    if (template) fillCartQtys(template, qtyOf, out);
    else out.push(Buffer.from(serialize(withCartQuantities([product], cart)[0] ?? product)));
  }
}

/** Sends the serialized envelope; the route's handler returns the reply it was sent on. */
function json(reply: FastifyReply, parts: Buffer[]): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(Buffer.concat(parts));
}

/**
 * The list envelope for the caller: a visitor's as objects (the route serializes it and the
 * catalogue cache keeps the bytes), a customer's already serialized, never kept.
 */
export function answerList(reply: FastifyReply, { shared, cart }: CallerPage): Envelope<Product[]> | FastifyReply {
  if (cart === null) return page(shared.items, shared.totalCount);
  const parts = [LIST_HEAD];
  pushCustomerProducts(reply, shared, cart, parts, COMMA);
  parts.push(Buffer.from(`],"TotalCount":${shared.totalCount}}`));
  return json(reply, parts);
}

/** The one-product envelope (a detail) for the caller, as answerList; the page must be that one product. */
export function answerProduct(reply: FastifyReply, { shared, cart }: CallerPage): Envelope<Product> | FastifyReply {
  const [product, ...others] = shared.items;
  if (!product || others.length > 0) throw new Error('a product answer needs a page of its one product');
  if (cart === null) return ok(product);
  const parts = [HEAD];
  pushCustomerProducts(reply, shared, cart, parts, COMMA);
  parts.push(TAIL);
  return json(reply, parts);
}
