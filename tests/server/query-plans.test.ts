/**
 * The query plans of the shop's read paths: every statement the product list (first and deep
 * pages), a category, a product's page, the cart (and a change of one of its lines, its writes
 * included), the checkout summary, a customer's orders with their filters and an order's page
 * run, asked of the database's own planner. None may read a
 * growing table (products, their stock and variants, orders and their lines, events, payments
 * and ledgers) whole: each must find its rows through a named index or the primary key.
 * On PostgreSQL the plans are asked with sequential scans discouraged, so a plan that still
 * scans a table has no index to use. A product list reads its listing (every listed id in list
 * order) once per listing version and a page's rows by id after: the paths cover both.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/server-app.js';
import { testDialect } from '../helpers/server-app.js';
import { noteCatalogueChanged } from '../../server/repositories/catalogue-cache.js';
import { addProduct, createOrder, processOrder, putInCart, readyCustomer, startMoneyShop, type Customer } from './order-fixtures.js';

/** Tables that grow with the catalogue or with the orders. */
const GROWING = [
  'products',
  'variants',
  'branch_stock',
  'orders',
  'order_items',
  'order_events',
  'payments',
  'wallet_ledger',
  'loyalty_ledger',
  'cart_items',
  'product_ratings',
];

let recording: { sql: string; parameters: readonly unknown[] }[] | null = null;
let t: TestApp & { base: string };
let slotId: number;
let customer: Customer;
let addressId: number;
const orderIds: number[] = [];
let productId = 0;
let categoryId = 0;

beforeAll(async () => {
  ({ t, slotId } = await startMoneyShop({ onQuery: (q) => recording?.push(q) }));
  // A catalogue of a few thousand products in one category, listed in branch 1.
  const first = await addProduct(t.app, { sRate: 300, stock: 50 });
  productId = first.productId;
  const row = await t.app.db.selectFrom('products').select('category_id').where('id', '=', productId).executeTakeFirstOrThrow();
  categoryId = row.category_id;
  const now = new Date().toISOString();
  const base = productId + 1;
  for (let chunk = 0; chunk < 3000; chunk += 500) {
    const ids = Array.from({ length: 500 }, (_, i) => base + chunk + i);
    await t.app.db
      .insertInto('products')
      .values(
        ids.map((id) => ({
          id,
          company_id: 1,
          category_id: categoryId,
          name: `Bulk fish ${id}`,
          description: '',
          image: '/images/test.jpg',
          unit_label: '500 g',
          is_variant_enabled: 0,
          active: 1,
          search_text: `bulk fish ${id}`,
          sort_order: id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await t.app.db
      .insertInto('branch_stock')
      .values(
        ids.map((id) => ({
          branch_id: 1,
          product_id: id,
          variant_id: 0,
          s_rate: 30_000,
          o_rate: null,
          available: 20,
          reserved: 0,
          sold: 0,
          active: 1,
          updated_at: now,
        })),
      )
      .execute();
  }
  // A customer with a few orders, and the product in the cart again.
  const ready = await readyCustomer(t.app, { product: first, qty: 1, slotId });
  customer = ready.customer;
  addressId = ready.addressId;
  for (let i = 0; i < 5; i += 1) {
    if (i > 0) await putInCart(t.app, customer, first, 1);
    const created = await createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'COD' });
    const orderId = created.json().Data.OrderId as number;
    await processOrder(t.app, customer, orderId);
    orderIds.push(orderId);
  }
  await putInCart(t.app, customer, first, 2);
  if (testDialect === 'postgres') await sql`ANALYZE`.execute(t.app.db);
}, 120_000);

afterAll(() => t.close());

/** The statements one request ran, its reads only unless `writes`; `what` names it when it fails. */
async function readsOf(
  what: string,
  request: () => Promise<{ statusCode: number; body: string }>,
  options: { writes?: boolean } = {},
): Promise<{ sql: string; parameters: readonly unknown[] }[]> {
  recording = [];
  const res = await request();
  const ran = recording;
  recording = null;
  expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  return ran.filter((q) => (options.writes ? /^\s*(select|with|insert|update|delete)\b/i : /^\s*(select|with)\b/i).test(q.sql));
}

/** The reads of a GET of this URL by the customer. */
const statementsOf = (url: string) => readsOf(url, () => t.app.inject({ method: 'GET', url, headers: customer.auth }));

interface PlanStep {
  table: string | null;
  index: string | null;
  /** Reads the whole table. */
  scan: boolean;
  /** Sorts the rows found rather than reading them in an index's order. */
  sort: boolean;
  text: string;
}

/** SQLite: EXPLAIN QUERY PLAN rows ('SCAN products', 'SEARCH orders USING INDEX orders_customer_created (customer_id=?)'). */
async function sqlitePlan(query: { sql: string; parameters: readonly unknown[] }): Promise<PlanStep[]> {
  const { rows } = await t.app.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
  return rows.map(({ detail }) => {
    const m = /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING |INTEGER PRIMARY KEY|PRIMARY KEY|INDEX )?(\w+)?)?/.exec(detail);
    const usesKey = /USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY|PRIMARY KEY)/.exec(detail);
    return {
      table: m?.[2] ?? null,
      index: usesKey ? (/INDEX (\w+)/.exec(detail)?.[1] ?? 'primary key') : null,
      scan: m?.[1] === 'SCAN' && !usesKey,
      sort: /^USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(detail),
      text: detail,
    };
  });
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgNode[];
}

