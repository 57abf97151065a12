/**
 * A child process holding many WebSocket clients for the hub measures, driven over IPC by the
 * bench. In 'signalr' mode each client negotiates, opens /catalogueHub, does the JSON
 * protocol handshake and joins the company group, as the shop's browser client does; in
 * 'bare' mode it just opens the socket. Clients connect from many loopback addresses
 * (127.1.x.y), so the hub's per-address connection limit applies as it would to real phones.
 *
 * Both kinds are the same `ws` client with the same options: no permessage-deflate (neither
 * server offers it) and no UTF-8 validation of what arrives, so the thousands of clients this
 * one process plays cost it as little as possible per message, and equally for both servers.
 */
import http from 'node:http';
import { WebSocket } from 'ws';

const RS = '\u001e';
/** Connections per source address: the hub allows 20 per address. */
const PER_ADDRESS = 20;
/** Connections opened at once, so setting up thousands does not flood the listen backlog. */
const CONNECT_CONCURRENCY = 50;
/** A SignalR client pings every 15 s; the hub closes a connection silent for 30 s. */
const PING_MS = 15_000;

export type WorkerCommand =
  | { cmd: 'connect'; mode: 'signalr' | 'bare'; url: string; count: number; offset: number }
  | { cmd: 'arm'; round: number; mode: 'signalr' | 'bare' }
  | { cmd: 'collect' }
  /** Closes this worker's clients of `mode` (all of them without one) beyond the first `keep`. */
  | { cmd: 'close'; mode?: 'signalr' | 'bare'; keep?: number };

export type WorkerReply =
  | { reply: 'connected'; count: number; failed: number; firstError?: string }
  | { reply: 'armed' }
  /** `sample`: the text of the first message that counted, as the client received it. */
  | { reply: 'arrivals'; round: number; at: number[]; missing: number; sample?: string }
  | { reply: 'closed' };

const CLIENT_OPTIONS = { perMessageDeflate: false, skipUTF8Validation: true } as const;
const UPDATE_TARGET = Buffer.from('"ReceiveCatalogueUpdate"');

const now = (): number => performance.timeOrigin + performance.now();

function sourceAddress(index: number): string {
  const group = Math.floor(index / PER_ADDRESS);
  return `127.1.${Math.floor(group / 250)}.${(group % 250) + 1}`;
}

function negotiate(base: URL, localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: '/catalogueHub/negotiate?negotiateVersion=1',
        method: 'POST',
        localAddress,
        // A connection of its own, closed once answered: only the hub connections stay open.
        agent: false,
        headers: { 'content-length': 0 },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`negotiate answered ${res.statusCode}: ${body}`));
          resolve((JSON.parse(body) as { connectionToken: string }).connectionToken);
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface Client {
  socket: WebSocket;
  mode: 'signalr' | 'bare';
  arrivedAt: number;
}

const clients: Client[] = [];
let armedRound = -1;
let armedMode: Client['mode'] | null = null;
let onArrival: (() => void) | null = null;
let collecting: Promise<WorkerReply> | null = null;
let sample: string | undefined;

function watch(client: Client, socket: WebSocket, mode: 'signalr' | 'bare'): void {
  socket.on('message', (data: Buffer) => {
    if (armedRound < 0 || armedMode !== client.mode || client.arrivedAt > 0) return;
    // A hub client also receives pings; only the catalogue update counts.
    if (mode === 'bare' || data.includes(UPDATE_TARGET)) {
      client.arrivedAt = now();
      sample ??= data.toString();
      onArrival?.();
    }
  });
}

