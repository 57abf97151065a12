import type { App } from '../../server/app.js';

/**
 * A small catalogue of its own for the cart tests, in ids far from the demo seed's, so the
 * tests do not depend on what the demo shop sells.
 */
export const F = {
  branch: 901,
  otherCompany: 902,
  otherBranch: 902,
  /** No variants, ₹500 with an offer at ₹450, 50 in stock. */
  seer: 9001,
  /** Variants: 90021 active (10 in stock, ₹300), 90022 inactive, 90023 active but sold out. */
  prawns: 9002,
  prawnsHalfKg: 90021,
  prawnsInactive: 90022,
  prawnsSoldOut: 90023,
  /** Inactive product with stock. */
  retired: 9003,
  /** No variants, ₹100, only 5 in stock. */
  crab: 9004,
  /** Stock row switched off in this branch. */
  squid: 9005,
} as const;

export async function seedCartFixtures(app: App): Promise<void> {
  const now = new Date().toISOString();
  await app.db
    .insertInto('companies')
    .values({
      id: F.otherCompany,
      name: 'Other Shop',
      display_name: 'Other',
      currency_symbol: '₹',
      currency_code: 'INR',
      decimal_value: 2,
      phone: '',
      email: '',
      address: '',
      about: '',
      theme_color: '#000000',
      logo: '',
      return_window_hours: 48,
      created_at: now,
    })
    .execute();
  await app.db
    .insertInto('branches')
    .values([
      { id: F.branch, company_id: 1, name: 'Test branch', address: '', phone: '', active: 1 },
      { id: F.otherBranch, company_id: F.otherCompany, name: 'Other branch', address: '', phone: '', active: 1 },
    ])
    .execute();
  await app.db.insertInto('categories').values({ id: 901, company_id: 1, name: 'Test fish', description: '', image: '', sort_order: 1, active: 1 }).execute();
  const product = (id: number, name: string, variants: boolean, active = 1) => ({
    id,
    company_id: 1,
    category_id: 901,
    name,
    description: `${name} from the test catch`,
    image: `/images/test/${id}.jpg`,
    unit_label: '500 g',
    is_variant_enabled: variants ? 1 : 0,
    active,
    search_text: name.toLowerCase(),
    sort_order: id,
    created_at: now,
    updated_at: now,
  });
  await app.db
    .insertInto('products')
    .values([
      product(F.seer, 'Seer Fish', false),
      product(F.prawns, 'Tiger Prawns', true),
      product(F.retired, 'Retired Fish', false, 0),
      product(F.crab, 'Mud Crab', false),
      product(F.squid, 'Squid', false),
    ])
    .execute();
  await app.db
    .insertInto('variants')
    .values([
      { id: F.prawnsHalfKg, product_id: F.prawns, name: '500 g', active: 1, sort_order: 1 },
      { id: F.prawnsInactive, product_id: F.prawns, name: '1 kg', active: 0, sort_order: 2 },
      { id: F.prawnsSoldOut, product_id: F.prawns, name: '2 kg', active: 1, sort_order: 3 },
    ])
    .execute();
  const stock = (product_id: number, variant_id: number, s_rate: number, o_rate: number | null, available: number, active = 1) => ({
    branch_id: F.branch,
    product_id,
    variant_id,
    s_rate,
    o_rate,
    available,
    reserved: 0,
    sold: 0,
    active,
    updated_at: now,
  });
  await app.db
    .insertInto('branch_stock')
    .values([
      stock(F.seer, 0, 50000, 45000, 50),
      stock(F.prawns, F.prawnsHalfKg, 30000, null, 10),
      stock(F.prawns, F.prawnsInactive, 55000, null, 10),
      stock(F.prawns, F.prawnsSoldOut, 100000, null, 0),
      stock(F.retired, 0, 20000, null, 10),
      stock(F.crab, 0, 10000, null, 5),
      stock(F.squid, 0, 25000, null, 10, 0),
    ])
    .execute();
}

/** A line of the answered cart, by product and variant. */
export function lineOf<T extends { productId: number; variantId: number }>(lines: T[], productId: number, variantId = 0): T | undefined {
  return lines.find((l) => l.productId === productId && l.variantId === variantId);
}
