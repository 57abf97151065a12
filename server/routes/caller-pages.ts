import type { FastifyReply } from 'fastify';
import { ok, page, type Envelope } from '../lib/envelope.js';
import { withCartQuantities, type ProductPage } from '../repositories/product-rows.js';
import { ProductSchema, type Product } from '../../contract/catalogue.schemas.js';

/**
 * A page of products every caller shares (app.keptPages, decision 025), with its products
 * serialized once, when a signed-in customer first needs them.
 */
export interface SharedPage extends ProductPage {
  serialized?: Buffer[];
}

/** A shared page and, for a signed-in customer, their cart quantities of its products (null for a visitor). */
export interface CallerPage {
  shared: SharedPage;
  cart: ReadonlyMap<string, number> | null;
}

const HEAD = Buffer.from('{"Success":true,"Message":"","Data":');
const LIST_HEAD = Buffer.from('{"Success":true,"Message":"","Data":[');
const COMMA = Buffer.from(',');

/**
 * The page's products as the customer sees them, serialized by the route's own product schema:
 * a product with none of its lines in their cart is the shared page's bytes, the others are
 * serialized for them.
 */
function customerProducts(reply: FastifyReply, shared: SharedPage, cart: ReadonlyMap<string, number>): Buffer[] {
  const serialize = reply.compileSerializationSchema(ProductSchema) as (product: Product) => string;
  const serialized = (shared.serialized ??= shared.items.map((product) => Buffer.from(serialize(product))));
  const theirs = withCartQuantities(shared.items, cart);
  return theirs.map((product, i) => (product === shared.items[i] ? (serialized[i] as Buffer) : Buffer.from(serialize(product))));
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
  const products = customerProducts(reply, shared, cart);
  return json(reply, [LIST_HEAD, ...products.flatMap((p, i) => (i === 0 ? [p] : [COMMA, p])), Buffer.from(`],"TotalCount":${shared.totalCount}}`)]);
}

/** The one-product envelope (a detail) for the caller, as answerList; the page must hold the product. */
export function answerProduct(reply: FastifyReply, { shared, cart }: CallerPage): Envelope<Product> | FastifyReply {
  const [product] = shared.items;
  if (!product) throw new Error('a product answer needs its product');
  if (cart === null) return ok(product);
  const [bytes] = customerProducts(reply, shared, cart);
  return json(reply, [HEAD, bytes as Buffer, Buffer.from('}')]);
}