async function openSignalR(base: URL, index: number): Promise<Client> {
  const localAddress = sourceAddress(index);
  const token = await negotiate(base, localAddress);
  const socket = new WebSocket(`ws://${base.host}/catalogueHub?id=${encodeURIComponent(token)}`, { localAddress, ...CLIENT_OPTIONS });
  const client: Client = { socket, mode: 'signalr', arrivedAt: 0 };
  await new Promise<void>((resolve, reject) => {
    let stage: 'handshake' | 'join' = 'handshake';
    const fail = (error: Error) => reject(error);
    socket.once('error', fail);
    socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    const setup = (data: Buffer) => {
      for (const record of data.toString().split(RS).filter(Boolean)) {
        if (stage === 'handshake') {
          if (record !== '{}') return fail(new Error(`handshake refused: ${record}`));
          stage = 'join';
          socket.send(`{"type":1,"invocationId":"1","target":"JoinCompanyGroup","arguments":[1]}${RS}`);
        } else if (record.includes('"invocationId":"1"')) {
          socket.off('message', setup);
          socket.off('error', fail);
          if (record.includes('"error"')) return fail(new Error(`join refused: ${record}`));
          return resolve();
        }
      }
    };
    socket.on('message', setup);
  });
  watch(client, socket, 'signalr');
  return client;
}

async function openBare(base: URL, index: number): Promise<Client> {
  const socket = new WebSocket(`ws://${base.host}/`, { localAddress: sourceAddress(index), ...CLIENT_OPTIONS });
  const client: Client = { socket, mode: 'bare', arrivedAt: 0 };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  watch(client, socket, 'bare');
  return client;
}

async function connect(command: Extract<WorkerCommand, { cmd: 'connect' }>): Promise<WorkerReply> {
  const base = new URL(command.url);
  let next = 0;
  let failed = 0;
  let firstError: string | undefined;
  const open = command.mode === 'signalr' ? openSignalR : openBare;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, command.count) }, async () => {
      while (next < command.count) {
        const index = command.offset + next;
        next += 1;
        try {
          clients.push(await open(base, index));
        } catch (error) {
          failed += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { reply: 'connected', count: clients.filter((c) => c.mode === command.mode).length, failed, ...(firstError ? { firstError } : {}) };
}

function arm(round: number, mode: Client['mode']): Promise<WorkerReply> {
  const armed = clients.filter((c) => c.mode === mode);
  for (const client of armed) client.arrivedAt = 0;
  sample = undefined;
  armedRound = round;
  armedMode = mode;
  return new Promise((resolve) => {
    let pending = armed.length;
    const finish = () => {
      clearTimeout(timer);
      onArrival = null;
      armedRound = -1;
      armedMode = null;
      const at = armed.map((c) => c.arrivedAt).filter((t) => t > 0);
      resolve({ reply: 'arrivals', round, at, missing: armed.length - at.length, ...(sample === undefined ? {} : { sample }) });
    };
    const timer = setTimeout(finish, 15_000);
    onArrival = () => {
      pending -= 1;
      if (pending === 0) finish();
    };
    if (pending === 0) finish();
  });
}

async function close(mode: Client['mode'] | undefined, keep: number): Promise<WorkerReply> {
  const kept: Client[] = [];
  const closing: Client[] = [];
  const keptOf = { signalr: 0, bare: 0 };
  for (const c of clients) {
    if ((mode === undefined || c.mode === mode) && keptOf[c.mode] >= keep) closing.push(c);
    else {
      kept.push(c);
      keptOf[c.mode] += 1;
    }
  }
  await Promise.all(
    closing.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.socket.readyState === WebSocket.CLOSED) return resolve();
          c.socket.once('close', () => resolve());
          c.socket.terminate();
        }),
    ),
  );
  clients.length = 0;
  for (const c of kept) clients.push(c);
  return { reply: 'closed' };
}

// Pings keep idle SignalR connections alive past the hub's client timeout.
setInterval(() => {
  for (const c of clients) if (c.mode === 'signalr' && c.socket.readyState === WebSocket.OPEN) c.socket.send(`{"type":6}${RS}`);
}, PING_MS).unref();

function handle(message: WorkerCommand): Promise<WorkerReply> {
  switch (message.cmd) {
    case 'connect':
      return connect(message);
    case 'arm':
      collecting = arm(message.round, message.mode);
      return Promise.resolve({ reply: 'armed' });
    case 'collect':
      return collecting ?? Promise.resolve({ reply: 'arrivals', round: -1, at: [], missing: clients.length });
    case 'close':
      return close(message.mode, message.keep ?? 0);
  }
}

process.on('message', (message: WorkerCommand) => {
  void handle(message).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
process.send?.({ reply: 'ready' });
