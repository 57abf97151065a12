import fs from 'node:fs';
import { row, type BenchRow } from '../bench-row.js';
import { connectAll, startBareServer, withWorkers, type ClientWorker } from '../hub-workers.js';
import { catalogueAnnouncer } from '../shop-admin.js';
import type { ShopServer } from '../../tests/helpers/shop-server.js';

const IDLE_CLIENTS = 20_000;
const FAN_OUT_CLIENTS = 10_000;
const WORKERS = 4;
const ROUNDS = 5;
/** Descriptors the server keeps for itself (database files, listening socket, the announce requests) beyond its hub connections. */
const SPARE_DESCRIPTORS = 64;

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** How many more sockets the process may open: its open-file limit less what it holds and a margin. */
function descriptorRoom(pid: number): { limit: number; room: number } {
  const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
  const soft = /Max open files\s+(\S+)/.exec(limits)?.[1] ?? 'unlimited';
  const limit = soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  const open = fs.readdirSync(`/proc/${pid}/fd`).length;
  return { limit, room: limit - open - SPARE_DESCRIPTORS };
}

interface Round {
  /** Deliveries per second: clients reached over the time the last one took. */
  rate: number;
  p99: number;
  missing: number;
  /** The frame one client received, as text. */
  sample?: string;
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
  return {
    rate: (latencies.length / last) * 1000,
    p99: percentile(latencies, 99),
    missing: replies.reduce((m, r) => m + r.missing, 0),
    sample: replies.find((r) => r.sample !== undefined)?.sample,
  };
}

const middle = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const median = (rounds: Round[]): Round => [...rounds].sort((a, b) => a.rate - b.rate)[Math.floor(rounds.length / 2)] as Round;

/**
 * Server memory with 20,000 idle hub connections, then the fan-out of one catalogue change to
 * 10,000 of them, with the same client processes.
 *
 * Memory: 20,000 SignalR clients (negotiated, handshaken, in the company group, pinging), the
 * server's resident memory against its own before they connected. A server whose open-file limit
 * cannot hold 20,000 sockets gets as many as it can, and the figure adds the rest at the
 * per-connection cost measured (the details say so).
 *
 * Fan-out: 10,000 of those clients stay; one catalogue change is announced as the shop's command
 * line does, and each client stamps when its ReceiveCatalogueUpdate arrives. The baseline is a
 * bare `ws` server sending the very frame the hub clients received (captured in the hub round
 * before) to 10,000 plain sockets held by the same processes, from the same addresses: the same
 * bytes, no compression on either side, each socket handed one pre-encoded buffer by
 * `WebSocket.send`, as the hub does. Median of 5 alternating rounds after one warm-up each.
 */
