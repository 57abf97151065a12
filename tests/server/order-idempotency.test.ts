import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database.js';
import { migrationList } from '../../server/db/migrations/migration-list.js';
import type { Database } from '../../server/db/schema.js';
import { buildTestApp, createTestDatabase, testDialect, type TestApp, type TestDatabase } from '../helpers/server-app.js';
import { insertOrder } from '../helpers/order-fixtures.js';
import { NOT_YET_HAPPENED } from '../../server/repositories/order-repository.js';
import { createCustomer } from '../helpers/customers.js';
import { addProduct, createOrder, openSlot, readyCustomer, standardSettings, stockOf } from './order-fixtures.js';

describe(`the order Idempotency-Key (${testDialect})`, () => {
  let t: TestApp;
  let slotId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await standardSettings(t.app);
    slotId = await openSlot(t.app, { capacity: 100 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives five requests racing with one key one order, which keeps the key', async () => {
    const fish = await addProduct(t.app, { sRate: 400, stock: 10 });
    const { customer, addressId } = await readyCustomer(t.app, { product: fish, qty: 3, slotId });
    const key = { 'idempotency-key': `race-${customer.id}` };
    const body = { deliveryId: slotId, addressId, paymentMethod: 'ONLINE' as const };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createOrder(t.app, customer, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().Data.OrderId)).size).toBe(1);
    const orders = await t.app.db.selectFrom('orders').select(['id', 'idempotency_key']).where('customer_id', '=', customer.id).execute();
    expect(orders).toEqual([{ id: answers[0]?.json().Data.OrderId, idempotency_key: `race-${customer.id}` }]);
    expect(await stockOf(t.app, fish)).toEqual({ available: 7, reserved: 3, sold: 0 });
    const events = await t.app.db.selectFrom('order_events').select('note').where('order_id', '=', orders[0]!.id).execute();
    expect(events).toEqual([{ note: 'Order created' }]);
  });

  it('keeps keys apart per customer: the same key from another customer makes that customer an order', async () => {
    const fish = await addProduct(t.app, { sRate: 400, stock: 10 });
    const a = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const b = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const key = { 'idempotency-key': 'the-same-for-both' };
    const first = await createOrder(t.app, a.customer, { deliveryId: slotId, addressId: a.addressId, paymentMethod: 'COD' }, key);
    const second = await createOrder(t.app, b.customer, { deliveryId: slotId, addressId: b.addressId, paymentMethod: 'COD' }, key);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().Data.OrderId).not.toBe(first.json().Data.OrderId);
  });

  it('refuses in the database a second order of one customer with the same key, but not orders without one', async () => {
    const customer = await createCustomer(t.app);
    const one = await insertOrder(t.app, { customerId: customer.id, status: 'CANCELLED' });
    const two = await insertOrder(t.app, { customerId: customer.id, status: 'CANCELLED' });
    await t.app.db.updateTable('orders').set({ idempotency_key: 'k-1' }).where('id', '=', one.id).execute();
    await expect(t.app.db.updateTable('orders').set({ idempotency_key: 'k-1' }).where('id', '=', two.id).execute()).rejects.toThrow(/unique|duplicate/i);
    const unkeyed = await t.app.db.selectFrom('orders').select('id').where('customer_id', '=', customer.id).where('idempotency_key', 'is', null).execute();
    expect(unkeyed).toEqual([{ id: two.id }]);
  });
});

const LAST_BEFORE_KEY_COLUMN = '004-upload-cleanup';

function migrator(database: TestDatabase): Migrator {
  const { handle } = database;
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => Object.fromEntries(migrationList.map(([name, make]): [string, Migration] => [name, make(handle.dialect)])) },
    ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
  });
}

async function oldOrder(db: Kysely<Database>, customerId: number, orderNo: string, note: string): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_no: orderNo,
      company_id: 1,
      branch_id: 1,
      customer_id: customerId,
      status: 'AWAITING_PAYMENT',
      payment_method: 'ONLINE',
      payment_status: 'PENDING',
      delivery_slot_id: null,
      slot_label: 'Tomorrow, 7:00 AM – 9:00 AM',
      address_json: '{}',
      coupon_code: null,
      gross_amount: 50_000,
      discount_amount: 0,
      delivery_charge: 0,
      wallet_amount: 0,
      loyalty_points: 0,
      loyalty_amount: 0,
      net_amount: 50_000,
      created_at: at,
      updated_at: at,
      expires_at: null,
      ...NOT_YET_HAPPENED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_events').values({ order_id: id, status: 'AWAITING_PAYMENT', note, actor: 'customer', created_at: at }).execute();
  return id;
}

describe(`the migration to the idempotency key column (${testDialect})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("moves each order's key out of its creation note into the column", async () => {
    const { results, error } = await migrator(database).migrateTo(LAST_BEFORE_KEY_COLUMN);
    expect(error).toBeUndefined();
    expect(results?.at(-1)?.migrationName).toBe(LAST_BEFORE_KEY_COLUMN);
    const db = database.handle.db;
    const keyed = await oldOrder(db, 7, 'SH2025061400001', 'Order created (Idempotency-Key 3f2c (retry) 50%_off)');
    const plain = await oldOrder(db, 7, 'SH2025061400002', 'Order created');
    const otherCustomer = await oldOrder(db, 8, 'SH2025061400003', 'Order created (Idempotency-Key 3f2c (retry) 50%_off)');
    const sameKeyAgain = await oldOrder(db, 7, 'SH2025061400004', 'Order created (Idempotency-Key 3f2c (retry) 50%_off)');

    await migrateToLatest(database.handle);

    const orders = await db.selectFrom('orders').select(['id', 'idempotency_key']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: keyed, idempotency_key: '3f2c (retry) 50%_off' },
      { id: plain, idempotency_key: null },
      { id: otherCustomer, idempotency_key: '3f2c (retry) 50%_off' },
      // The first order of a customer keeps a key the old look-up could have answered twice.
      { id: sameKeyAgain, idempotency_key: null },
    ]);
    const notes = await db.selectFrom('order_events').select('note').orderBy('id').execute();
    expect(notes.map((n) => n.note)).toEqual(['Order created', 'Order created', 'Order created', 'Order created']);
  });
});
