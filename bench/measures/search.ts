import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { row, type BenchRow } from '../bench-row.js';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config/env.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.js';
import { rebuildSearchIndex } from '../../server/repositories/search-index-repository.js';
import { PRODUCTS } from '../../server/db/seed/catalogue-data.js';
import { keepExtensionsShared } from '../../tests/helpers/pg-extensions.js';

/** Products the search is measured over, on top of the demo catalogue. */
const PRODUCT_COUNT = 10_000;
const TARGET_P99_MS = 20;
const ROUNDS = 25;
const WARM_UP_ROUNDS = 3;
/** Where PostgreSQL is looked for when no address is given; a bench without it measures SQLite alone. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

const SEARCHES = ['prawn', 'prwn', 'seer fish', 'neymeen', 'karimeen', 'mathi', 'kingfsh', 'pomfert', 'chemmeen', 'kochi sardine', 'frozen sardin', 'xyzzy'];
const SUGGESTIONS = ['pr', 'prw', 'kari', 'neym', 'sea f', 'mackrel', 'kolla', 'chem', 'frozen pom', 'ayl'];

const PREFIXES = ['Fresh', 'Frozen', 'Premium', 'Jumbo', 'Baby', 'Wild', 'Farmed', 'Smoked', 'Salted', 'Export'];
const PLACES = ['Kochi', 'Kollam', 'Alappuzha', 'Kozhikode', 'Kannur', 'Mangaluru', 'Goa', 'Chennai', 'Vizag', 'Tuticorin'];

interface Bench {
  app: App;
  close(): Promise<void>;
}

/** 10,000 more products of company 1, listed at branch 1, inserted in bulk, then indexed. */
export async function addProducts(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const now = new Date().toISOString();
  const categories = await db.selectFrom('categories').select(['id']).where('company_id', '=', 1).where('active', '=', 1).execute();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < PRODUCT_COUNT; start += 500) {
      const products = [];
      const stock = [];
      for (let i = start; i < Math.min(start + 500, PRODUCT_COUNT); i += 1) {
        const id = 100_000 + i;
        const base = PRODUCTS[i % PRODUCTS.length];
        const name = `${PREFIXES[Math.floor(i / PRODUCTS.length) % PREFIXES.length]} ${base?.name ?? 'Fish'} – ${PLACES[i % PLACES.length]} ${i}`;
        const description = base?.description ?? '';
        products.push({
          id,
          company_id: 1,
          category_id: categories[i % categories.length]?.id ?? 1,
          name,
          description,
          image: '/images/products/seer-fish.svg',
          unit_label: '500 g',
          is_variant_enabled: 0,
          active: 1,
          search_text: `${name} ${description}`.toLowerCase(),
          sort_order: 1000 + i,
          created_at: now,
          updated_at: now,
        });
        stock.push({
          branch_id: 1,
          product_id: id,
          variant_id: 0,
          s_rate: 25_000,
          o_rate: null,
          available: 10,
          reserved: 0,
          sold: 0,
          active: 1,
          updated_at: now,
        });
      }
      await trx.insertInto('products').values(products).execute();
      await trx.insertInto('branch_stock').values(stock).execute();
    }
    await rebuildSearchIndex(trx, 1);
  });
  // A shop's tables have planner figures; ten thousand rows written at once have none yet.
  if (handle.dialect === 'postgres') await sql`analyze products, branch_stock`.execute(db);
}

async function startBench(databaseUrl: string | undefined): Promise<Bench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-bench-search-'));
  const schema = databaseUrl ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  if (databaseUrl && schema) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await keepExtensionsShared(admin);
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
  }
  const handle = openDatabase({ dataDir, ...(databaseUrl && schema ? { databaseUrl, pgSchema: schema, poolSize: 4 } : {}) });
  await migrateToLatest(handle);
  // No catalogue answer is kept: every search is built from the database.
  const config = loadConfig({}, { dataDir, serveClient: false, logLevel: 'silent', catalogueAnswerMaxAgeMs: 0 });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  await addProducts(handle);
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
      if (databaseUrl && schema) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The 99th percentile of the timings of every URL asked ROUNDS times, in ms. Each round adds
 * spaces the server trims to the query, so every request is a new URL the catalogue cache has
 * not kept: what is measured is the search itself.
 */
