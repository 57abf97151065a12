import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { SqlDialect } from '../database.js';
import { topUpDeliverySlots } from '../../services/delivery-slots.js';
import { CATEGORIES, CATEGORY_TAX, imagePath } from './catalogue-data.js';
import { catalogueRows } from './catalogue-rows.js';
import { FAQS, OFFERS, PAGES, RETURN_REASONS, SETTINGS, SPECIAL_CATEGORIES, coupons } from './shop-data.js';
import { rebuildSearchIndex } from '../../repositories/search-index-repository.js';
import { addDemoSearchAliases } from './search-aliases.js';
import { DELIVERY_CHARGE_SETTING } from '../../../contract/settings.keys.js';
import { DEMO_PINCODES } from './pincode-data.js';

/** Demo ids other code and tests rely on. */
export const DEMO = {
  companyId: 1,
  branches: { fortKochi: 1, kakkanad: 2 },
  otherCompanyId: 2,
  otherBranchId: 3,
  otherCategoryId: 101,
  otherProductIds: [1001, 1002, 1003],
} as const;

const DAY = 24 * 3600 * 1000;

async function insertChunked<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) {
    // Kysely's generic insert types cannot follow a table name held in a type parameter.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 400) as never)
      .execute();
  }
}

async function seedCompanyOne(trx: Transaction<Database>, nowMs: number): Promise<void> {
  const now = new Date(nowMs).toISOString();
  await trx
    .insertInto('branches')
    .values([
      { id: 1, company_id: 1, name: 'Fort Kochi', address: '12/410 Beach Road, Fort Kochi, Kerala 682001', phone: '+91 484 400 1234', active: 1 },
      { id: 2, company_id: 1, name: 'Kakkanad', address: 'Infopark Road, Kakkanad, Kerala 682030', phone: '+91 484 400 5678', active: 1 },
    ])
    .execute();
  await trx
    .insertInto('settings')
    .values(SETTINGS.map((s) => ({ company_id: 1, ...s })))
    .execute();
  await trx
    .insertInto('company_pages')
    .values(PAGES.map((p) => ({ company_id: 1, ...p })))
    .execute();
  await trx
    .insertInto('faqs')
    .values(FAQS.map(([question, answer], i) => ({ company_id: 1, question, answer, sort_order: i, active: 1 })))
    .execute();
  await trx
    .insertInto('return_reasons')
    .values(RETURN_REASONS.map(([type, reason], i) => ({ company_id: 1, type, reason, sort_order: i })))
    .execute();
  await trx
    .insertInto('coupons')
    .values(coupons(nowMs).map((c) => ({ company_id: 1, ...c })))
    .execute();
  await trx
    .insertInto('categories')
    .values(
      CATEGORIES.map((c, i) => ({
        id: c.id,
        company_id: 1,
        name: c.name,
        description: c.description,
        image: imagePath.category(c.key),
        sort_order: i,
        active: 1,
        hsn_code: CATEGORY_TAX[c.key].hsn,
        gst_rate_bp: CATEGORY_TAX[c.key].gstRateBp,
      })),
    )
    .execute();

  const rows = catalogueRows(DEMO.companyId, now);
  await insertChunked(trx, 'products', rows.products);
  await insertChunked(trx, 'variants', rows.variants);
  await insertChunked(trx, 'branch_stock', rows.stock);

  const idOf = (key: string): number => {
    const id = rows.productIdByKey.get(key);
    if (id === undefined) throw new Error(`unknown product ${key}`);
    return id;
  };
  await trx
    .insertInto('special_categories')
    .values(
      SPECIAL_CATEGORIES.map((s, i) => ({
        id: s.id,
        company_id: 1,
        name: s.name,
        description: s.description,
        image: imagePath.special(s.id),
        sort_order: i,
        active: s.active,
      })),
    )
    .execute();
  await insertChunked(
    trx,
    'special_category_products',
    SPECIAL_CATEGORIES.flatMap((s) => s.products.map((key, i) => ({ special_category_id: s.id, product_id: idOf(key), sort_order: i }))),
  );

  const categoryIdOf = new Map(CATEGORIES.map((c) => [c.key as string, c.id]));
  await trx
    .insertInto('offers')
    .values(
      OFFERS.map((o, i) => ({
        id: o.id,
        company_id: 1,
        branch_id: o.branchId,
        title: o.title,
        description: o.description,
        image: imagePath.offer(o.id),
        badge: o.badge,
        category_id: o.categoryKey ? (categoryIdOf.get(o.categoryKey) ?? null) : null,
        active: o.active,
        starts_at: new Date(nowMs + o.startsInDays * DAY).toISOString(),
        ends_at: new Date(nowMs + o.endsInDays * DAY).toISOString(),
        sort_order: i,
      })),
    )
    .execute();
  await insertChunked(
    trx,
    'offer_products',
    OFFERS.flatMap((o) => o.products.map((key) => ({ offer_id: o.id, product_id: idOf(key) }))),
  );
}

