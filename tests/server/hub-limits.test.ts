import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config/env.js';
import { withPaymentSecrets } from '../../server/payments/payment-secrets.js';
import { dbPlugin } from '../../server/plugins/db.plugin.js';
import { authPlugin } from '../../server/plugins/auth.plugin.js';
import { LiveUpdates } from '../../server/hub/live-updates.js';
import { hubPlugin } from '../../server/hub/hub.plugin.js';
import { RECORD_SEPARATOR as RS } from '../../server/hub/text-message-format.js';
import { seedDemoShop } from '../../server/db/seed/demo-seed.js';
import { createTestDatabase, type TestDatabase } from '../helpers/server-app.js';

const LIMITS = {
  keepAliveIntervalMs: 100,
  clientTimeoutMs: 400,
  handshakeTimeoutMs: 300,
  maxMessageChars: 2_000,
  maxConnectionsPerIp: 6,
  maxUpdateRequestsPerWindow: 3,
};

let database: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  app.decorate('config', await withPaymentSecrets(database.handle.db, loadConfig({}, { dataDir: database.dataDir, redisUrl: undefined })));
  await app.register(dbPlugin, { handle: database.handle, closeWithApp: false });
  await app.register(authPlugin, { tokenTtlSeconds: 3600 });
  app.decorate('live', new LiveUpdates());
  await seedDemoShop(database.handle.db, database.handle.dialect);
  await app.register(hubPlugin, { limits: LIMITS });
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});

afterAll(async () => {
  await app.close();
  await database.dispose();
});