async function p99(app: App, urls: ((round: number) => string)[]): Promise<number> {
  return (await timings(app, urls)).p99;
}

/** The median and 99th percentile, in ms, of every URL asked ROUNDS times (see p99). */
async function timings(app: App, urls: ((round: number) => string)[]): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round += 1) {
    for (const urlOf of urls) {
      const url = urlOf(round);
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      if (round >= WARM_UP_ROUNDS) times.push(took);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(times.length * q) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

const round1 = (ms: number): number => Math.round(ms * 10) / 10;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function measureOn(label: string, databaseUrl: string | undefined): Promise<BenchRow[]> {
  const bench = await startBench(databaseUrl);
  try {
    const pad = (round: number) => '%20'.repeat(round);
    const list = (search: string | null) => (round: number) =>
      search === null
        ? `/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=${20 + round}`
        : `/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20&search=${encodeURIComponent(search)}${pad(round)}`;
    const plain = await p99(bench.app, [list(null)]);
    const searched = await timings(bench.app, SEARCHES.map(list));
    const suggested = await timings(
      bench.app,
      SUGGESTIONS.map((q) => (round: number) => `/api/search/suggestions?companyId=1&branchId=1&q=${encodeURIComponent(q)}${pad(round)}`),
    );
    const common = { unit: 'ms p99', baseline: round1(plain), baselineLabel: 'unsearched list', target: `p99 < ${TARGET_P99_MS} ms` };
    return [
      row({
        name: `Search (${label}, 10,000 products): product list`,
        value: round1(searched.p99),
        pass: searched.p99 < TARGET_P99_MS,
        details: { medianMs: round1(searched.p50), queries: SEARCHES.length, requests: SEARCHES.length * ROUNDS },
        ...common,
      }),
      row({
        name: `Search (${label}, 10,000 products): suggestions`,
        value: round1(suggested.p99),
        pass: suggested.p99 < TARGET_P99_MS,
        details: { medianMs: round1(suggested.p50), queries: SUGGESTIONS.length, requests: SUGGESTIONS.length * ROUNDS },
        ...common,
      }),
    ];
  } finally {
    await bench.close();
  }
}

/**
 * Search and suggestion latency over 10,000 products, measured in process (app.inject, no
 * network) on SQLite, and on PostgreSQL when BENCH_DATABASE_URL (or the local test database)
 * answers. Typos, local names, prefixes and a query that matches nothing are mixed.
 */
export async function measureSearch(): Promise<BenchRow[]> {
  if (process.env.BENCH_SEARCH_PROFILE) return profile();
  const rows = await measureOn('SQLite', undefined);
  const postgres = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  if (await reachable(postgres)) rows.push(...(await measureOn('PostgreSQL', postgres)));
  return rows;
}

/** Per query timings, for finding the slow one (BENCH_SEARCH_PROFILE=1). */
async function profile(): Promise<BenchRow[]> {
  const bench = await startBench(process.env.BENCH_SEARCH_PROFILE === 'pg' ? LOCAL_POSTGRES : undefined);
  try {
    for (const q of SUGGESTIONS) {
      const ms = await p99(bench.app, [(round) => `/api/search/suggestions?companyId=1&branchId=1&q=${encodeURIComponent(q)}${'%20'.repeat(round)}`]);
      console.log('suggest', q, ms.toFixed(1));
    }
    for (const q of SEARCHES) {
      const ms = await p99(bench.app, [(round) => `/api/products?companyId=1&branchId=1&search=${encodeURIComponent(q)}${'%20'.repeat(round)}`]);
      console.log('search', q, ms.toFixed(1));
    }
  } finally {
    await bench.close();
  }
  return [];
}
