import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { cliEnv, cliRunner } from '../helpers/shop-cli.js';
import { runShop } from '../../server/cli/shop.js';
import { createCustomer } from '../helpers/customers.js';
import { hubClient, plainProduct } from './hub-test-kit.js';
import { NOT_YET_HAPPENED } from '../../server/repositories/order-repository.js';
import { expectWalletMatchesHistory, insertOrder } from '../helpers/order-fixtures.js';

let database: TestDatabase;
let app: App;
let baseUrl: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: undefined });
  app = await buildApp({ config, database: database.handle, logger: false });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // The command line opens the same database the server uses (PostgreSQL tests keep theirs in a private schema).
  env = await cliEnv(database.handle.db, database.dataDir, baseUrl);
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

const shop = cliRunner(() => env);

describe('npm run shop against a running server', () => {
  it('sets a price in the database and the server pushes it to the company group', async () => {
    const client = hubClient(baseUrl, HttpTransportType.WebSockets);
    await client.connection.start();
    await client.connection.invoke('JoinCompanyGroup', 1);
    const { productId } = await plainProduct(app);
    const result = await shop('price', '--product', String(productId), '--branch', '1', '--rate', '450', '--no-offer');
    expect(result).toMatchObject({ code: 0, err: [] });
    expect(result.out[0]).toMatch(/₹450\.00\.$/);
    const [, data] = await client.next(([type]) => type === 'Product');
    expect(data).toMatchObject({ BranchId: 1, Items: [{ productId, sRate: 450, oRate: null }] });
    await client.next(([type]) => type === 'ProductDetails');
    await client.connection.stop();
  });

  it('sets stock and the active flag', async () => {
    const client = hubClient(baseUrl, HttpTransportType.LongPolling);
    await client.connection.start();
    await client.connection.invoke('JoinCompanyGroup', 1);
    const { productId } = await plainProduct(app);
    expect((await shop('stock', '--product', String(productId), '--qty', '0')).code).toBe(0);
    expect((await client.next(([type, d]) => type === 'Product' && JSON.stringify(d).includes('"isStockAvailable":false')))[1]).toMatchObject({
      Items: [{ productId, stockQty: 0, isStockAvailable: false }],
    });
    expect((await shop('active', '--product', String(productId), '--off')).out).toEqual([expect.stringMatching(/withdrawn\.$/)]);
    await client.next(([type, d]) => type === 'Product' && JSON.stringify(d).includes('"active":false'));
    expect((await shop('active', '--product', String(productId), '--on')).code).toBe(0);
    await client.connection.stop();
  });

  it('moves an order to its next status and pushes it to that customer only', async () => {
    const alice = await createCustomer(app);
    const now = new Date().toISOString();
    const order = await app.db
      .insertInto('orders')
      .values({
        order_no: `SH-CLI-${alice.id}`,
        company_id: 1,
        branch_id: 1,
        customer_id: alice.id,
        status: 'PLACED',
        payment_method: 'COD',
        payment_status: 'PENDING',
        delivery_slot_id: null,
        slot_label: 'Today 5–7 pm',
        address_json: '{}',
        coupon_code: null,
        gross_amount: 50_000,
        discount_amount: 0,
        delivery_charge: 0,
        wallet_amount: 0,
        loyalty_points: 0,
        loyalty_amount: 0,
        net_amount: 50_000,
        created_at: now,
        updated_at: now,
        expires_at: null,
        ...NOT_YET_HAPPENED,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const aliceHub = hubClient(baseUrl, HttpTransportType.WebSockets, { token: alice.token });
    const anonymous = hubClient(baseUrl, HttpTransportType.WebSockets);
    await Promise.all([aliceHub.connection.start(), anonymous.connection.start()]);
    await anonymous.connection.invoke('JoinCompanyGroup', 1);

    const listed = await shop('orders', '--status', 'placed');
    expect(listed.out.some((line) => line.includes(`SH-CLI-${alice.id}`))).toBe(true);
    const moved = await shop('order-next', '--order', String(order.id));
    expect(moved).toMatchObject({ code: 0, out: [`Order SH-CLI-${alice.id}: Placed → Packed.`] });
    const [, data] = await aliceHub.next(([type]) => type === 'OrderStatus');
    expect(data).toMatchObject({ OrderId: order.id, OrderStatus: 'Packed', StatusCode: 'PACKED' });
    expect(anonymous.pushes.filter(([type]) => type === 'OrderStatus')).toEqual([]);
    await Promise.all([aliceHub.connection.stop(), anonymous.connection.stop()]);
  });

  it.each([
    [['price', '--product', '999999', '--rate', '10'], /Product 999999 was not found/],
    [['price', '--product', 'PLAIN', '--rate', 'ten'], /--rate must be an amount in rupees/],
    [['price', '--product', 'PLAIN', '--rate', '100', '--offer', '120'], /--offer must be below --rate/],
    [['stock', '--product', 'PLAIN', '--qty=-3'], /--qty must be a whole number/],
    [['stock', '--product', 'PLAIN', '--variant', '999999', '--qty', '3'], /is not a variant of product/],
    [['active', '--product', 'PLAIN'], /exactly one of --on or --off/],
    [['order-next', '--order', '999999'], /Order 999999 was not found/],
    [['return-received', '--order', '999999'], /Order 999999 was not found/],
    [['order-refund', '--order', '999999'], /Order 999999 was not found/],
    [['order-refund'], /--order is required/],
    [['order-refund', '--order', 'five'], /--order must be a whole number/],
    [['orders', '--status', 'lost'], /Unknown status "lost"/],
    [['fly'], /Unknown command "fly"/],
  ])('refuses %j with a clear message', async (args, message) => {
    const { productId } = await plainProduct(app);
    const result = await shop(...args.map((a) => (a === 'PLAIN' ? String(productId) : a)));
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(message);
  });

  it('saves the change but says so when the server cannot be reached', async () => {
    const { productId } = await plainProduct(app);
    const result = await runShop(
      ['stock', '--product', String(productId), '--qty', '5', '--server', 'http://127.0.0.1:9'],
      env,
      () => {},
      () => {},
    );
    expect(result).toBe(2);
    const row = await app.db
      .selectFrom('branch_stock')
      .select('available')
      .where('product_id', '=', productId)
      .where('branch_id', '=', 1)
      .where('variant_id', '=', 0)
      .executeTakeFirstOrThrow();
    expect(row.available).toBe(5);
  });
});

/** The command as the shop owner runs it: its own process, whose exit code a script reads. */
function shopProcess(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/cli/shop.ts', ...args],
      { cwd: root, env: { ...process.env, ...env, ...extraEnv }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run shop as a process: its exit code says what happened', () => {
  it('help and --help print the usage and exit 0', async () => {
    for (const args of [['help'], ['--help']]) {
      const result = await shopProcess(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: npm run shop -- <command> [options]');
      expect(result.stderr).not.toContain('Unknown command');
    }
  });

  it('a refusal exits 1 with its reason: an unknown product, an order with no next step', async () => {
    const unknown = await shopProcess(['price', '--product', '9999999', '--rate', '10']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('Product 9999999 was not found.') });
    const alice = await createCustomer(app);
    const now = new Date().toISOString();
    const refunded = await app.db
      .insertInto('orders')
      .values({
        order_no: `SH-CLI-R-${alice.id}`,
        company_id: 1,
        branch_id: 1,
        customer_id: alice.id,
        status: 'REFUNDED',
        payment_method: 'COD',
        payment_status: 'REFUNDED',
        delivery_slot_id: null,
        slot_label: 'Today 5–7 pm',
        address_json: '{}',
        coupon_code: null,
        gross_amount: 50_000,
        discount_amount: 0,
        delivery_charge: 0,
        wallet_amount: 0,
        loyalty_points: 0,
        loyalty_amount: 0,
        net_amount: 50_000,
        refund_amount: 50_000,
        provider_order_id: null,
        provider_payment_id: null,
        created_at: now,
        updated_at: now,
        expires_at: null,
        paid_at: null,
        delivered_at: now,
        cancelled_at: null,
        cancel_reason: null,
        return_reason: null,
        return_remark: null,
        return_image: null,
        returned_at: now,
        review: null,
        rating: null,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const next = await shopProcess(['order-next', '--order', String(refunded.id)]);
    expect(next).toMatchObject({ code: 1, stderr: expect.stringContaining('the shop has no next step for it') });
    const status = await app.db.selectFrom('orders').select('status').where('id', '=', refunded.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('REFUNDED');
  });

  it('a change exits 0 when pushed, and 2 when saved but the server cannot be told', async () => {
    const { productId } = await plainProduct(app);
    expect((await shopProcess(['stock', '--product', String(productId), '--qty', '7'])).code).toBe(0);
    const unreachable = await shopProcess(['stock', '--product', String(productId), '--qty', '6', '--server', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain('The change is saved');
  });

  it('a return received and refunded exits 0 each time; the refund gives back what was paid through the order service', async () => {
    const meera = await createCustomer(app, { walletPaise: 5_000 });
    const order = await insertOrder(app, { customerId: meera.id, status: 'RETURN_REQUESTED', walletPaise: 5_000, netPaise: 45_000 });
    const received = await shopProcess(['return-received', '--order', String(order.id)]);
    expect(received).toMatchObject({ code: 0, stderr: '' });
    expect(received.stdout.trim()).toBe(`Order ${order.orderNo}: Return Requested → Returned.`);
    const refunded = await shopProcess(['order-refund', '--order', String(order.id)]);
    expect(refunded).toMatchObject({ code: 0, stderr: '' });
    expect(refunded.stdout.trim().split('\n')).toEqual([`Order ${order.orderNo}: Returned → Refunded.`, "₹500.00 went back to the customer's wallet."]);
    expect(await app.db.selectFrom('orders').select(['status', 'refund_amount']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({
      status: 'REFUNDED',
      refund_amount: 50_000,
    });
    expect(await expectWalletMatchesHistory(app, meera)).toBe(50_000);
    const detail = await app.inject({ method: 'GET', url: `/api/Order/${order.id}`, headers: meera.auth });
    expect(detail.json().Data.Refunds).toEqual([expect.objectContaining({ Amount: 500, Destination: 'WALLET', Status: 'PROCESSED' })]);
    const again = await shopProcess(['order-refund', '--order', String(order.id)]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining(`Order ${order.orderNo} is Refunded; only a returned order can be refunded.`) });
    expect(await expectWalletMatchesHistory(app, meera)).toBe(50_000);
  });

  it('a refund or a return the order is not ready for exits 1 with its reason and changes nothing', async () => {
    const ravi = await createCustomer(app);
    const requested = await insertOrder(app, { customerId: ravi.id, status: 'RETURN_REQUESTED' });
    const placed = await insertOrder(app, { customerId: ravi.id, status: 'PLACED' });
    const early = await shopProcess(['order-refund', '--order', String(requested.id)]);
    expect(early).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `Order ${requested.orderNo} is Return Requested; mark the return received first (return-received --order ${requested.id}).`,
      ),
    });
    const notReturned = await shopProcess(['return-received', '--order', String(placed.id)]);
    expect(notReturned).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`Order ${placed.orderNo} is Placed; only an order whose return was requested can be marked received.`),
    });
    const unknown = await shopProcess(['order-refund', '--order', '9999999']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('Order 9999999 was not found.') });
    const rows = await app.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [requested.id, placed.id]).orderBy('id').execute();
    expect(rows.map((r) => r.status)).toEqual(['RETURN_REQUESTED', 'PLACED']);
    expect(await expectWalletMatchesHistory(app, ravi)).toBe(0);
  });
});
