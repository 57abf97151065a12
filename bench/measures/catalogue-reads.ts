import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { row, type BenchRow } from '../bench-row.js';
import { openLoop } from '../open-loop.js';
import { freePort } from '../../tests/helpers/shop-server.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';

const ROUND_S = 4;
const ROUNDS = 3;
const HALF_LOAD_S = 6;
const CONNECTIONS = 50;
/** What every phone browser sends; the hello-world route ignores it. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function startHello(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'hello-server.ts')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hello server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill('SIGTERM') };
}

interface Saturated {
  rps: number;
  p99: number;
  errors: number;
}

async function saturate(url: string, duration = ROUND_S): Promise<Saturated> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers: HEADERS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function atRate(url: string, rate: number): Promise<{ p99: number; errors: number }> {
  const target = new URL(url);
  const result = await openLoop({ url: target.origin, rate, durationS: HALF_LOAD_S, headers: HEADERS, path: () => `${target.pathname}${target.search}` });
  return { p99: result.p99, errors: result.errors + result.non2xx };
}

/** The best of each URL over interleaved rounds, so a burst of other work on the machine hits every URL alike. */
async function interleaved(urls: string[]): Promise<Saturated[]> {
  for (const url of urls) await saturate(url, 1);
  const best: Saturated[] = urls.map(() => ({ rps: 0, p99: 0, errors: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, url] of urls.entries()) {
      const result = await saturate(url);
      const current = best[i] as Saturated;
      best[i] = { rps: Math.max(current.rps, result.rps), p99: result.rps >= current.rps ? result.p99 : current.p99, errors: current.errors + result.errors };
    }
  }
  return best;
}

/** Product list and detail throughput against the hello-world rate, and p99 at half that load. */
export async function measureCatalogueReads(shop: ShopServer): Promise<BenchRow[]> {
  const hello = await startHello();
  try {
    const endpoints = [
      ['Catalogue reads: product list', `${shop.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20`],
      ['Catalogue reads: product detail', `${shop.url}/api/Product/detail/1?branchId=1`],
    ] as const;
    const [baseline, ...measured] = await interleaved([hello.url, ...endpoints.map(([, url]) => url)]);
    if (!baseline) throw new Error('the hello-world baseline was not measured');
    const rows: BenchRow[] = [];
    for (const [i, [name, url]] of endpoints.entries()) {
      const full = measured[i] as Saturated;
      const half = await atRate(url, full.rps / 2);
      rows.push(
        row({
          name,
          value: Math.round(full.rps),
          unit: 'req/s',
          baseline: Math.round(baseline.rps),
          baselineLabel: 'bare Fastify hello-world',
          target: '>= 70% of hello-world; p99 < 20 ms at half load',
          pass: full.rps >= 0.7 * baseline.rps && half.p99 < 20 && full.errors === 0 && half.errors === 0,
          details: { p99AtHalfLoadMs: half.p99, p99SaturatedMs: full.p99, errors: full.errors + half.errors },
        }),
      );
    }
    return rows;
  } finally {
    hello.stop();
  }
}
