import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HttpTransportType, type HubConnection } from '@microsoft/signalr';
import { reconnectDelay } from '../../machines/hub.machine.js';
import { runShop } from '../../server/cli/shop.js';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../helpers/round-robin-proxy.js';
import { startPrivateRedis, type PrivateRedis } from '../helpers/redis-server.js';
import { testDatabaseUrl, testDialect } from '../helpers/server-app.js';
import { TRANSPORTS } from './hub-test-kit.js';

/**
 * Two shop instances (separate processes, one database, one Redis of the test's own) behind a
 * round-robin balancer without sticky sessions. Storefront clients on each transport go through
 * the balancer; a control client talks to one instance directly. An instance is killed, Redis is
 * restarted, the clients' network drops; while they are away the shop changes prices and stock,
 * and every client must end showing what the control client and a fresh read show.
 */

const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-chaos-'));
let redis: PrivateRedis;
const instances: ShopServer[] = [];
let proxy: RoundRobinProxy;
let env: Record<string, string>;

interface Shown {
  sRate: number;
  oRate: number | null;
  stockQty: number;
}

interface ProductView extends Shown {
  productId: number;
}

const shownOf = (p: ProductView): Shown => ({ sRate: p.sRate, oRate: p.oRate, stockQty: p.stockQty });

/**
 * What a storefront tab shows of some products, kept the way the browser app keeps it: pushes
 * (ReceiveCatalogueUpdate) are applied as they come; on connecting and on every reconnect it
 * joins the company group again and reads the products afresh through the REST API.
 */
class StorefrontTab {
  readonly shown = new Map<number, Shown>();
  readonly connection: HubConnection;
  pushes = 0;
  reconnects = 0;
  /** Connections (first and again) after which the products were read afresh. */
  synced = 0;

  constructor(
    readonly name: string,
    hubUrl: string,
    private readonly restUrl: string,
    transport: HttpTransportType,
    private readonly productIds: number[],
  ) {
    this.connection = new HubConnectionBuilder()
      .withUrl(`${hubUrl}/catalogueHub`, { transport, skipNegotiation: false })
      // The storefront's own schedule (machines/hub.machine.ts): 1 s, 1.5 s × 4, then every 30 s.
      .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (context) => reconnectDelay(context.previousRetryCount) })
      .configureLogging(process.env.HUB_DEBUG ? LogLevel.Debug : LogLevel.None)
      .build();
    this.connection.on('ReceiveCatalogueUpdate', (type: string, data: { BranchId?: number; Items?: ProductView[] }) => {
      if ((type !== 'Product' && type !== 'ProductDetails') || data.BranchId !== 1) return;
      this.pushes += 1;
      for (const item of data.Items ?? []) if (this.productIds.includes(item.productId)) this.shown.set(item.productId, shownOf(item));
    });
    this.connection.onreconnected(() => {
      this.reconnects += 1;
      void this.sync();
    });
  }

  async start(): Promise<void> {
    await this.connection.start();
    await this.sync();
  }

  private async sync(): Promise<void> {
    try {
      await this.connection.invoke('JoinCompanyGroup', 1);
      const read = await Promise.all(this.productIds.map((id) => readProduct(this.restUrl, id)));
      for (const product of read) this.shown.set(product.productId, shownOf(product));
      this.synced += 1;
    } catch {
      // Dropped again while catching up: the next reconnect catches up.
    }
  }

  get connectionId(): string | null {
    return this.connection.connectionId ?? null;
  }
}

async function readProduct(base: string, productId: number): Promise<ProductView> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`${base}/api/Product/detail/${productId}?branchId=1`);
      if (response.ok) return ((await response.json()) as { Data: ProductView }).Data;
      if (attempt >= 5) throw new Error(`product ${productId}: ${response.status}`);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function shop(server: string, ...args: string[]): Promise<void> {
  const out: string[] = [];
  const code = await runShop(
    args,
    { ...env, SHOP_SERVER_URL: server },
    (line) => out.push(line),
    (line) => out.push(line),
  );
  expect(code, out.join('\n')).toBe(0);
}

const tabStates = () =>
  [control, ...tabs].map((tab) => `${tab.name}: ${tab.connection.state}, read afresh ${tab.synced} times, ${tab.reconnects} reconnects`).join('; ');

async function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what} (${tabStates()})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function startInstance(port?: number): Promise<ShopServer> {
  return startShopServer({
    dataDir,
    port,
    env: {
      REDIS_URL: redis.url,
      HUB_CHANNEL_PREFIX: `chaos:${schema}:`,
      ...(testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema } : {}),
    },
  });
}

let productIds: number[] = [];
let control: StorefrontTab;
let tabs: StorefrontTab[] = [];
let round = 0;
let restarting: Promise<ShopServer> | undefined;

