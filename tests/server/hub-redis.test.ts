import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { RECORD_SEPARATOR as RS } from '../../server/hub/text-message-format.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { TRANSPORTS, hubClient, plainProduct, setPricePaise } from './hub-test-kit.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase;
let first: App;
let second: App;
let firstUrl: string;
let secondUrl: string;
let proxy: RoundRobinProxy;

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
  const urlOf = (app: App) => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  firstUrl = urlOf(first);
  secondUrl = urlOf(second);
  proxy = await startRoundRobinProxy([firstUrl, secondUrl]);
});

afterAll(async () => {
  await proxy?.close();
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

describe('a connection served by whichever instance a request reaches (no sticky sessions)', () => {
  it.each(TRANSPORTS)('the official client over %s through a round-robin balancer invokes, receives pushes and stops', async (_name, transport) => {
    const before = new Map(proxy.counts);
    const client = hubClient(proxy.url, transport);
    await client.connection.start();
    await expect(client.connection.invoke('JoinCompanyGroup', 1)).resolves.toBeNull();
    const { productId } = await plainProduct(first);
    for (const [app, paise] of [
      [first, 52_100],
      [second, 52_200],
    ] as const) {
      await setPricePaise(app, productId, paise);
      app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [productId] });
      const [, data] = await client.next(([type, d]) => type === 'Product' && JSON.stringify(d).includes(`"sRate":${paise / 100}`));
      expect(data).toMatchObject({ Items: [{ productId, sRate: paise / 100 }] });
    }
    await expect(client.connection.invoke('JoinCompanyGroup', 999)).rejects.toThrow('Company 999 was not found.');
    await client.connection.stop();
    for (const url of [firstUrl, secondUrl]) expect(proxy.counts.get(url), url).toBeGreaterThan(before.get(url) ?? 0);
    await expect.poll(() => first.hub.connectionCount() + second.hub.connectionCount()).toBe(0);
  });

  it('a request relayed to the owner is checked against the identity that negotiated', async () => {
    const alice = await createCustomer(first);
    const bob = await createCustomer(first);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const negotiated = await fetch(`${firstUrl}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST', headers: auth(alice.token) });
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const on = (base: string) => `${base}/catalogueHub?id=${encodeURIComponent(connectionToken)}`;
    expect((await fetch(on(secondUrl), { headers: auth(alice.token) })).status).toBe(200);
    expect((await fetch(on(secondUrl), { method: 'POST', headers: auth(alice.token), body: `{"protocol":"json","version":1}${RS}` })).status).toBe(200);
    expect(await (await fetch(on(firstUrl), { headers: auth(alice.token) })).text()).toBe(`{}${RS}`);
    expect((await fetch(on(secondUrl), { method: 'DELETE', headers: auth(bob.token) })).status).toBe(401);
    expect((await fetch(on(secondUrl), { method: 'POST', body: `{"type":6}${RS}` })).status).toBe(401);
    expect((await fetch(on(secondUrl), { method: 'DELETE', headers: auth(alice.token) })).status).toBe(202);
    expect((await fetch(on(secondUrl), { method: 'POST', headers: auth(alice.token), body: `{"type":6}${RS}` })).status).toBe(404);
  });

  it('a token naming an instance that does not answer gets 404 so the client negotiates again', async () => {
    const started = Date.now();
    const response = await fetch(`${secondUrl}/catalogueHub?id=NoSuchIn.${'x'.repeat(32)}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('No Connection with that ID');
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('the instance owning a connection stops while another instance serves its requests', () => {
  it.each(TRANSPORTS)('a client over %s hears the close message with allowReconnect', async (_name, transport) => {
    const owner = await instance();
    const address = owner.server.address();
    const ownerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // Negotiate reaches the owner; the transport's requests alternate between the two.
    const balancer = await startRoundRobinProxy([ownerUrl, secondUrl]);
    try {
      const client = hubClient(balancer.url, transport, { reconnectDelays: [60_000] });
      const heard = new Promise<string>((resolve) => client.connection.onreconnecting((error) => resolve(error?.message ?? '')));
      await client.connection.start();
      await client.connection.invoke('JoinCompanyGroup', 1);
      expect(balancer.owners.get(client.connection.connectionId ?? '')).toBe(ownerUrl);
      // A long poll is held by now (through either instance): it is answered with the close message.
      await new Promise((r) => setTimeout(r, 300));
      await owner.close();
      expect(await heard).toBe('Server returned an error on close: Server is shutting down.');
      await client.connection.stop();
    } finally {
      await owner.close();
      await balancer.close();
    }
  });
});
