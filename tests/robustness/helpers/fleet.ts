import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../server/db/database.js';
import { stockTotals, type StockBaseline } from '../../../server/services/invariants.js';
import { freePort, startShopServer, type ShopServer } from '../../helpers/shop-server.js';
import { createStorage, redisUrl, type Backend, type Storage } from './backends.js';

/**
 * Real server processes (server/main.ts) on loopback sharing one store: SQLite in a data
 * folder (one instance) or a PostgreSQL schema plus Redis (several). Each instance keeps its
 * port across SIGKILLs and restarts, so clients keep their addresses.
 */
export interface Fleet {
  backend: Backend;
  storage: Storage;
  urls: string[];
  /** The test's own connection to the shop's database. */
  handle: DatabaseHandle;
  /** Totals per stock line after the fleet stocked the shop. */
  baseline: StockBaseline;
  alive(i: number): boolean;
  kill(i: number): Promise<void>;
  restart(i: number): Promise<void>;
  output(i: number): string;
  close(): Promise<void>;
}

export interface FleetOptions {
  instances: number;
  env?: Record<string, string>;
  /** Units put on every branch-1 stock line before the totals are recorded. */
  stockPerLine?: number;
}

/** Makes a shop ready for crowds: deep stock, slots with room, known settings. Then records the totals. */
async function stockTheShop(handle: DatabaseHandle, perLine: number): Promise<StockBaseline> {
  const db = handle.db;
  await db
    .updateTable('branch_stock')
    .set({ available: sql`${perLine} - reserved - sold` })
    .where('branch_id', '=', 1)
    .where('active', '=', 1)
    .execute();
  await db.updateTable('delivery_slots').set({ capacity: 1_000_000 }).execute();
  await db.deleteFrom('settings').where('company_id', '=', 1).where('key_code', '=', 'MIN ORDER AMOUNT').execute();
  return stockTotals(db);
}

export async function startFleet(backend: Backend, options: FleetOptions): Promise<Fleet> {
  if (backend === 'sqlite' && options.instances !== 1) throw new Error('SQLite serves one instance; use PostgreSQL for several');
  const storage = await createStorage(backend);
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const shared: Record<string, string> =
    backend === 'postgres'
      ? {
          DATABASE_URL: storage.databaseUrl,
          DATABASE_SCHEMA: storage.schema ?? '',
          REDIS_URL: redisUrl,
          HUB_CHANNEL_PREFIX: `shoal:robust:${crypto.randomBytes(4).toString('hex')}:`,
        }
      : {};
  const env = { LOG_LEVEL: 'error', ...shared, ...options.env };
  const servers: (ShopServer | null)[] = ports.map(() => null);
  const start = async (i: number) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        servers[i] = await startShopServer({ port: ports[i], dataDir: storage.dataDir, env });
        return;
      } catch (error) {
        // PostgreSQL's catalogue can fail a start-up query while another test run drops its schema; try again once.
        if (attempt >= 2 || !String(error).includes('Database migration failed')) throw error;
      }
    }
  };
  // The first instance migrates and seeds; the others start on a ready database.
  await start(0);
  for (let i = 1; i < ports.length; i += 1) await start(i);
  const handle = storage.open();
  const baseline = await stockTheShop(handle, options.stockPerLine ?? 100_000);
  return {
    backend,
    storage,
    urls: ports.map((p) => `http://127.0.0.1:${p}`),
    handle,
    baseline,
    alive: (i) => servers[i] !== null,
    async kill(i) {
      const server = servers[i];
      servers[i] = null;
      await server?.stop('SIGKILL');
    },
    restart: start,
    output: (i) => servers[i]?.output() ?? '',
    async close() {
      await Promise.all(servers.map((s) => s?.stop('SIGTERM')));
      await handle.close();
      await storage.dispose();
    },
  };
}