interface RawClient {
  socket: WebSocket;
  records: unknown[];
  closed: Promise<number>;
  send(text: string): void;
  waitFor(match: (record: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

async function negotiate(): Promise<Response> {
  return fetch(`${base.replace('ws', 'http')}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST' });
}

/** A bare WebSocket client speaking the protocol by hand, to send what the official client never would. */
async function rawClient(handshake = `{"protocol":"json","version":1}${RS}`): Promise<RawClient> {
  const { connectionToken } = (await (await negotiate()).json()) as { connectionToken: string };
  const socket = new WebSocket(`${base}/catalogueHub?id=${connectionToken}`);
  const records: unknown[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    for (const part of data.toString().split(RS).filter(Boolean)) records.push(JSON.parse(part));
    for (const l of listeners) l();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (handshake) socket.send(handshake);
  return {
    socket,
    records,
    closed,
    send: (text) => socket.send(text),
    waitFor(match, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = records.find((r) => match(r as Record<string, unknown>));
          if (found) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(found as Record<string, unknown>);
          }
        };
        const timer = setTimeout(() => reject(new Error(`no matching record; got ${JSON.stringify(records)}`)), timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

describe('hub handshake and malformed frames', () => {
  it('answers a good handshake with an empty object', async () => {
    const client = await rawClient();
    expect(await client.waitFor((r) => Object.keys(r).length === 0)).toEqual({});
    client.socket.close();
  });

  it.each([
    [`{"protocol":"messagepack","version":1}${RS}`, "The protocol 'messagepack' is not supported."],
    [`{"protocol":"json","version":9}${RS}`, "The server does not support version 9 of the 'json' protocol."],
    [`hello${RS}`, 'Message is not valid JSON.'],
  ])('refuses the handshake %j with an error and closes', async (handshake, error) => {
    const client = await rawClient(handshake);
    expect(await client.waitFor((r) => 'error' in r)).toEqual({ error });
    await client.closed;
  });

  it.each([
    ['text that is not JSON', `{"type":1,${RS}`, 'Message is not valid JSON.'],
    ['an invocation without a target', `{"type":1,"arguments":[]}${RS}`, "'target' must be a non-empty string."],
    ['a record over the size limit', `{"type":1,"target":"${'x'.repeat(3_000)}","arguments":[]}${RS}`, 'larger than the limit'],
  ])('closes only the connection that sent %s, with the reason', async (_name, frame, reason) => {
    const bystander = await rawClient();
    const offender = await rawClient();
    await offender.waitFor((r) => Object.keys(r).length === 0);
    await bystander.waitFor((r) => Object.keys(r).length === 0);
    offender.send(frame);
    const close = await offender.waitFor((r) => r.type === 7);
    expect(String(close.error)).toContain(reason);
    await offender.closed;
    bystander.send(`{"type":1,"invocationId":"1","target":"JoinCompanyGroup","arguments":[1]}${RS}`);
    expect(await bystander.waitFor((r) => r.type === 3)).toEqual({ type: 3, invocationId: '1', result: null });
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
    bystander.socket.close();
  });

  it('ignores messages of unknown types and answers streaming with an error completion', async () => {
    const client = await rawClient();
    client.send(`{"type":42,"whatever":true}${RS}{"type":4,"invocationId":"s1","target":"Stream","arguments":[]}${RS}`);
    expect(await client.waitFor((r) => r.type === 3)).toEqual({ type: 3, invocationId: 's1', error: 'Streaming is not supported.' });
    client.send(`{"type":1,"target":"JoinCompanyGroup","arguments":[1]}${RS}{"type":1,"invocationId":"2","target":"JoinCompanyGroup","arguments":[1]}${RS}`);
    expect(await client.waitFor((r) => r.invocationId === '2')).toEqual({ type: 3, invocationId: '2', result: null });
    expect(client.records.filter((r) => (r as { type?: number }).type === 3)).toHaveLength(2);
    client.socket.close();
  });

  it('limits SendCatalogueUpdate requests per connection', async () => {
    const client = await rawClient();
    const ask = (id: string) => `{"type":1,"invocationId":"${id}","target":"SendCatalogueUpdate","arguments":["Category",1]}${RS}`;
    client.send(['a', 'b', 'c', 'd'].map(ask).join(''));
    expect(await client.waitFor((r) => r.invocationId === 'd')).toEqual({
      type: 3,
      invocationId: 'd',
      error: 'Too many update requests. Please try again shortly.',
    });
    expect(await client.waitFor((r) => r.invocationId === 'c')).toEqual({ type: 3, invocationId: 'c', result: null });
    client.socket.close();
  });
});

describe('hub keep-alive, timeout and connection limits', () => {
  it('pings an open connection and closes one that stays silent, with the reason', async () => {
    const client = await rawClient();
    await client.waitFor((r) => r.type === 6);
    const close = await client.waitFor((r) => r.type === 7, 2_000);
    expect(close.error).toBe('Server timeout elapsed without receiving a message from the client.');
    await client.closed;
  });

  it('keeps a connection that pings', async () => {
    const client = await rawClient();
    const pinger = setInterval(() => client.send(`{"type":6}${RS}`), 100);
    await new Promise((r) => setTimeout(r, 700));
    clearInterval(pinger);
    expect(client.records.some((r) => (r as { type?: number }).type === 7)).toBe(false);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it('closes a connection that never completes its handshake', async () => {
    const client = await rawClient('');
    expect(await client.closed).toBe(1000);
    expect(client.records).toEqual([]);
  });

  it('refuses more connections from one address than the limit, and a transport for an unknown id', async () => {
    await new Promise((r) => setTimeout(r, 500));
    const answers = await Promise.all(Array.from({ length: LIMITS.maxConnectionsPerIp + 2 }, () => negotiate()));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.maxConnectionsPerIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await answers.find((a) => a.status === 429)?.json()).toEqual({ error: 'Too many live connections from this address.' });
    const unknown = new WebSocket(`${base}/catalogueHub?id=nope`);
    const status = await new Promise<number>((resolve) => unknown.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(404);
  });

  it('refuses negotiate without version 1', async () => {
    const res = await fetch(`${base.replace('ws', 'http')}/catalogueHub/negotiate`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Negotiate version 1 or later is required.' });
  });
});
