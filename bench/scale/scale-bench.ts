/**
 * `npm run bench -- --scale`: the shop's read paths as the catalogue and the order history grow.
 *
 *   npm run bench -- --scale                       1,000 and 10,000 products (100,000 orders), SQLite and PostgreSQL
 *   npm run bench -- --scale --full                also 100,000 products with 1,000,000 orders
 *   npm run bench -- --scale --dialect sqlite      one database only
 *
 * Each step seeds a fresh shop (bench/scale/scale-seed.ts) behind the compiled server, then per
 * read path measures the maximum throughput (closed loop) and p50/p99 latency at half of it
 * (open loop at that rate, evenly spaced: bench/open-loop.ts). Requests spread over many
 * products, pages and orders, and are asked as a signed-in customer, whose catalogue answers the
 * cache never keeps: each row measures the database work (and names how many answers the cache
 * served, which stays 0).
 * Prints a table per database, writes bench/results.json's `scale` part (with this machine's
 * description) and the chart docs/performance-scale.svg.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type SqlDialect } from '../../server/db/database.js';
import { buildServer, startShopServer, type ShopServer } from '../../tests/helpers/shop-server.js';
import { BENCH_JWT_SECRET } from '../bench-customers.js';
import { seedScale, type ScaleShop } from './scale-seed.js';
import { scaleChart } from './scale-chart.js';
import { keepExtensionsShared } from '../../tests/helpers/pg-extensions.js';
import { openLoopInThread, openLoopRequests } from '../open-loop.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SATURATE_S = 3;
const HALF_LOAD_S = 6;
const CONNECTIONS = 32;

export interface ScalePoint {
  dialect: SqlDialect;
  products: number;
  orders: number;
  path: string;
  maxRps: number;
  p50AtHalfMs: number;
  p99AtHalfMs: number;
  errors: number;
  /** Share of the answers at half load the catalogue cache served (x-cache: hit). */
  cacheHits: number;
}

interface ReadPath {
  name: string;
  /** A request path for the i-th request, spread over the shop. */
  url: (shop: ScaleShop, i: number) => string;
}

const pick = (i: number, n: number) => ((i * 2_654_435_761) >>> 0) % n;

export const READ_PATHS: ReadPath[] = [
  { name: 'product list, first page', url: (s, i) => `/api/products?companyId=1&branchId=${s.branches[pick(i, s.branches.length)]}&pageNumber=1&pageSize=20` },
  {
    name: 'product list, deep page',
    url: (s, i) => `/api/products?companyId=1&branchId=${s.branches[0]}&pageNumber=${1 + pick(i, Math.max(1, Math.floor(s.products / 20)))}&pageSize=20`,
  },
  {
    name: 'category',
    url: (s, i) =>
      `/api/products?companyId=1&branchId=${s.branches[0]}&categoryId=${s.categoryIds[pick(i, s.categoryIds.length)]}&pageNumber=${1 + pick(i, 5)}&pageSize=20`,
  },
  {
    name: 'search',
    url: (s, i) =>
      `/api/products?companyId=1&branchId=${s.branches[0]}&search=${encodeURIComponent(`fish ${s.firstProductId + pick(i, s.products)}`)}&pageNumber=1&pageSize=20`,
  },
  { name: 'product detail', url: (s, i) => `/api/Product/detail/${s.firstProductId + pick(i, s.products)}?branchId=${s.branches[0]}` },
  { name: 'cart', url: (s) => `/api/Cart?branchId=${s.branches[0]}&pageNumber=1&pageSize=50` },
  {
    name: 'checkout summary',
    url: (s) => `/api/Order/checkout?branchId=${s.branches[0]}&deliveryId=${s.slotId}&isWalletLoyality=false&isWalletAmount=false`,
  },
  {
    name: 'order list (1,000 orders)',
    url: (s, i) => `/api/Order/customer/${s.heavyCustomer.customerId}?filterType=all&pageNumber=${1 + pick(i, 100)}&pageSize=10`,
  },
  {
    name: 'order list, filtered',
    url: (s, i) => `/api/Order/customer/${s.heavyCustomer.customerId}?filterType=month&orderStatus=Delivered&pageNumber=${1 + pick(i, 3)}&pageSize=10`,
  },
  { name: 'order detail', url: (s, i) => `/api/Order/${s.heavyOrderIds[pick(i, s.heavyOrderIds.length)]}` },
];

