import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { RECORD_SEPARATOR as RS } from '../../server/hub/text-message-format.js';
import { TRANSPORTS, hubClient } from './hub-test-kit.js';

let test: TestApp;
let base: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  test = await buildTestApp({ redisUrl: undefined });
  base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  alice = await createCustomer(test.app);
  bob = await createCustomer(test.app);
});

afterAll(async () => {
  await test.close();
});

type Who = 'alice' | 'bob' | 'nobody' | 'bad';

function headers(who: Who): Record<string, string> {
  if (who === 'nobody') return {};
  const token = who === 'alice' ? alice.token : who === 'bob' ? bob.token : 'not-a-token';
  return { authorization: `Bearer ${token}` };
}

/** A long-polling connection negotiated by `owner`, opened and past its handshake. */
async function longPolling(owner: Who): Promise<string> {
  const negotiated = await fetch(`${base}/catalogueHub/negotiate?negotiateVersion=1`, { method: 'POST', headers: headers(owner) });
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const url = `${base}/catalogueHub?id=${encodeURIComponent(connectionToken)}`;
  expect((await fetch(url, { headers: headers(owner) })).status).toBe(200);
  expect((await fetch(url, { method: 'POST', headers: headers(owner), body: `{"protocol":"json","version":1}${RS}` })).status).toBe(200);
  expect(await (await fetch(url, { headers: headers(owner) })).text()).toBe(`{}${RS}`);
  return url;
}

/** The connection still answers its owner: an invocation gets its completion. */
async function stillWorks(url: string, owner: Who): Promise<void> {
  const invocation = `{"type":1,"invocationId":"1","target":"JoinCompanyGroup","arguments":[1]}${RS}`;
  expect((await fetch(url, { method: 'POST', headers: headers(owner), body: invocation })).status).toBe(200);
  expect(await (await fetch(url, { headers: headers(owner) })).text()).toContain('"invocationId":"1"');
}

describe('transport requests carry the identity that negotiated', () => {
  it.each([
    ['a customer’s', 'alice', ['bob', 'nobody', 'bad']],
    ['a visitor’s', 'nobody', ['alice', 'bad']],
  ] as const)('%s connection refuses a send and an end from anyone else (401) and stays usable', async (_name, owner, others) => {
    const url = await longPolling(owner);
    for (const other of others) {
      const send = await fetch(url, { method: 'POST', headers: headers(other), body: `{"type":7}${RS}` });
      expect(send.status, `POST by ${other}`).toBe(401);
      const end = await fetch(url, { method: 'DELETE', headers: headers(other) });
      expect(end.status, `DELETE by ${other}`).toBe(401);
      expect((await fetch(url, { headers: headers(other) })).status, `GET by ${other}`).toBe(401);
    }
    await stillWorks(url, owner);
    expect((await fetch(url, { method: 'DELETE', headers: headers(owner) })).status).toBe(202);
    expect((await fetch(url, { method: 'POST', headers: headers(owner), body: `{"type":6}${RS}` })).status).toBe(404);
  });

  it('a browser’s access_token query parameter counts as the identity too', async () => {
    const url = await longPolling('alice');
    expect((await fetch(`${url}&access_token=${bob.token}`, { method: 'DELETE' })).status).toBe(401);
    expect((await fetch(`${url}&access_token=${alice.token}`, { method: 'DELETE' })).status).toBe(202);
  });

  it.each(TRANSPORTS)('the official client sends its token with every request over %s, so it can send and stop', async (_name, transport) => {
    const client = hubClient(base, transport, { token: alice.token });
    await client.connection.start();
    await expect(client.connection.invoke('JoinCompanyGroup', 1)).resolves.toBeNull();
    await client.connection.stop();
    expect(client.connection.state).toBe(HubConnectionState.Disconnected);
    await expect.poll(() => test.app.hub.connectionCount()).toBe(0);
  });
});
