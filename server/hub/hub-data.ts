import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toRupees } from '../lib/money.js';
import { cartView } from '../repositories/cart-repository.js';
import type { Cart, Category, Product, ProductVariant, SpecialCategory } from '../../src/api/types.js';

type Db = Kysely<Database>;

/**
 * The fresh data the hub pushes, read from the database at the moment of the push. This
 * adapter is the hub's only view of the catalogue tables, so it can be pointed at the
 * catalogue repository without touching the hub itself. Items pushed to a whole company
 * group never carry a customer's cart quantities (cartQty is 0).
 */
export interface HubData {
  productsByIds(query: { companyId: number; branchId: number; productIds: number[] }): Promise<Product[]>;
  listProducts(query: { companyId: number; branchId: number; pageNumber: number; pageSize: number; search: string | null }): Promise<Product[]>;
  listCategories(companyId: number): Promise<Category[]>;
  listSpecialCategories(companyId: number): Promise<SpecialCategory[]>;
  offerProducts(query: { companyId: number; branchId: number; offerId: number; pageNumber: number; pageSize: number }): Promise<Product[]>;
  cart(query: { customerId: number; companyId: number; branchId: number; pageNumber: number; pageSize: number }): Promise<Cart>;
  companyExists(companyId: number): Promise<boolean>;
  branchesOf(companyId: number): Promise<number[]>;
  /** Customers whose cart in the branch holds one of the products (their cart view changed). */
  customersWithProducts(branchId: number, productIds: number[]): Promise<{ customerId: number; companyId: number }[]>;
}

async function loadProducts(db: Db, companyId: number, branchId: number, productIds: number[]): Promise<Product[]> {
  if (productIds.length === 0) return [];
  const products = await db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.name', 'p.description', 'p.image', 'p.category_id', 'c.name as category_name', 'p.unit_label', 'p.is_variant_enabled', 'p.active'])
    .where('p.company_id', '=', companyId)
    .where('p.id', 'in', productIds)
    .execute();
  const stock = await db
    .selectFrom('branch_stock as s')
    .leftJoin('variants as v', (j) => j.onRef('v.id', '=', 's.variant_id').onRef('v.product_id', '=', 's.product_id'))
    .select(['s.product_id', 's.variant_id', 's.s_rate', 's.o_rate', 's.available', 's.active', 'v.name as variant_name', 'v.active as variant_active', 'v.sort_order'])
    .where('s.branch_id', '=', branchId)
    .where('s.product_id', 'in', productIds)
    .execute();
  const order = new Map(productIds.map((id, i) => [id, i]));
  return products
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((p) => {
      const rows = stock.filter((s) => s.product_id === p.id);
      const variants: ProductVariant[] = rows
        .filter((s) => s.variant_id !== 0)
        .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.variant_id - b.variant_id)
        .map((s) => ({
          variantId: s.variant_id,
          name: s.variant_name ?? '',
          active: s.active === 1 && s.variant_active === 1,
          sRate: toRupees(s.s_rate),
          oRate: s.o_rate === null ? null : toRupees(s.o_rate),
          isStockAvailable: s.active === 1 && s.available > 0,
          stockQty: Math.max(0, s.available),
          cartQty: 0,
        }));
      const variantEnabled = p.is_variant_enabled === 1;
      const base = rows.find((s) => s.variant_id === 0);
      const selected = variantEnabled ? (variants.find((v) => v.active) ?? variants[0]) : undefined;
      return {
        productId: p.id,
        name: p.name,
        description: p.description,
        image: p.image,
        categoryId: p.category_id,
        categoryName: p.category_name ?? '',
        unitLabel: p.unit_label,
        active: p.active === 1 && (variantEnabled ? variants.some((v) => v.active) : base?.active === 1),
        isVariantEnabled: variantEnabled,
        variantId: selected?.variantId ?? 0,
        variantName: selected?.name ?? '',
        variantActive: selected ? selected.active : base?.active === 1,
        isStockAvailable: selected ? selected.isStockAvailable : base?.active === 1 && (base?.available ?? 0) > 0,
        stockQty: selected ? selected.stockQty : Math.max(0, base?.available ?? 0),
        sRate: selected ? selected.sRate : toRupees(base?.s_rate ?? 0),
        oRate: selected ? selected.oRate : base?.o_rate == null ? null : toRupees(base.o_rate),
        cartQty: 0,
        variants,
      };
    });
}

/** Reads straight from the tables. */
export function createHubData(db: Db): HubData {
  return {
    productsByIds: ({ companyId, branchId, productIds }) => loadProducts(db, companyId, branchId, productIds),
    async listProducts({ companyId, branchId, pageNumber, pageSize, search }) {
      let query = db.selectFrom('products').select('id').where('company_id', '=', companyId).where('active', '=', 1);
      if (search) query = query.where('search_text', 'like', `%${search.toLowerCase()}%`);
      const ids = await query.orderBy('sort_order').orderBy('id').limit(pageSize).offset((pageNumber - 1) * pageSize).execute();
      return loadProducts(db, companyId, branchId, ids.map((r) => r.id));
    },
    async listCategories(companyId) {
      const rows = await db
        .selectFrom('categories as c')
        .select((eb) => [
          'c.id',
          'c.name',
          'c.description',
          'c.image',
          eb.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.category_id', '=', 'c.id').where('p.active', '=', 1).as('product_count'),
        ])
        .where('c.company_id', '=', companyId)
        .where('c.active', '=', 1)
        .orderBy('c.sort_order')
        .orderBy('c.id')
        .execute();
      return rows.map((c) => ({ categoryId: c.id, name: c.name, description: c.description, image: c.image, productCount: Number(c.product_count ?? 0) }));
    },
    async listSpecialCategories(companyId) {
      const rows = await db
        .selectFrom('special_categories')
        .select(['id', 'name', 'description', 'image'])
        .where('company_id', '=', companyId)
        .where('active', '=', 1)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map((s) => ({ specialCategoryId: s.id, name: s.name, description: s.description, image: s.image }));
    },
    async offerProducts({ companyId, branchId, offerId, pageNumber, pageSize }) {
      const ids = await db
        .selectFrom('offer_products as op')
        .innerJoin('offers as o', 'o.id', 'op.offer_id')
        .innerJoin('products as p', 'p.id', 'op.product_id')
        .select('op.product_id')
        .where('o.id', '=', offerId)
        .where('o.company_id', '=', companyId)
        .orderBy('p.sort_order')
        .orderBy('p.id')
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .execute();
      return loadProducts(db, companyId, branchId, ids.map((r) => r.product_id));
    },
    cart: (query) => cartView(db, query) as Promise<Cart>,
    async companyExists(companyId) {
      return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
    },
    async branchesOf(companyId) {
      const rows = await db.selectFrom('branches').select('id').where('company_id', '=', companyId).where('active', '=', 1).orderBy('id').execute();
      return rows.map((r) => r.id);
    },
    async customersWithProducts(branchId, productIds) {
      if (productIds.length === 0) return [];
      return db
        .selectFrom('cart_items')
        .select(['customer_id as customerId', 'company_id as companyId'])
        .distinct()
        .where('branch_id', '=', branchId)
        .where('product_id', 'in', productIds)
        .limit(1000)
        .execute();
    },
  };
}