function parseArgs(argv: string[]) {
  const full = argv.includes('--full');
  const dialectArg = argv[argv.indexOf('--dialect') + 1];
  const dialects: SqlDialect[] = argv.includes('--dialect') && (dialectArg === 'sqlite' || dialectArg === 'postgres') ? [dialectArg] : ['sqlite', 'postgres'];
  const steps = [{ products: 1_000, orders: 10_000 }, { products: 10_000, orders: 100_000 }, ...(full ? [{ products: 100_000, orders: 1_000_000 }] : [])];
  return { dialects, steps };
}

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function withPgSchema<T>(run: (schema: string) => Promise<T>): Promise<T> {
  const schema = `scale_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await keepExtensionsShared(admin);
  await admin.query(`create schema "${schema}"`);
  try {
    return await run(schema);
  } finally {
    await admin.query(`drop schema "${schema}" cascade`).catch(() => undefined);
    await admin.end();
  }
}

/** Opens the shop's database beside the running server and seeds it. */
async function seedRunning(
  server: ShopServer,
  dialect: SqlDialect,
  schema: string | undefined,
  counts: { products: number; orders: number },
): Promise<ScaleShop> {
  const handle =
    dialect === 'postgres'
      ? openDatabase({ dataDir: server.dataDir, databaseUrl: PG_URL, pgSchema: schema, poolSize: 2 })
      : openDatabase({ dataDir: server.dataDir });
  try {
    return await seedScale(handle.db, dialect, counts);
  } finally {
    await handle.close();
  }
}

async function measurePath(server: ShopServer, shop: ScaleShop, readPath: ReadPath, dialect: SqlDialect): Promise<ScalePoint> {
  let i = 0;
  // Every path is asked as the signed-in customer, whose answers carry their own cart quantities,
  // of a server that keeps no catalogue answer (CATALOGUE_ANSWER_MAX_AGE_MS=0): the maximum and
  // the half load both measure the database work (a kept answer's share would depend on the rate).
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip', authorization: `Bearer ${shop.heavyCustomer.token}` };
  const requests = [{ method: 'GET', setupRequest: (req: { path?: string }) => ({ ...req, path: readPath.url(shop, (i += 1)) }) }];
  // The first answer says whether the path works at all.
  const probe = await fetch(`${server.url}${readPath.url(shop, 0)}`, { headers });
  if (!probe.ok) throw new Error(`${readPath.name}: ${probe.status} ${(await probe.text()).slice(0, 200)}`);
  await autocannon({ url: server.url, connections: 8, duration: 1, headers, requests });
  const full = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SATURATE_S, headers, requests });
  const load = { url: server.url, rate: Math.max(1, full.requests.average / 2), durationS: HALF_LOAD_S, headers };
  const asked = i;
  const paths = Array.from({ length: openLoopRequests(load).total }, (_, n) => readPath.url(shop, asked + n + 1));
  const half = await openLoopInThread({ ...load, paths });
  return {
    dialect,
    products: shop.products,
    orders: shop.orders,
    path: readPath.name,
    maxRps: Math.round(full.requests.average),
    p50AtHalfMs: half.p50,
    p99AtHalfMs: half.p99,
    errors: full.errors + full.non2xx + half.errors + half.non2xx,
    cacheHits: half.answered === 0 ? 0 : half.cacheHits / half.answered,
  };
}

function printTable(points: ScalePoint[], dialect: SqlDialect, stepsProducts: number[]): void {
  const header = [
    'path',
    ...stepsProducts.map((p) => `${p.toLocaleString('en-IN')} products: max req/s · p50/p99 ms at half`),
    'throughput kept',
    'p99 < 20 ms',
  ];
  const lines = READ_PATHS.map((readPath) => {
    const mine = stepsProducts.map((p) => points.find((x) => x.dialect === dialect && x.path === readPath.name && x.products === p));
    const first = mine[0];
    const last = mine.at(-1);
    const kept = first && last && first.maxRps > 0 ? `${Math.round((last.maxRps / first.maxRps) * 100)}%` : '—';
    return [
      readPath.name,
      ...mine.map((m) => (m ? `${m.maxRps} · ${m.p50AtHalfMs}/${m.p99AtHalfMs}${m.errors ? ` (${m.errors} errors)` : ''}` : '—')),
      kept,
      last ? (last.p99AtHalfMs < 20 && last.errors === 0 ? 'met' : 'MISSED') : '—',
    ];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => (l[c] ?? '').length)));
  const format = (l: string[]) => l.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
  console.log(`\n${dialect}\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}`);
}

function machine(): Record<string, string | number> {
  const cpu = os.cpus()[0];
  return {
    cpus: os.cpus().length,
    cpu: cpu?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export async function runScaleBench(argv: string[]): Promise<void> {
  const { dialects, steps } = parseArgs(argv);
  const usable: SqlDialect[] = [];
  for (const dialect of dialects) {
    if (dialect === 'postgres' && !(await pgReachable())) console.log(`PostgreSQL at ${PG_URL} is not reachable: its curve is left out.`);
    else usable.push(dialect);
  }
  console.log('Compiling the server…');
  const serverBuild = await buildServer();
  const points: ScalePoint[] = [];
  const seeds: Record<string, number> = {};
  for (const dialect of usable) {
    for (const step of steps) {
      const run = async (schema?: string) => {
        // No catalogue answer is kept (CATALOGUE_ANSWER_MAX_AGE_MS=0): every read is built from the database.
        const env: Record<string, string> = { LOG_LEVEL: 'warn', JWT_SECRET: BENCH_JWT_SECRET, SERVE_CLIENT: '0', CATALOGUE_ANSWER_MAX_AGE_MS: '0' };
        if (schema) Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
        const server = await startShopServer({ serverBuild, env });
        try {
          console.log(`${dialect}: seeding ${step.products.toLocaleString('en-IN')} products and ${step.orders.toLocaleString('en-IN')} orders…`);
          const shop = await seedRunning(server, dialect, schema, step);
          seeds[`${dialect} ${step.products}`] = Math.round(shop.seedSeconds);
          console.log(`  seeded in ${shop.seedSeconds.toFixed(1)} s; measuring ${READ_PATHS.length} paths…`);
          // The server reads every branch's listing ahead when it starts (warmListings); these
          // branches were seeded after, so each is asked for once before measuring, as that would have.
          for (const branchId of shop.branches) {
            const res = await fetch(`${server.url}/api/products?companyId=1&branchId=${branchId}&pageNumber=1&pageSize=1`);
            if (!res.ok) throw new Error(`branch ${branchId}'s list: ${res.status}`);
          }
          for (const readPath of READ_PATHS) {
            try {
              points.push(await measurePath(server, shop, readPath, dialect));
            } catch (error) {
              console.log(`  ${readPath.name}: ${error instanceof Error ? error.message : String(error)}`);
            }
          }
        } finally {
          await server.stop();
          fs.rmSync(server.dataDir, { recursive: true, force: true });
        }
      };
      if (dialect === 'postgres') await withPgSchema(run);
      else await run();
    }
  }
  fs.rmSync(serverBuild, { recursive: true, force: true });
  const stepsProducts = steps.map((s) => s.products);
  for (const dialect of usable) printTable(points, dialect, stepsProducts);
  const resultsFile = path.join(root, 'bench', 'results.json');
  const results = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>) : {};
  results.scale = { measuredAt: new Date().toISOString(), machine: machine(), seedSeconds: seeds, points };
  fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(
    path.join(root, 'docs', 'performance-scale.svg'),
    scaleChart(
      points,
      READ_PATHS.map((p) => p.name),
    ),
  );
  console.log('\nWrote bench/results.json (scale) and docs/performance-scale.svg');
}
