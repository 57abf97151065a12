/**
 * Seeds a shop at chain size for `npm run bench -- --scale`: products over ten branches, ten
 * thousand customers and their orders, written with set-based SQL (a recursive series joined to
 * the rows it makes), so a million orders take seconds rather than an hour of single inserts. The
 * same statements run on SQLite and PostgreSQL. The demo shop (company 1, its categories, slots
 * and settings) stays as it is; the scale rows sit above fixed id offsets beside it.
 */
import { sql, type Kysely } from 'kysely';
import { SignJWT } from 'jose';
import type { Database } from '../../server/db/schema.js';
import type { SqlDialect } from '../../server/db/database.js';
import { BENCH_JWT_SECRET } from '../bench-customers.js';

export const SCALE_BRANCHES = 10;
export const SCALE_CATEGORIES = 20;
export const SCALE_CUSTOMERS = 10_000;
/** The customer whose order list is measured has this many orders. */
export const HEAVY_CUSTOMER_ORDERS = 1_000;

const PRODUCT_BASE = 1_000_000;
const CATEGORY_BASE = 900_000;
const BRANCH_BASE = 900;

export interface ScaleShop {
  products: number;
  orders: number;
  /** Branch ids of the scale branches. */
  branches: number[];
  categoryIds: number[];
  /** Product ids are PRODUCT_BASE + 1 … PRODUCT_BASE + products. */
  firstProductId: number;
  heavyCustomer: { customerId: number; token: string };
  /** Orders of the heavy customer, newest last. */
  heavyOrderIds: number[];
  /** An open delivery slot of the first scale branch. */
  slotId: number;
  seedSeconds: number;
}

