import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { freePort } from '../helpers/shop-server.js';
import { TRANSPORTS, hubClient, plainProduct, setPricePaise } from './hub-test-kit.js';

let database: TestDatabase;
let app: App;
let port: number;
let baseUrl: string;

async function startServer(): Promise<App> {
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: undefined });
  const next = await buildApp({ config, database: database.handle, logger: false });
  await next.listen({ port, host: '127.0.0.1' });
  return next;
}

beforeAll(async () => {
  database = await createTestDatabase();
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  app = await startServer();
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

describe.each(TRANSPORTS)('the official SignalR client over %s', (_name, transport) => {
  it('negotiates, joins the company group and gets completions with results and errors', async () => {
    const client = hubClient(baseUrl, transport);
    await client.connection.start();
    expect(client.connection.state).toBe(HubConnectionState.Connected);
    await expect(client.connection.invoke('JoinCompanyGroup', 1)).resolves.toBeNull();
    await expect(client.connection.invoke('JoinCompanyGroup', 999)).rejects.toThrow('Company 999 was not found.');
    await expect(client.connection.invoke('JoinCompanyGroup', 'one')).rejects.toThrow('companyId must be a whole number');
    // Names every plain object answers to are as unknown as any other.
    for (const name of ['NoSuchMethod', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      await expect(client.connection.invoke(name), name).rejects.toThrow(`Unknown hub method '${name}'.`);
    }
    expect(client.connection.state, 'the connection survives them').toBe(HubConnectionState.Connected);
    await expect(client.connection.invoke('SendCatalogueUpdate', 'Weather', 1)).rejects.toThrow("'Weather' is not an update type");
    await client.connection.stop();
  });

  it('answers SendCatalogueUpdate with fresh data pushed to the whole company group', async () => {
    const asker = hubClient(baseUrl, transport);
    const watcher = hubClient(baseUrl, transport);
    const outsider = hubClient(baseUrl, transport);
    await Promise.all([asker.connection.start(), watcher.connection.start(), outsider.connection.start()]);
    await asker.connection.invoke('JoinCompanyGroup', 1);
    await watcher.connection.invoke('JoinCompanyGroup', 1);
    await outsider.connection.invoke('JoinCompanyGroup', 2);
    const { productId } = await plainProduct(app);
    await setPricePaise(app, productId, 43_210);

    await asker.connection.send('SendCatalogueUpdate', 'Product', 1, 1, null, productId, 1, 10, null, null, null, null);
    const [, data] = await watcher.next(([type]) => type === 'Product');
    expect(data).toMatchObject({ BranchId: 1, Items: [{ productId, sRate: 432.1, oRate: null, cartQty: 0 }] });
    await asker.next(([type]) => type === 'Product');
    const [, categories] = await watcher
      .next(([type]) => type === 'Category', 100)
      .catch(async () => {
        await asker.connection.invoke('SendCatalogueUpdate', 'Category', 1, null, null, null, null, null, null, null, null, null);
        return watcher.next(([type]) => type === 'Category');
      });
    expect((categories as { Items: unknown[] }).Items.length).toBeGreaterThan(0);
    expect(outsider.pushes).toEqual([]);
    await Promise.all([asker.connection.stop(), watcher.connection.stop(), outsider.connection.stop()]);
  });

  it('pushes a change announced by the server itself (app.live) with the price read afresh', async () => {
    const client = hubClient(baseUrl, transport);
    await client.connection.start();
    await client.connection.invoke('JoinCompanyGroup', 1);
    const { productId } = await plainProduct(app);
    await setPricePaise(app, productId, 45_000);
    app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [productId] });
    const [, data] = await client.next(([type, d]) => type === 'Product' && JSON.stringify(d).includes('"sRate":450'));
    expect(data).toMatchObject({ BranchId: 1, Items: [{ productId, sRate: 450 }] });
    await client.connection.stop();
  });

  it('sends cart and order data only to that customer’s own authenticated connections', async () => {
    const alice = await createCustomer(app);
    const bob = await createCustomer(app);
    const aliceHub = hubClient(baseUrl, transport, { token: alice.token });
    const aliceSecondTab = hubClient(baseUrl, transport, { token: alice.token });
    const bobHub = hubClient(baseUrl, transport, { token: bob.token });
    const anonymous = hubClient(baseUrl, transport);
    const all = [aliceHub, aliceSecondTab, bobHub, anonymous];
    await Promise.all(all.map((c) => c.connection.start()));
    await Promise.all(all.map((c) => c.connection.invoke('JoinCompanyGroup', 1)));

    await aliceHub.connection.invoke('SendCatalogueUpdate', 'CartDetails', 1, 1, alice.id, null, 1, 10, null, null, null, null);
    const [, cart] = await aliceSecondTab.next(([type]) => type === 'CartDetails');
    expect(cart).toEqual({ lines: [], totalQty: 0, subTotal: 0, savings: 0 });
    await expect(aliceHub.connection.invoke('SendCatalogueUpdate', 'CartDetails', 1, 1, bob.id, null, 1, 10, null, null, null, null)).rejects.toThrow(
      'You may not access another customer’s data.',
    );
    await expect(anonymous.connection.invoke('SendCatalogueUpdate', 'CartDetails', 1, 1, bob.id, null, 1, 10, null, null, null, null)).rejects.toThrow(
      'Please log in to receive your cart.',
    );

    const status = { OrderId: 5, OrderNo: 'SH-5', OrderStatus: 'Packed', StatusCode: 'PACKED', At: new Date().toISOString() };
    app.live.customerChanged({ customerId: alice.id, type: 'OrderStatus', data: status });
    expect((await aliceHub.next(([type]) => type === 'OrderStatus'))[1]).toEqual(status);
    await aliceSecondTab.next(([type]) => type === 'OrderStatus');
    await new Promise((r) => setTimeout(r, 100));
    expect(bobHub.pushes).toEqual([]);
    expect(anonymous.pushes).toEqual([]);
    await Promise.all(all.map((c) => c.connection.stop()));
  });

  it('refuses a token that is not valid', async () => {
    const client = hubClient(baseUrl, transport, { token: 'not-a-token' });
    await expect(client.connection.start()).rejects.toThrow(/401|Unauthorized|session/i);
  });
});

describe.each(TRANSPORTS)('a server restart with clients connected over %s', (_name, transport) => {
  it('reconnects, rejoins the group and receives group pushes again', async () => {
    const client = hubClient(baseUrl, transport, { reconnectDelays: [0, 100, 200, 300, 500, 1000, 1000, 1000] });
    // Rejoin on reconnect, as the storefront's hub machine does.
    client.connection.onreconnected(() => void client.connection.invoke('JoinCompanyGroup', 1));
    const reconnected = new Promise<void>((resolve) => client.connection.onreconnected(() => resolve()));
    await client.connection.start();
    await client.connection.invoke('JoinCompanyGroup', 1);

    await app.close();
    app = await startServer();
    await reconnected;
    expect(client.connection.state).toBe(HubConnectionState.Connected);

    const { productId } = await plainProduct(app);
    await setPricePaise(app, productId, 39_900);
    const deadline = Date.now() + 5_000;
    // The rejoin may still be in flight; announce until it has landed.
    while (!client.pushes.some(([type]) => type === 'Product') && Date.now() < deadline) {
      app.live.catalogueChanged({ companyId: 1, branchId: 1, type: 'Product', ids: [productId] });
      await new Promise((r) => setTimeout(r, 100));
    }
    const [, data] = await client.next(([type]) => type === 'Product');
    expect(data).toMatchObject({ Items: [{ productId, sRate: 399 }] });
    await client.connection.stop();
  });
});
