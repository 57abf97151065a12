import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { hubClient, plainProduct, setPricePaise } from './hub-test-kit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let first: App;
let second: App;
let secondUrl: string;

/** One instance of the shop sharing the database and a Redis channel prefix private to this file. */
async function instance(): Promise<App> {
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: REDIS_URL });
  const app = await buildApp({ config, database: database.handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

beforeAll(async () => {
  vi.stubEnv('HUB_CHANNEL_PREFIX', `test:${crypto.randomBytes(6).toString('hex')}:`);
  database = await createTestDatabase();
  first = await instance();
  second = await instance();
  const address = second.server.address();
  secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.dispose();
  vi.unstubAllEnvs();
});

describe('two server instances sharing Redis', () => {
  it('both use the Redis backplane', () => {
    expect([first.hub.backplane, second.hub.backplane]).toEqual(['redis', 'redis']);
  });

  it('a price change announced on one instance reaches a group member connected to the other', async () => {
    const client = hubClient(secondUrl, HttpTransportType.WebSockets);
    await client.connection.start();
    await client.connection.invoke('JoinCompanyGroup', 1);
    const { productId } = await plainProduct(first);
    await setPricePaise(first, productId, 51_500);
    first.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [productId] });
    const [, data] = await client.next(([type]) => type === 'Product');
    expect(data).toMatchObject({ BranchId: 1, Items: [{ productId, sRate: 515 }] });
    await client.connection.stop();
  });

  it('a customer push made on one instance reaches only that customer, on the other instance', async () => {
    const alice = await createCustomer(first);
    const bob = await createCustomer(first);
    const aliceHub = hubClient(secondUrl, HttpTransportType.LongPolling, { token: alice.token });
    const bobHub = hubClient(secondUrl, HttpTransportType.WebSockets, { token: bob.token });
    await Promise.all([aliceHub.connection.start(), bobHub.connection.start()]);
    const payment = { OrderId: 9, OrderNo: 'SH-9', Status: 'CAPTURED', TransactionNo: 'pay_1' };
    first.live.customerChanged({ customerId: alice.id, type: 'PaymentStatus', data: payment });
    expect((await aliceHub.next(([type]) => type === 'PaymentStatus'))[1]).toEqual(payment);
    await new Promise((r) => setTimeout(r, 150));
    expect(bobHub.pushes).toEqual([]);
    await Promise.all([aliceHub.connection.stop(), bobHub.connection.stop()]);
  });
});
