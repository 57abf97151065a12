/**
 * SendCatalogueUpdate takes every argument as nullable (spec section 7). For ProductDetails and
 * OfferProducts a null id asks for the whole branch: the page of listed products, or the page of
 * products of every offer running there. The pushed items are what the shop's own API answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType } from '@microsoft/signalr';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';
import { freePort } from '../helpers/shop-server.js';
import { hubClient, type Push } from './hub-test-kit.js';

interface Listed {
  productId: number;
  sRate: number;
}

let database: TestDatabase;
let app: App;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({}, { dataDir: database.dataDir, serveClient: false, logLevel: 'silent', redisUrl: undefined });
  app = await buildApp({ config, database: database.handle, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

async function apiItems(url: string): Promise<Listed[]> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return (response.json() as { Data: Listed[] }).Data;
}

const idsOf = (items: Listed[]) => items.map((item) => item.productId).sort((a, b) => a - b);
const itemsOf = (push: Push) => (push[1] as { BranchId: number; Items: Listed[] }).Items;

async function watching() {
  const asker = hubClient(baseUrl, HttpTransportType.WebSockets);
  const watcher = hubClient(baseUrl, HttpTransportType.WebSockets);
  await Promise.all([asker.connection.start(), watcher.connection.start()]);
  await asker.connection.invoke('JoinCompanyGroup', 1);
  await watcher.connection.invoke('JoinCompanyGroup', 1);
  return { asker, watcher, stop: () => Promise.all([asker.connection.stop(), watcher.connection.stop()]) };
}

describe('SendCatalogueUpdate with a null id', () => {
  it('ProductDetails pushes the branch’s listed products of that page to the company group', async () => {
    const { asker, watcher, stop } = await watching();
    try {
      await asker.connection.invoke('SendCatalogueUpdate', 'ProductDetails', 1, 1, null, null, 1, 5, null, null, null, null);
      const push = await watcher.next(([type]) => type === 'ProductDetails');
      expect((push[1] as { BranchId: number }).BranchId).toBe(1);
      const listed = await apiItems('/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=5');
      expect(listed.length).toBe(5);
      expect(idsOf(itemsOf(push))).toEqual(idsOf(listed));
      expect(itemsOf(push).map((item) => item.sRate)).toEqual(listed.map((item) => item.sRate));
    } finally {
      await stop();
    }
  });

  it('OfferProducts pushes the products of every offer running in the branch', async () => {
    const { asker, watcher, stop } = await watching();
    try {
      const offers = (await app.inject({ method: 'GET', url: '/api/Offer/all/1/1' })).json() as { Data: { offerId: number }[] };
      expect(offers.Data.length, 'the demo shop runs offers in branch 1').toBeGreaterThan(0);
      const expected = new Set<number>();
      for (const offer of offers.Data) {
        for (const item of await apiItems(`/api/Offer/products/${offer.offerId}?branchId=1&pageNumber=1&pageSize=100`)) expected.add(item.productId);
      }

      await asker.connection.invoke('SendCatalogueUpdate', 'OfferProducts', 1, 1, null, null, 1, 100, null, null, null, null);
      const push = await watcher.next(([type]) => type === 'OfferProducts');
      expect(idsOf(itemsOf(push))).toEqual([...expected].sort((a, b) => a - b));
    } finally {
      await stop();
    }
  });

  it('an id still narrows the push to that product or offer', async () => {
    const { asker, watcher, stop } = await watching();
    try {
      const [first] = await apiItems('/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=1');
      await asker.connection.invoke('SendCatalogueUpdate', 'ProductDetails', 1, 1, null, first?.productId, null, null, null, null, null, null);
      const push = await watcher.next(([type]) => type === 'ProductDetails');
      expect(idsOf(itemsOf(push))).toEqual([first?.productId]);
    } finally {
      await stop();
    }
  });
});
