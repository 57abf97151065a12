import fs from 'node:fs';
import { row, type BenchRow } from '../bench-row.js';
import { connectAll, startBareServer, withWorkers, type ClientWorker } from '../hub-workers.js';
import { openDatabase } from '../../server/db/database.js';
import { SHOP_ADMIN_SECRET } from '../../server/hub/hub-announce.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';

const FAN_OUT_CLIENTS = 2000;
const IDLE_CLIENTS = 10_000;
const WORKERS = 2;
const ROUNDS = 5;
const RS = '\u001e';

async function shopSecret(dataDir: string): Promise<string> {
  const handle = openDatabase({ dataDir });
  try {
    const row = await handle.db.selectFrom('app_secrets').select('value').where('name', '=', SHOP_ADMIN_SECRET).executeTakeFirstOrThrow();
    return row.value;
  } finally {
    await handle.close();
  }
}

interface Round {
  /** Deliveries per second: clients reached over the time the last one took. */
  rate: number;
  p99: number;
  missing: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Arms every worker, fires one push, and reads when each client received it. */
async function round(workers: ClientWorker[], n: number, mode: 'signalr' | 'bare', fire: () => Promise<void>): Promise<Round> {
  await Promise.all(workers.map((w) => w.ask({ cmd: 'arm', round: n, mode }, 'armed')));
  const started = performance.timeOrigin + performance.now();
  await fire();
  const replies = await Promise.all(workers.map((w) => w.ask({ cmd: 'collect' }, 'arrivals')));
  const latencies = replies.flatMap((r) => r.at.map((t) => t - started)).sort((a, b) => a - b);
  const last = latencies.at(-1) ?? Number.NaN;
  return { rate: (latencies.length / last) * 1000, p99: percentile(latencies, 99), missing: replies.reduce((m, r) => m + r.missing, 0) };
}

const median = (rounds: Round[]): Round => [...rounds].sort((a, b) => a.rate - b.rate)[Math.floor(rounds.length / 2)] as Round;

/**
 * One catalogue change (announced as the shop's command line does) delivered by the hub to
 * 2,000 SignalR clients joined to the company group, against a bare `ws` server sending a
 * frame of the same size to 2,000 plain sockets, with the same client processes. Median of 5 alternating rounds.
 */
export async function measureHubFanOut(shop: ShopServer): Promise<BenchRow> {
  const secret = await shopSecret(shop.dataDir);
  const detail = (await (await fetch(`${shop.url}/api/Product/detail/1?branchId=1`)).json()) as { Data: unknown };
  const frame = `${JSON.stringify({ type: 1, target: 'ReceiveCatalogueUpdate', arguments: ['Product', { BranchId: 1, Items: [detail.Data] }] })}${RS}`;
  const announce = async () => {
    const res = await fetch(`${shop.url}/catalogueHub/announce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shop-secret': secret },
      body: JSON.stringify({ kind: 'catalogue', companyId: 1, branchId: 1, type: 'Product', ids: [1] }),
    });
    if (!res.ok) throw new Error(`announce answered ${res.status}`);
  };

  const bare = await startBareServer();
  try {
    return await withWorkers(WORKERS, async (workers) => {
      // Both sets of clients stay connected and the rounds alternate, so a burst of other work
      // on the machine falls on the hub and the baseline alike.
      const hubConnect = await connectAll(workers, 'signalr', shop.url, FAN_OUT_CLIENTS);
      if (hubConnect.connected < FAN_OUT_CLIENTS) throw new Error(`only ${hubConnect.connected} hub clients connected: ${hubConnect.firstError}`);
      const bareConnect = await connectAll(workers, 'bare', bare.url, FAN_OUT_CLIENTS);
      if (bareConnect.connected < FAN_OUT_CLIENTS) throw new Error(`only ${bareConnect.connected} bare clients connected: ${bareConnect.firstError}`);
      const hubRounds: Round[] = [];
      const bareRounds: Round[] = [];
      for (let n = 0; n < ROUNDS; n += 1) {
        hubRounds.push(await round(workers, n, 'signalr', announce));
        bareRounds.push(await round(workers, n, 'bare', () => bare.broadcast(frame)));
      }
      await Promise.all(workers.map((w) => w.ask({ cmd: 'close' }, 'closed')));

      const hub = median(hubRounds);
      const base = median(bareRounds);
      return row({
        name: `Hub fan-out (${FAN_OUT_CLIENTS.toLocaleString('en-IN')} clients)`,
        value: Math.round(hub.rate),
        unit: 'deliveries/s',
        baseline: Math.round(base.rate),
        baselineLabel: 'bare ws broadcast',
        target: '>= 70% of bare ws; p99 < 200 ms',
        pass: hub.rate >= 0.7 * base.rate && hub.p99 < 200 && hub.missing === 0,
        details: {
          hubP99Ms: Math.round(hub.p99),
          bareP99Ms: Math.round(base.p99),
          missing: hub.missing,
          frameBytes: Buffer.byteLength(frame),
          hubRoundsPerS: hubRounds.map((r) => Math.round(r.rate)).join(' / '),
          bareRoundsPerS: bareRounds.map((r) => Math.round(r.rate)).join(' / '),
        },
      });
    });
  } finally {
    bare.stop();
  }
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Server resident memory with 10,000 idle hub connections (negotiated, handshaken, in the company group). */
export async function measureHubMemory(shop: ShopServer): Promise<BenchRow> {
  const pid = shop.process.pid;
  if (pid === undefined) throw new Error('the shop server has no process id');
  const before = residentMb(pid);
  return withWorkers(WORKERS, async (workers) => {
    const connected = await connectAll(workers, 'signalr', shop.url, IDLE_CLIENTS);
    // Settle: let the garbage of setting up 10,000 connections be collected, then read the peak of a few samples.
    let peak = 0;
    for (let i = 0; i < 6; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      peak = Math.max(peak, residentMb(pid));
    }
    await Promise.all(workers.map((w) => w.ask({ cmd: 'close' }, 'closed')));
    return row({
      name: `Hub memory (${IDLE_CLIENTS.toLocaleString('en-IN')} idle connections)`,
      value: Math.round(peak),
      unit: 'MB resident',
      baseline: Math.round(before),
      baselineLabel: 'same server, no connections',
      target: '< 400 MB',
      pass: peak < 400 && connected.connected === IDLE_CLIENTS,
      details: {
        connected: connected.connected,
        failed: connected.failed,
        perConnectionKB: Math.round(((peak - before) * 1024) / Math.max(1, connected.connected)),
        ...(connected.firstError ? { firstError: connected.firstError } : {}),
      },
    });
  });
}
