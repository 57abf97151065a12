import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { startShopServer, type ShopServer } from '../helpers/shop-server.js';
import { testDatabaseUrl, testDialect } from '../helpers/server-app.js';
import { TRANSPORTS, hubClient } from './hub-test-kit.js';

const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
let server: ShopServer | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (testDatabaseUrl) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
});

/** How the client heard the server go: the reason it starts reconnecting with. */
function reconnectReason(connection: HubConnection): Promise<string> {
  return new Promise((resolve) => connection.onreconnecting((error) => resolve(error?.message ?? '')));
}

/**
 * A request the server is still reading when it is told to stop, on a socket the client would
 * keep alive: the body arrives in two parts, the second after the signal.
 */
function requestInFlight(url: string): { sent(): void; done: Promise<string | undefined> } {
  const body = JSON.stringify({ mobile: '9000000000' });
  const agent = new http.Agent({ keepAlive: true });
  let finish = () => {};
  const done = new Promise<string | undefined>((resolve, reject) => {
    const request = http.request(
      `${url}/api/Auth/OTP/login`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers.connection));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 5));
    finish = () => request.end(body.slice(5));
  });
  return { sent: finish, done };
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each([
  ['alone', {}],
  ['with the Redis backplane', { REDIS_URL, HUB_CHANNEL_PREFIX: `test:${crypto.randomBytes(6).toString('hex')}:` }],
])(`stopping the server (SIGTERM) with live clients on every transport (${testDialect}, %s)`, (_name, extraEnv) => {
  it('tells every client to reconnect and exits within a few seconds', async () => {
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    server = await startShopServer({
      env: { ...(testDatabaseUrl ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema } : {}), ...extraEnv },
    });
    const clients = TRANSPORTS.map(([name, transport]) => ({ name, ...hubClient(server?.url ?? '', transport, { reconnectDelays: [60_000] }) }));
    await Promise.all(clients.map((c) => c.connection.start()));
    await Promise.all(clients.map((c) => c.connection.invoke('JoinCompanyGroup', 1)));
    const reasons = clients.map((c) => reconnectReason(c.connection));
    // Long polls are held by now: the server answers a poll at once only when it has something to send.
    await new Promise((r) => setTimeout(r, 300));
    const slow = requestInFlight(server.url);
    await new Promise((r) => setTimeout(r, 100));

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server?.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    setTimeout(() => slow.sent(), 200);
    const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10_000))]);
    const took = Date.now() - started;
    console.log(`the server exited ${took} ms after SIGTERM (${testDialect}, ${_name})`);

    expect(code, server.output()).toBe(0);
    expect(took).toBeLessThan(5_000);
    await slow.done.catch(() => undefined);
    const heard = await Promise.all(reasons.map((r) => Promise.race([r, new Promise<string>((res) => setTimeout(() => res('nothing'), 1_000))])));
    expect(Object.fromEntries(clients.map((c, i) => [c.name, heard[i]]))).toEqual({
      WebSockets: 'Server returned an error on close: Server is shutting down.',
      ServerSentEvents: 'Server returned an error on close: Server is shutting down.',
      LongPolling: 'Server returned an error on close: Server is shutting down.',
    });
    await Promise.all(clients.map((c) => c.connection.stop()));
  }, 60_000);
});