/** PostgreSQL: the plan's nodes that read a table or sort, with sequential scans and sorts discouraged. */
async function pgPlan(query: { sql: string; parameters: readonly unknown[] }): Promise<PlanStep[]> {
  return t.app.db.connection().execute(async (db) => {
    await sql`SET enable_seqscan = off`.execute(db);
    await sql`SET enable_sort = off`.execute(db);
    try {
      const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgNode }[] }>(
        CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
      );
      const steps: PlanStep[] = [];
      const walk = (node: PgNode) => {
        if (node['Relation Name']) {
          steps.push({
            table: node['Relation Name'],
            index: node['Index Name'] ?? null,
            scan: node['Node Type'] === 'Seq Scan',
            sort: false,
            text: `${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}`,
          });
        }
        if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort')
          steps.push({ table: null, index: null, scan: false, sort: true, text: node['Node Type'] });
        node.Plans?.forEach(walk);
      };
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (plan) walk(plan);
      return steps;
    } finally {
      await sql`RESET enable_seqscan`.execute(db);
      await sql`RESET enable_sort`.execute(db);
    }
  });
}

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

const planOf = (query: { sql: string; parameters: readonly unknown[] }) => (testDialect === 'postgres' ? pgPlan(query) : sqlitePlan(query));

/** Paths whose page is ranked by relevance: their matches (found through an index) are sorted, as ranking must. */
const RANKED = new Set(['a search', 'a search with a typo']);

const paths: [string, () => string][] = [
  ['the product list, first page', () => '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20'],
  ['the product list, a deep page', () => '/api/products?companyId=1&branchId=1&pageNumber=120&pageSize=20'],
  [
    'the product list, a deep page after a shop change',
    () => {
      noteCatalogueChanged();
      return '/api/products?companyId=1&branchId=1&pageNumber=140&pageSize=20';
    },
  ],
  ['a category', () => `/api/products?companyId=1&branchId=1&categoryId=${categoryId}&pageNumber=1&pageSize=20`],
  ['a search', () => '/api/products?companyId=1&branchId=1&search=bulk%20fish%201200&pageNumber=1&pageSize=20'],
  ['a search with a typo', () => '/api/products?companyId=1&branchId=1&search=prwn&pageNumber=1&pageSize=20'],
  ['a product page', () => `/api/Product/detail/${productId}?branchId=1`],
  ['the cart', () => '/api/Cart?branchId=1&pageNumber=1&pageSize=50'],
  ['the checkout summary', () => `/api/Order/checkout?branchId=1&deliveryId=${slotId}&isWalletLoyality=false&isWalletAmount=false`],
  ['My Orders', () => `/api/Order/customer/${customer.id}?filterType=all`],
  ['My Orders of this month', () => `/api/Order/customer/${customer.id}?filterType=month`],
  [
    'My Orders by status and dates',
    () => `/api/Order/customer/${customer.id}?filterType=custom&orderStatus=PLACED&startDate=${daysFromToday(-300)}&endDate=${daysFromToday(0)}`,
  ],
  ['My Orders, a later page', () => `/api/Order/customer/${customer.id}?filterType=all&pageNumber=2&pageSize=2`],
  ['an order page', () => `/api/Order/${orderIds[0]}`],
];