/** `WITH RECURSIVE seq(n)` from 1 to `count`, in front of an INSERT … SELECT … FROM seq. */
function series(count: number) {
  return sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${sql.lit(count)})`;
}

/**
 * Seeds `products` products listed in every scale branch and `orders` orders, of which
 * HEAVY_CUSTOMER_ORDERS belong to one customer. Runs on an empty-of-scale-rows demo shop.
 */
export async function seedScale(db: Kysely<Database>, dialect: SqlDialect, counts: { products: number; orders: number }): Promise<ScaleShop> {
  const started = performance.now();
  const now = new Date().toISOString();
  const branches = Array.from({ length: SCALE_BRANCHES }, (_, i) => BRANCH_BASE + i + 1);
  const categoryIds = Array.from({ length: SCALE_CATEGORIES }, (_, i) => CATEGORY_BASE + i + 1);

  await db
    .insertInto('branches')
    .values(branches.map((id) => ({ id, company_id: 1, name: `Scale branch ${id}`, address: 'Kochi', phone: '0484 000 0000', active: 1 })))
    .execute();
  await db
    .insertInto('categories')
    .values(categoryIds.map((id, i) => ({ id, company_id: 1, name: `Scale category ${i + 1}`, description: '', image: '', sort_order: 100 + i, active: 1 })))
    .execute();

  // Products, in chunks of the series (ids are PRODUCT_BASE + offset + n).
  const chunk = 250_000;
  for (let from = 0; from < counts.products; from += chunk) {
    const size = Math.min(chunk, counts.products - from);
    const id = sql`(${sql.lit(PRODUCT_BASE + from)} + n)`;
    await sql`${series(size)}
      insert into products (id, company_id, category_id, name, description, image, unit_label, is_variant_enabled, active, search_text, sort_order, created_at, updated_at)
      select ${id}, 1, ${sql.lit(CATEGORY_BASE + 1)} + (${id} % ${sql.lit(SCALE_CATEGORIES)}), 'Scale fish ' || ${id}, 'Cleaned and cut to order', '/images/seer-fish.svg', '500 g', 0, 1,
             'scale fish ' || ${id} || ' cleaned and cut to order', ${id}, ${now}, ${now}
      from seq`.execute(db);
    for (const branch of branches) {
      await sql`${series(size)}
        insert into branch_stock (branch_id, product_id, variant_id, s_rate, o_rate, available, reserved, sold, active, updated_at)
        select ${sql.lit(branch)}, ${id}, 0, 20000 + (${id} % 50) * 1000, null, 1000, 0, 0, 1, ${now}
        from seq`.execute(db);
    }
  }

  // Customers: the first is the heavy one.
  const stamp = String(Date.now() % 10_000).padStart(4, '0');
  const customerBase = Number(
    (
      await db
        .selectFrom('customers')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  await sql`${series(SCALE_CUSTOMERS)}
    insert into customers (id, company_id, mobile, name, email, wallet_balance, loyalty_points, created_at, updated_at)
    select ${sql.lit(customerBase)} + n, 1, '7' || ${stamp} || (10000 + n), 'Scale customer ' || n, '', 0, 0, ${now}, ${now} from seq`.execute(db);
  if (dialect === 'postgres') await sql`select setval(pg_get_serial_sequence('customers', 'id'), (select max(id) from customers))`.execute(db);
  const heavyId = customerBase + 1;

  // The first scale branch delivers in the demo branch's slots.
  await sql`insert into delivery_slots (company_id, branch_id, slot_date, start_time, end_time, starts_at, ends_at, capacity, booked, active)
    select company_id, ${sql.lit(BRANCH_BASE + 1)}, slot_date, start_time, end_time, starts_at, ends_at, capacity, booked, active from delivery_slots where branch_id = 1`.execute(
    db,
  );

  // Days for the orders' dates: the last 365 days, one row each.
  await sql`create temporary table scale_days (k integer primary key, day text not null)`.execute(db);
  const days = Array.from({ length: 365 }, (_, k) => ({ k, day: new Date(Date.now() - (365 - k) * 86_400_000).toISOString().slice(0, 10) }));
  await sql`insert into scale_days (k, day) values ${sql.join(days.map((d) => sql`(${d.k}, ${d.day})`))}`.execute(db);

  // Orders: the heavy customer's first, then the rest spread over every scale customer.
  const orderBase = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const address = JSON.stringify({
    name: 'Scale customer',
    house: '12/345',
    street: 'Marine Drive',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682031',
    phone: '7000000000',
  });
  for (let from = 0; from < counts.orders; from += chunk) {
    const size = Math.min(chunk, counts.orders - from);
    const n = sql`(${sql.lit(from)} + n)`;
    const customer = sql`case when ${n} <= ${sql.lit(HEAVY_CUSTOMER_ORDERS)} then ${sql.lit(heavyId)} else ${sql.lit(customerBase + 2)} + (${n} % ${sql.lit(SCALE_CUSTOMERS - 1)}) end`;
    await sql`${series(size)}
      insert into orders (id, order_no, company_id, branch_id, customer_id, status, payment_method, payment_status, delivery_slot_id, slot_label, address_json, coupon_code,
                          gross_amount, discount_amount, delivery_charge, wallet_amount, loyalty_points, loyalty_amount, net_amount, refund_amount,
                          created_at, updated_at, delivered_at)
      select ${sql.lit(orderBase)} + ${n}, 'SC' || ${stamp} || '-' || ${n}, 1, ${sql.lit(BRANCH_BASE + 1)} + (${n} % ${sql.lit(SCALE_BRANCHES)}), ${customer},
             case when ${n} % 7 = 0 then 'CANCELLED' else 'DELIVERED' end, 'COD', 'NOT_REQUIRED', null, 'Today, 6-8 PM', ${address}, null,
             60000, 0, 0, 0, 0, 0, 60000, 0,
             d.day || 'T10:00:00.000Z', d.day || 'T10:00:00.000Z', d.day || 'T18:00:00.000Z'
      from seq join scale_days d on d.k = (${n} * 7) % 365`.execute(db);
    for (const line of [0, 1]) {
      const product = sql`${sql.lit(PRODUCT_BASE + 1)} + ((${n} * 13 + ${sql.lit(line * 7)}) % ${sql.lit(counts.products)})`;
      await sql`${series(size)}
        insert into order_items (order_id, product_id, variant_id, item_name, variant_name, image, qty, rate, value, list_rate)
        select ${sql.lit(orderBase)} + ${n}, ${product}, 0, 'Scale fish ' || ${product}, '', '/images/seer-fish.svg', 1, 30000, 30000, 30000
        from seq`.execute(db);
    }
  }
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`.execute(db);
    await sql`analyze`.execute(db);
  }
  await sql`drop table scale_days`.execute(db);

  const heavyOrderIds = (await db.selectFrom('orders').select('id').where('customer_id', '=', heavyId).orderBy('created_at').orderBy('id').execute()).map(
    (r) => r.id,
  );
  // The heavy customer's cart: five products in the first scale branch.
  await db
    .insertInto('cart_items')
    .values(
      [1, 2, 3, 4, 5].map((i) => ({
        customer_id: heavyId,
        company_id: 1,
        branch_id: BRANCH_BASE + 1,
        product_id: PRODUCT_BASE + i * 7,
        variant_id: 0,
        qty: 1,
        added_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const token = await new SignJWT({ cid: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(heavyId))
    .setIssuer('shoal')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 6 * 3600)
    .sign(new TextEncoder().encode(BENCH_JWT_SECRET));
  const slot = await db
    .selectFrom('delivery_slots')
    .select('id')
    .where('branch_id', '=', BRANCH_BASE + 1)
    .where('active', '=', 1)
    .where('ends_at', '>', new Date(Date.now() + 86_400_000).toISOString())
    .orderBy('starts_at')
    .executeTakeFirstOrThrow();
  return {
    slotId: slot.id,
    products: counts.products,
    orders: counts.orders,
    branches,
    categoryIds,
    firstProductId: PRODUCT_BASE + 1,
    heavyCustomer: { customerId: heavyId, token },
    heavyOrderIds,
    seedSeconds: (performance.now() - started) / 1000,
  };
}
