import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { hubClient } from '../server/hub-test-kit.js';
import { startFleet, type Fleet } from './helpers/fleet.js';
import { printFigures } from './helpers/figures.js';

/**
 * Two server processes on one PostgreSQL schema and one Redis channel prefix (the load and
 * crash suites spread their crowds over the same setup): a session made on one instance works
 * on the other, and hub pushes caused on one instance reach clients connected to either.
 */
describe('two instances sharing PostgreSQL and Redis', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet('postgres', { instances: 2 });
  }, 120_000);
  afterAll(async () => fleet?.close());

  it('accepts a session made on one instance on the other', async () => {
    const [a, b] = fleet.urls as [string, string];
    const session = await apiLogin(a, fleet.storage.dataDir);
    const statuses = [];
    for (const url of [a, b, a, b]) {
      const res = await fetch(`${url}/api/Customer/info/${session.customerId}`, { headers: { authorization: `Bearer ${session.token}` } });
      statuses.push(res.status);
      const body = (await res.json()) as { Data: { MobileNo?: string; mobileNo?: string } | null };
      expect(JSON.stringify(body.Data)).toContain(session.mobile);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('delivers hub pushes caused on one instance to clients of both', async () => {
    const [a, b] = fleet.urls as [string, string];
    const session = await apiLogin(b, fleet.storage.dataDir);
    const onA = hubClient(a, HttpTransportType.WebSockets, { token: session.token });
    const onB = hubClient(b, HttpTransportType.WebSockets, { token: session.token });
    const browsing = hubClient(b, HttpTransportType.ServerSentEvents);
    try {
      await Promise.all([onA.connection.start(), onB.connection.start(), browsing.connection.start()]);
      await browsing.connection.invoke('JoinCompanyGroup', 1);
      await onA.connection.invoke('JoinCompanyGroup', 1);

      // A cart change made through instance A reaches the customer's connections on A and B.
      const products = (await (await fetch(`${a}/api/products?companyId=1&branchId=1&pageSize=20`)).json()) as {
        Data: { productId: number; variantId: number; isStockAvailable: boolean }[];
      };
      const product = products.Data.find((p) => p.isStockAvailable);
      expect(product).toBeDefined();
      const started = performance.now();
      const put = await fetch(`${a}/api/Cart/1/${product?.productId}/${product?.variantId}?qtyChange=1&id=0&pageNumber=1&pageSize=10`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(put.status).toBe(200);
      const [cartA, cartB] = await Promise.all([onA.next(([type]) => type === 'CartDetails'), onB.next(([type]) => type === 'CartDetails')]);
      const cartMs = performance.now() - started;
      for (const [, data] of [cartA, cartB]) expect((data as { totalQty: number }).totalQty).toBe(1);

      // A catalogue refresh asked for on A reaches an anonymous visitor of company 1 on B.
      await onA.connection.invoke('SendCatalogueUpdate', 'Category', 1, 1, null, null, 1, 20, null, null, null, null);
      const [, categories] = await browsing.next(([type]) => type === 'Category');
      expect((categories as { Items: unknown[] }).Items.length).toBeGreaterThan(0);
      printFigures('several instances (postgres + redis)', {
        instances: fleet.urls.length,
        'cart change to pushes on both instances (ms)': cartMs.toFixed(1),
        'company push crossed instances': 'yes',
      });
    } finally {
      await Promise.all([onA.connection.stop(), onB.connection.stop(), browsing.connection.stop()]);
    }
  }, 60_000);
});