/** A second, small shop, so tests can show that one company never sees another's records. */
async function seedCompanyTwo(trx: Transaction<Database>, now: string): Promise<void> {
  await trx
    .insertInto('companies')
    .values({
      id: DEMO.otherCompanyId,
      name: 'Harbour Fresh Mangaluru',
      display_name: 'Harbour Fresh',
      currency_symbol: '₹',
      currency_code: 'INR',
      decimal_value: 2,
      phone: '+91 824 222 0101',
      email: 'hello@harbourfresh.example',
      address: 'Old Port Road, Bunder, Mangaluru 575001',
      about: 'Fresh fish from Mangaluru harbour.',
      theme_color: '#00695C',
      logo: imagePath.logo,
      return_window_hours: 24,
      created_at: now,
    })
    .execute();
  await trx
    .insertInto('branches')
    .values({ id: DEMO.otherBranchId, company_id: 2, name: 'Bunder', address: 'Old Port Road, Mangaluru', phone: '+91 824 222 0101', active: 1 })
    .execute();
  await trx
    .insertInto('settings')
    .values(SETTINGS.slice(0, 2).map((s) => ({ company_id: 2, ...s, value: s.key_code === DELIVERY_CHARGE_SETTING ? '39' : '799' })))
    .execute();
  await trx
    .insertInto('faqs')
    .values({ company_id: 2, question: 'When do you deliver?', answer: 'Every morning from 7 to 11.', sort_order: 0, active: 1 })
    .execute();
  await trx
    .insertInto('categories')
    .values({
      id: DEMO.otherCategoryId,
      company_id: 2,
      name: 'Sea Fish',
      description: 'From Mangaluru harbour',
      image: imagePath.category('sea'),
      sort_order: 0,
      active: 1,
      hsn_code: CATEGORY_TAX.sea.hsn,
      gst_rate_bp: CATEGORY_TAX.sea.gstRateBp,
    })
    .execute();
  const items = [
    { id: 1001, name: 'Mackerel – Bangude', key: 'mackerel', price: 240 },
    { id: 1002, name: 'Pomfret – Manji', key: 'white-pomfret', price: 690 },
    { id: 1003, name: 'Indian Salmon – Rawas', key: 'indian-salmon', price: 820 },
  ];
  await trx
    .insertInto('products')
    .values(
      items.map((p, i) => ({
        id: p.id,
        company_id: 2,
        category_id: DEMO.otherCategoryId,
        name: p.name,
        description: 'Cleaned and cut, 500 g.',
        image: imagePath.product(p.key),
        unit_label: '500 g',
        is_variant_enabled: 0,
        active: 1,
        search_text: `${p.name} sea fish cleaned and cut, 500 g.`.toLowerCase(),
        sort_order: i,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await trx
    .insertInto('branch_stock')
    .values(
      items.map((p) => ({
        branch_id: DEMO.otherBranchId,
        product_id: p.id,
        variant_id: 0,
        s_rate: p.price * 100,
        o_rate: null,
        available: 25,
        reserved: 0,
        sold: 0,
        active: 1,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * Seeds the demo shop once: company 1 (two branches, full catalogue) and a small company 2.
 * Idempotent: a database that already has company 1 is left as it is. All rows go in one
 * transaction, so a crash part-way leaves nothing half-seeded.
 */
export async function seedDemoShop(db: Kysely<Database>, _dialect: SqlDialect): Promise<void> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const seeded = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('companies')
      .values({
        id: 1,
        name: 'Shoal Fresh Fish & Grocery',
        display_name: 'Shoal Fresh',
        currency_symbol: '₹',
        currency_code: 'INR',
        decimal_value: 2,
        phone: '+91 484 400 1234',
        email: 'care@shoal.example',
        address: '12/410 Beach Road, Fort Kochi, Kerala 682001',
        about: 'Fresh catch from the Kerala coast, cleaned and cut to order. Two shops in Kochi: Fort Kochi and Kakkanad.',
        theme_color: '#1565C0',
        logo: imagePath.logo,
        return_window_hours: 48,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    // Another instance sharing the database got there first.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await seedCompanyOne(trx, nowMs);
    await seedCompanyTwo(trx, now);
    await insertChunked(
      trx,
      'branch_pincodes',
      DEMO_PINCODES.flatMap((seed) => seed.pinCodes.map((pin_code) => ({ company_id: seed.companyId, pin_code, branch_id: seed.branchId }))),
    );
    await addDemoSearchAliases(trx);
    await rebuildSearchIndex(trx);
    return true;
  });
  if (!seeded) return;
  for (const [companyId, branchId] of [
    [1, 1],
    [1, 2],
    [2, DEMO.otherBranchId],
  ] as const) {
    await topUpDeliverySlots(db, { companyId, branchId, now: new Date(nowMs) });
  }
}