export async function measureHub(shop: ShopServer): Promise<BenchRow[]> {
  const pid = shop.process.pid;
  if (pid === undefined) throw new Error('the shop server has no process id');
  const announce = await catalogueAnnouncer(shop);

  const bare = await startBareServer();
  try {
    return await withWorkers(WORKERS, async (workers) => {
      // Memory.
      const { limit, room } = descriptorRoom(pid);
      const idleCount = Math.min(IDLE_CLIENTS, room);
      const before = residentMb(pid);
      const connectStarted = Date.now();
      const idle = await connectAll(workers, 'signalr', shop.url, idleCount);
      const connectSeconds = (Date.now() - connectStarted) / 1000;
      // Settle: let the garbage of setting up the connections be collected, then read the peak of a few samples.
      let peak = 0;
      for (let i = 0; i < 6; i += 1) {
        await new Promise((r) => setTimeout(r, 500));
        peak = Math.max(peak, residentMb(pid));
      }
      const perConnectionMb = (peak - before) / Math.max(1, idle.connected);
      const memory = before + perConnectionMb * IDLE_CLIENTS;
      const memoryRow = row({
        name: `Hub memory (${IDLE_CLIENTS.toLocaleString('en-IN')} idle connections)`,
        value: Math.round(memory),
        unit: 'MB resident',
        baseline: Math.round(before),
        baselineLabel: 'same server, no connections',
        target: '< 400 MB',
        pass: memory < 400 && idle.connected === idleCount,
        details: {
          connected: idle.connected,
          failed: idle.failed,
          perConnectionKB: Math.round(perConnectionMb * 1024 * 10) / 10,
          connectSeconds: Math.round(connectSeconds),
          ...(idleCount < IDLE_CLIENTS
            ? {
                measuredMb: Math.round(peak),
                note: `the server may open ${limit} files: ${idle.connected} connections measured, the rest added at the per-connection cost`,
              }
            : {}),
          ...(idle.firstError ? { firstError: idle.firstError } : {}),
        },
      });

      // Fan-out: the first 10,000 hub clients stay, and as many bare clients join them.
      const perWorker = Math.ceil(FAN_OUT_CLIENTS / workers.length);
      await Promise.all(workers.map((w) => w.ask({ cmd: 'close', mode: 'signalr', keep: perWorker }, 'closed')));
      const bareConnect = await connectAll(workers, 'bare', bare.url, FAN_OUT_CLIENTS);
      if (bareConnect.connected < FAN_OUT_CLIENTS) throw new Error(`only ${bareConnect.connected} bare clients connected: ${bareConnect.firstError}`);
      await new Promise((r) => setTimeout(r, 1000));

      let frame: string | undefined;
      const hubRound = async (n: number) => {
        const result = await round(workers, n, 'signalr', announce);
        frame ??= result.sample;
        return result;
      };
      const bareRound = (n: number) =>
        round(workers, n, 'bare', () => {
          if (frame === undefined) throw new Error('no hub client received the catalogue update');
          return bare.broadcast(frame);
        });
      // Warm-up, then both sets of clients stay connected and the rounds alternate, so a burst of
      // other work on the machine falls on the hub and the baseline alike.
      await hubRound(0);
      const bareWarm = await bareRound(0);
      if (bareWarm.sample !== frame) throw new Error('the bare server did not send the frame the hub sent');
      const hubRounds: Round[] = [];
      const bareRounds: Round[] = [];
      for (let n = 1; n <= ROUNDS; n += 1) {
        hubRounds.push(await hubRound(n));
        bareRounds.push(await bareRound(n));
      }
      await Promise.all(workers.map((w) => w.ask({ cmd: 'close' }, 'closed')));

      const hub = median(hubRounds);
      const base = median(bareRounds);
      const hubConnected = Math.min(idle.connected, FAN_OUT_CLIENTS);
      const fanOutRow = row({
        name: `Hub fan-out (${FAN_OUT_CLIENTS.toLocaleString('en-IN')} clients)`,
        value: Math.round(hub.rate),
        unit: 'deliveries/s',
        baseline: Math.round(base.rate),
        baselineLabel: 'bare ws broadcast',
        target: '>= 70% of bare ws; p99 < 250 ms',
        pass: hubConnected === FAN_OUT_CLIENTS && hub.rate >= 0.7 * base.rate && hub.p99 < 250 && hub.missing === 0,
        details: {
          hubP99Ms: Math.round(hub.p99),
          bareP99Ms: Math.round(base.p99),
          missing: hub.missing,
          frameBytes: Buffer.byteLength(frame ?? ''),
          hubRoundsPerS: hubRounds.map((r) => Math.round(r.rate)).join(' / '),
          bareRoundsPerS: bareRounds.map((r) => Math.round(r.rate)).join(' / '),
          hubRoundsP99Ms: hubRounds.map((r) => Math.round(r.p99)).join(' / '),
          bareRoundsP99Ms: bareRounds.map((r) => Math.round(r.p99)).join(' / '),
          // Each hub round against the bare round right after it, which met much the same machine.
          pairedRatioMedian: Math.round(middle(hubRounds.map((r, i) => r.rate / (bareRounds[i]?.rate ?? Number.NaN))) * 100) / 100,
        },
      });
      return [fanOutRow, memoryRow];
    });
  } finally {
    bare.stop();
  }
}