beforeAll(async () => {
  redis = await startPrivateRedis();
  // One after the other: the first migrates and seeds the shared database.
  instances.push(await startInstance());
  instances.push(await startInstance());
  proxy = await startRoundRobinProxy(instances.map((i) => i.url));
  let databaseUrl = '';
  if (testDatabaseUrl) {
    const url = new URL(testDatabaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: '' };
  const listed = (await (await fetch(`${instances[0]?.url}/api/products?companyId=1&branchId=1&pageSize=50`)).json()) as {
    Data: (ProductView & { isVariantEnabled: boolean })[];
  };
  productIds = listed.Data.filter((p) => !p.isVariantEnabled)
    .slice(0, 3)
    .map((p) => p.productId);
  expect(productIds).toHaveLength(3);
  control = new StorefrontTab('control', instances[0]?.url ?? '', instances[0]?.url ?? '', TRANSPORTS[0][1], productIds);
  await control.start();
  tabs = TRANSPORTS.map(([name, transport]) => new StorefrontTab(name, proxy.url, proxy.url, transport, productIds));
  await Promise.all(tabs.map((tab) => tab.start()));
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([control?.connection.stop(), ...tabs.map((tab) => tab.connection.stop())]);
  await proxy?.close();
  await Promise.allSettled([...instances.map((i) => i.stop('SIGKILL')), restarting?.then((i) => i.stop('SIGKILL'))]);
  await redis?.stop();
  if (testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const tab of tabs) console.log(`${tab.name}: ${tab.pushes} pushes, ${tab.reconnects} reconnects`);
});

/** Changes the shop makes through its command line (which tells the running server): a price and a stock level per product. */
async function changeCatalogue(server: string): Promise<void> {
  round += 1;
  for (const [index, id] of productIds.entries()) {
    await shop(server, 'price', '--product', String(id), '--branch', '1', '--rate', String(100 + round * 10 + index), '--no-offer');
  }
  await shop(server, 'stock', '--product', String(productIds[0]), '--branch', '1', '--qty', String(40 + round));
}

/**
 * Every tab reconnected (when `away`) and caught up, then one more change reaches all of them
 * by push; each ends showing what the control and a fresh read show.
 */
async function expectEveryTabCaughtUp(scenario: string, away: StorefrontTab[], before: Map<StorefrontTab, number>, liveServer: string): Promise<void> {
  await until('every tab reconnected and read afresh', () =>
    away.every((tab) => tab.connection.state === HubConnectionState.Connected && tab.synced > (before.get(tab) ?? 0)),
  );
  const truth = new Map((await Promise.all(productIds.map((id) => readProduct(liveServer, id)))).map((p) => [p.productId, shownOf(p)]));
  const mismatches = () => [control, ...tabs].filter((tab) => productIds.some((id) => JSON.stringify(tab.shown.get(id)) !== JSON.stringify(truth.get(id))));
  await until('every tab shows the catalogue as it is', () => mismatches().length === 0, 5_000).catch(() => undefined);
  const mismatched = mismatches().length;
  expect(Object.fromEntries([control, ...tabs].map((tab) => [tab.name, Object.fromEntries(tab.shown)]))).toEqual(
    Object.fromEntries([control, ...tabs].map((tab) => [tab.name, Object.fromEntries(truth)])),
  );
  // Live again: a change made now arrives by push everywhere.
  const pushesBefore = new Map([control, ...tabs].map((tab) => [tab, tab.pushes]));
  await shop(liveServer, 'price', '--product', String(productIds[1]), '--branch', '1', '--rate', String(500 + round), '--no-offer');
  await until('the next change reached every tab by push', () =>
    [control, ...tabs].every((tab) => tab.pushes > (pushesBefore.get(tab) ?? 0) && tab.shown.get(productIds[1] ?? 0)?.sRate === 500 + round),
  );
  console.log(
    `${scenario}: ${[control, ...tabs].map((tab) => `${tab.name} ${tab.pushes} pushes/${tab.reconnects} reconnects`).join(', ')}; mismatches=${mismatched}`,
  );
}

describe(`live catalogue across two instances without sticky sessions (${testDialect})`, () => {
  it('a tab on an instance that is killed reconnects to the other and catches up', async () => {
    // Every tab's connection on the second instance: reconnect the ones the balancer put on the first.
    const victim = instances[1] as ShopServer;
    for (const tab of tabs) {
      for (let tries = 0; proxy.owners.get(tab.connectionId ?? '') !== victim.url && tries < 10; tries += 1) {
        await tab.connection.stop();
        // One request more or less moves the balancer's turn for the next negotiate.
        if (tries % 2 === 1) await fetch(`${proxy.url}/api/Company/details/1`);
        await tab.start();
      }
      expect(proxy.owners.get(tab.connectionId ?? ''), tab.name).toBe(victim.url);
    }
    const before = new Map(tabs.map((tab) => [tab, tab.synced]));
    await victim.stop('SIGKILL');
    await changeCatalogue(instances[0]?.url ?? '');
    await expectEveryTabCaughtUp('instance killed', tabs, before, instances[0]?.url ?? '');
    restarting = startInstance(victim.port);
  });

  it('Redis restarting loses no change: every instance asks its clients to catch up once it is back', async () => {
    if (restarting) instances[1] = await restarting;
    const before = new Map([control, ...tabs].map((tab) => [tab, tab.synced]));
    await redis.stop();
    await changeCatalogue(instances[1]?.url ?? '');
    await new Promise((r) => setTimeout(r, 500));
    await redis.start();
    await expectEveryTabCaughtUp('Redis restarted', [control, ...tabs], before, instances[0]?.url ?? '');
  });

  it('a tab whose network drops reconnects and catches up with what changed meanwhile', async () => {
    const before = new Map(tabs.map((tab) => [tab, tab.synced]));
    proxy.cut(1_500);
    await changeCatalogue(instances[round % 2]?.url ?? '');
    await expectEveryTabCaughtUp('network dropped', tabs, before, instances[0]?.url ?? '');
  });
});
