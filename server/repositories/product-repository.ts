import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Single products and variants as the cart checks them and the shop's command line changes
 * them. Product lists and details for the storefront are in catalogue-repository.ts.
 */

/**
 * A product of the company as a cart line needs it, in one statement (hot: every cart change
 * reads it): the product, the asked variant when it is the product's (`variant_active` null
 * otherwise) and the branch's stock row of the line (`stock_active` null when the branch does
 * not stock it). No row for a product the company does not have.
 */
const cartLineFacts = preparedQuery((db, companyId: number, branchId: number, productId: number, variantId: number, stockVariantId: number) =>
  db
    .selectFrom('products as p')
    .leftJoin('variants as v', (join) => join.on('v.id', '=', variantId).onRef('v.product_id', '=', 'p.id'))
    .leftJoin('branch_stock as s', (join) => join.on('s.branch_id', '=', branchId).onRef('s.product_id', '=', 'p.id').on('s.variant_id', '=', stockVariantId))
    .select(['p.name', 'p.active', 'p.is_variant_enabled', 'v.active as variant_active', 's.active as stock_active', 's.available'])
    .where('p.id', '=', productId)
    .where('p.company_id', '=', companyId),
);

export function selectCartLineFacts(db: Db, companyId: number, branchId: number, productId: number, variantId: number) {
  // A prepared query takes each parameter once: the variant's id goes in twice.
  return cartLineFacts(db, companyId, branchId, productId, variantId, variantId);
}

/** A product's company, name and whether it is sold in variants; undefined for an unknown id. */
export function findProductNaming(db: Db, productId: number) {
  return db.selectFrom('products').select(['company_id', 'name', 'is_variant_enabled']).where('id', '=', productId).executeTakeFirst();
}

/** The name of a variant of the product; undefined when the variant is not the product's. */
export async function findVariantName(db: Db, productId: number, variantId: number): Promise<string | undefined> {
  return (await db.selectFrom('variants').select('name').where('id', '=', variantId).where('product_id', '=', productId).executeTakeFirst())?.name;
}

/** Whether an active offer of the company includes the product, by name or through its category. */
export async function productInActiveOffer(db: Db, companyId: number, productId: number): Promise<boolean> {
  const inOffer = await db
    .selectFrom('offers as o')
    .select('o.id')
    .where('o.company_id', '=', companyId)
    .where('o.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('o.id', 'in', eb.selectFrom('offer_products').select('offer_id').where('product_id', '=', productId)),
        eb('o.category_id', 'in', eb.selectFrom('products').select('category_id').where('id', '=', productId)),
      ]),
    )
    .executeTakeFirst();
  return inOffer !== undefined;
}

/** Offers (1) or withdraws (0) a product everywhere. */
export async function setProductActive(db: Db, productId: number, active: number, at: string): Promise<void> {
  await db.updateTable('products').set({ active, updated_at: at }).where('id', '=', productId).execute();
}

/** Offers (1) or withdraws (0) a variant everywhere. */
export async function setVariantActive(db: Db, variantId: number, active: number): Promise<void> {
  await db.updateTable('variants').set({ active }).where('id', '=', variantId).execute();
}

/**
 * Counts again the ratings of the products an order held, from the reviews of every order that
 * holds them (an order once per product), after a review of that order was saved or deleted.
 * Answers the product ids.
 */
export async function recountProductRatings(db: Kysely<Database>, orderId: number): Promise<number[]> {
  const held = await db.selectFrom('order_items').select('product_id').distinct().where('order_id', '=', orderId).execute();
  const productIds = held.map((row) => row.product_id);
  if (productIds.length === 0) return [];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_ratings').where('product_id', 'in', productIds).execute();
    await sql`
      insert into product_ratings (product_id, rating_sum, rating_count)
      select held.product_id, sum(o.rating), count(*)
      from (select distinct order_id, product_id from order_items where product_id in (${sql.join(productIds)})) held
      join orders o on o.id = held.order_id
      where o.rating is not null
      group by held.product_id`.execute(trx);
  });
  return productIds;
}

/** The weights a product (variantId 0) or one of its variants is sold by, as the shop sets them. */
export interface PackWeights {
  gross_grams: number | null;
  net_grams: number | null;
  pieces: string | null;
  serves: string | null;
}

/** Current weights of a product (variantId 0) or variant; undefined for an unknown one. */
export function findPackWeights(db: Db, productId: number, variantId: number): Promise<PackWeights | undefined> {
  return variantId === 0
    ? db.selectFrom('products').select(['gross_grams', 'net_grams', 'pieces', 'serves']).where('id', '=', productId).executeTakeFirst()
    : db
        .selectFrom('variants')
        .select(['gross_grams', 'net_grams', 'pieces', 'serves'])
        .where('id', '=', variantId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
}

/** Sets the weights of a product (variantId 0) or one of its variants. */
export async function setPackWeights(db: Db, productId: number, variantId: number, weights: PackWeights, at: string): Promise<void> {
  if (variantId === 0)
    await db
      .updateTable('products')
      .set({ ...weights, updated_at: at })
      .where('id', '=', productId)
      .execute();
  else await db.updateTable('variants').set(weights).where('id', '=', variantId).where('product_id', '=', productId).execute();
}

const selectVariantNetGrams = preparedQuery((db, variantIds: number[]) =>
  db.selectFrom('variants').select(['id', 'product_id', 'net_grams']).where('id', 'in', variantIds).where('net_grams', 'is not', null),
);
const selectProductNetGrams = preparedQuery((db, productIds: number[]) =>
  db.selectFrom('products').select(['id', 'net_grams']).where('id', 'in', productIds).where('net_grams', 'is not', null),
);

/** Net grams of one unit per `product:variant` of the lines, for those sold by weight. */
export async function unitNetGrams(db: Db, lines: { productId: number; variantId: number }[]): Promise<Map<string, number>> {
  const variantIds = [...new Set(lines.filter((l) => l.variantId !== 0).map((l) => l.variantId))];
  const productIds = [...new Set(lines.filter((l) => l.variantId === 0).map((l) => l.productId))];
  const [variants, products] = await Promise.all([
    variantIds.length ? selectVariantNetGrams(db, variantIds) : Promise.resolve([]),
    productIds.length ? selectProductNetGrams(db, productIds) : Promise.resolve([]),
  ]);
  const out = new Map<string, number>();
  for (const v of variants) if (v.net_grams !== null) out.set(`${v.product_id}:${v.id}`, v.net_grams);
  for (const p of products) if (p.net_grams !== null) out.set(`${p.id}:0`, p.net_grams);
  return out;
}

const selectTaxClasses = preparedQuery((db, productIds: number[]) =>
  db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => ['p.id', eb.fn.coalesce('p.hsn_code', 'c.hsn_code').as('hsn'), eb.fn.coalesce('p.gst_rate_bp', 'c.gst_rate_bp').as('rate')])
    .where('p.id', 'in', productIds),
);

/** Each product's HSN code and GST rate (basis points): its own when set, else its category's. */
export async function productTaxClasses(db: Db, productIds: number[]): Promise<Map<number, { hsn: string; gstRateBp: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await selectTaxClasses(db, [...new Set(productIds)]);
  return new Map(rows.map((r) => [r.id, { hsn: r.hsn, gstRateBp: Number(r.rate) }]));
}