/** Fails when one of a path's statements reads a growing table whole, or sorts every matching row to return one page. */
async function expectNoWholeReads(name: string, statements: { sql: string; parameters: readonly unknown[] }[]): Promise<void> {
  expect(statements.length, 'the path reads the database').toBeGreaterThan(0);
  const report: string[] = [];
  const scans: string[] = [];
  for (const statement of statements) {
    // SQLite's plan names a table by its alias in the statement ("products" as "p").
    const aliases = new Map([...statement.sql.matchAll(/"(\w+)" as "(\w+)"/g)].map((m) => [m[2], m[1]] as [string, string]));
    const steps = (await planOf(statement)).map((step) => ({ ...step, table: step.table ? (aliases.get(step.table) ?? step.table) : null }));
    const readsGrowing = steps.some((step) => step.table !== null && GROWING.includes(step.table));
    // A page of rows (LIMIT) and a listing (every listed id in list order) must come in an
    // index's order, not from sorting every matching row.
    const listing = /^select "p"\."id" from .* order by /is.test(statement.sql);
    const paged = (/\blimit\b/i.test(statement.sql) || listing) && !RANKED.has(name);
    for (const step of steps) {
      report.push(`${paged ? '[page] ' : ''}${step.text}`);
      if (step.scan && step.table && GROWING.includes(step.table)) scans.push(`${step.text}\n    in: ${statement.sql.slice(0, 300)}`);
      if (step.sort && paged && readsGrowing) scans.push(`${step.text} to return one page\n    in: ${statement.sql.slice(0, 300)}`);
    }
  }
  console.log(`${name}:\n  ${report.join('\n  ')}`);
  expect(scans, 'full scans of growing tables').toEqual([]);
}

describe(`query plans of the read paths (${testDialect})`, () => {
  it.each(paths)('%s reads no growing table whole', async (name, url) => {
    await expectNoWholeReads(name, await statementsOf(url()));
  });

  // One more of the product and one less: the cart is as it was for the paths below.
  it.each([
    ['adding to a cart line', 1],
    ['taking from a cart line', -1],
  ] as const)('%s reads and writes no growing table whole', async (name, qtyChange) => {
    const url = `/api/Cart/1/${productId}/0?qtyChange=${qtyChange}&id=0&pageNumber=1&pageSize=10`;
    await expectNoWholeReads(name, await readsOf(url, () => t.app.inject({ method: 'PUT', url, headers: customer.auth }), { writes: true }));
  });

  const cartPaths = paths.filter(([name]) => name === 'the cart' || name === 'the checkout summary');
  it.each(cartPaths)("%s takes the cart's lines in the cart's order from an index, without sorting them", async (_name, url) => {
    const statements = (await statementsOf(url())).filter((q) => /from "cart_items"/.test(q.sql) && /order by "c"\."added_at"/.test(q.sql));
    expect(statements.length, "the path reads the cart's lines in order").toBeGreaterThan(0);
    for (const statement of statements) {
      const steps = await planOf(statement);
      const cart = steps.find((step) => step.table === 'c' || step.table === 'cart_items');
      expect(cart?.index, statement.sql.slice(0, 200)).toBe('cart_items_customer_added');
      expect(steps.filter((step) => step.sort).map((step) => step.text)).toEqual([]);
    }
  });

  // Placing an order empties the cart, so this runs after the paths above.
  const byStatusPaths: [string, () => Promise<{ sql: string; parameters: readonly unknown[] }[]>][] = [
    ['the orders awaiting payment', () => statementsOf('/api/Order/checkPayment')],
    [
      "a checkout looking for the customer's unpaid order",
      () => readsOf('/api/Order/summary', () => createOrder(t.app, customer, { deliveryId: slotId, addressId, paymentMethod: 'ONLINE' })),
    ],
  ];
  it.each(byStatusPaths)("%s reads only the customer's orders of that status, from their index", async (_name, statements) => {
    const byStatus = (await statements()).filter((q) => /from "orders"/.test(q.sql) && /"customer_id" = /.test(q.sql) && /"status" = /.test(q.sql));
    expect(byStatus.length, "the path reads the customer's orders by status").toBeGreaterThan(0);
    for (const statement of byStatus) {
      const steps = await planOf(statement);
      const orders = steps.find((step) => step.table === 'orders');
      expect(orders?.index, statement.sql.slice(0, 200)).toBe('orders_customer_status_created');
      expect(steps.filter((step) => step.sort).map((step) => step.text)).toEqual([]);
    }
  });
});
