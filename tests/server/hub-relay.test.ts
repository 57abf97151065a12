import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { InstanceBus } from '../../server/hub/hub-backplane.js';
import { HubConnection, type ConnectionHooks } from '../../server/hub/hub-connection.js';
import { ConnectionEndpoint } from '../../server/hub/hub-endpoint.js';
import { ConnectionRegistry } from '../../server/hub/hub-groups.js';
import { DEFAULT_HUB_LIMITS } from '../../server/hub/hub-limits.js';
import { HubRelay, RELAY_ACK_MS, type StreamSink } from '../../server/hub/hub-relay.js';
import { SHUTTING_DOWN_RECORD } from '../../server/hub/hub-stream-sink.js';
import { RECORD_SEPARATOR as RS } from '../../server/hub/text-message-format.js';

const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const alice = { customerId: 7, companyId: 1 };
const bob = { customerId: 8, companyId: 1 };

/** Instances that reach each other in order, as Redis pub/sub delivers; an instance can be cut off. */
class Network {
  readonly buses = new Map<string, FakeBus>();
  readonly down = new Set<string>();
}

class FakeBus implements InstanceBus {
  handler: ((from: string, message: Record<string, unknown>) => void) | null = null;
  constructor(
    private readonly network: Network,
    readonly instanceId: string,
  ) {
    network.buses.set(instanceId, this);
  }
  get canSend() {
    return !this.network.down.has(this.instanceId);
  }
  sendTo(instanceId: string, message: object): void {
    const target = this.network.buses.get(instanceId);
    if (!this.canSend || !target || this.network.down.has(instanceId)) return;
    const copy = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
    queueMicrotask(() => target.handler?.(this.instanceId, copy));
  }
  onDirect(handler: (from: string, message: Record<string, unknown>) => void): void {
    this.handler = handler;
  }
  isAlive(instanceId: string): boolean {
    return this.network.buses.has(instanceId) && !this.network.down.has(instanceId);
  }
  isKnownGone(instanceId: string): boolean {
    return this.network.down.has(instanceId);
  }
}

function instance(network: Network, id: string) {
  const registry = new ConnectionRegistry();
  const endpoint = new ConnectionEndpoint(registry, DEFAULT_HUB_LIMITS);
  const relay = new HubRelay(new FakeBus(network, id), endpoint, DEFAULT_HUB_LIMITS.longPollHoldMs, log);
  const hooks: ConnectionHooks = {
    log,
    invoke: async () => null,
    opened: () => {},
    closed: (connection) => {
      registry.remove(connection);
      endpoint.linger(connection);
    },
  };
  const open = (principal: typeof alice | null) => {
    const connection = new HubConnection(principal, '127.0.0.1', DEFAULT_HUB_LIMITS, hooks, id);
    registry.add(connection);
    return connection;
  };
  return { registry, endpoint, relay, open };
}

/** Collects what a relayed stream delivers. */
function sink(): StreamSink & { records: string[]; ended: boolean | null } {
  const collected = {
    records: [] as string[],
    ended: null as boolean | null,
    write: (payload: string) => collected.records.push(payload),
    end: (shuttingDown: boolean) => (collected.ended = shuttingDown),
  };
  return collected;
}

let network: Network;
let owner: ReturnType<typeof instance>;
let serving: ReturnType<typeof instance>;

beforeEach(() => {
  vi.useFakeTimers();
  network = new Network();
  owner = instance(network, 'OwnerAAA');
  serving = instance(network, 'ServingB');
});

afterEach(() => {
  owner.relay.close();
  serving.relay.close();
  vi.useRealTimers();
});

describe('relaying transport requests to the instance that owns the connection', () => {
  it('serves a long-polling connection of another instance: open, send, poll, end', async () => {
    const connection = owner.open(null);
    const token = connection.connectionToken;
    expect(serving.relay.ownerOf(token)).toBe('OwnerAAA');
    expect(owner.relay.ownerOf(token)).toBeNull();
    expect(await serving.relay.poll('OwnerAAA', token, null).reply).toEqual({ status: 200, body: '' });
    expect(await serving.relay.send('OwnerAAA', token, null, HANDSHAKE)).toEqual({ status: 200, body: '' });
    expect(await serving.relay.poll('OwnerAAA', token, null).reply).toEqual({ status: 200, body: `{}${RS}` });
    expect(await serving.relay.end('OwnerAAA', token, null)).toEqual({ status: 202, body: '' });
    expect(connection.state).toBe('closed');
    expect(await serving.relay.poll('OwnerAAA', token, null).reply).toEqual({ status: 404, body: 'No Connection with that ID' });
  });

  it.each([
    ['another customer', alice, bob],
    ['a visitor', alice, null],
    ['a customer on a visitor’s connection', null, alice],
  ] as const)('refuses %s (401) and leaves the connection as it was', async (_name, negotiated, caller) => {
    const token = owner.open(negotiated).connectionToken;
    await serving.relay.poll('OwnerAAA', token, negotiated).reply;
    await serving.relay.send('OwnerAAA', token, negotiated, HANDSHAKE);
    expect(await serving.relay.send('OwnerAAA', token, caller, `{"type":6}${RS}`)).toEqual({ status: 401, body: 'Unauthorized' });
    expect(await serving.relay.end('OwnerAAA', token, caller)).toEqual({ status: 401, body: 'Unauthorized' });
    expect(await serving.relay.poll('OwnerAAA', token, caller).reply).toEqual({ status: 401, body: 'Unauthorized' });
    expect(await serving.relay.poll('OwnerAAA', token, negotiated).reply).toEqual({ status: 200, body: `{}${RS}` });
  });

  it('answers 404 when the owner never takes the request up', async () => {
    const reply = serving.relay.poll('NoSuchIn', 'NoSuchIn.secret', null).reply;
    await vi.advanceTimersByTimeAsync(RELAY_ACK_MS + 600);
    expect(await reply).toEqual({ status: 404, body: 'No Connection with that ID' });
  });

  it('answers a held poll 404 when its owner goes silent, so the client reconnects', async () => {
    const token = owner.open(null).connectionToken;
    await serving.relay.poll('OwnerAAA', token, null).reply;
    await serving.relay.send('OwnerAAA', token, null, HANDSHAKE);
    await serving.relay.poll('OwnerAAA', token, null).reply;
    const held = serving.relay.poll('OwnerAAA', token, null).reply;
    await vi.advanceTimersByTimeAsync(100);
    network.down.add('OwnerAAA');
    await vi.advanceTimersByTimeAsync(600);
    expect(await held).toEqual({ status: 404, body: 'No Connection with that ID' });
  });

  it('tells the owner when the client drops a held poll', async () => {
    const connection = owner.open(null);
    const token = connection.connectionToken;
    await serving.relay.poll('OwnerAAA', token, null).reply;
    await serving.relay.send('OwnerAAA', token, null, HANDSHAKE);
    await serving.relay.poll('OwnerAAA', token, null).reply;
    const held = serving.relay.poll('OwnerAAA', token, null);
    await vi.advanceTimersByTimeAsync(10);
    held.abandon();
    expect(await held.reply).toEqual({ status: 200, body: '' });
    await vi.advanceTimersByTimeAsync(10);
    // The owner's poll was answered: a push now waits for the next poll instead of going nowhere.
    connection.send({ type: 6 });
    expect(await serving.relay.poll('OwnerAAA', token, null).reply).toEqual({ status: 200, body: `{"type":6}${RS}` });
  });

  it('forwards a stream’s records in order, and its end when the owner closes the connection', async () => {
    const connection = owner.open(alice);
    const events = sink();
    const opened = await serving.relay.openStream('OwnerAAA', connection.connectionToken, alice, 'ServerSentEvents', events);
    expect(opened.status).toBe(200);
    expect(await serving.relay.send('OwnerAAA', connection.connectionToken, alice, HANDSHAKE)).toEqual({ status: 200, body: '' });
    for (const n of [1, 2, 3]) connection.send({ type: 1, target: 'ReceiveCatalogueUpdate', arguments: [n] } as never);
    connection.close('Server is shutting down.', { allowReconnect: true });
    await vi.advanceTimersByTimeAsync(10);
    expect(events.records.map((r) => JSON.parse(r.slice(0, -1)) as unknown)).toEqual([
      {},
      { type: 1, target: 'ReceiveCatalogueUpdate', arguments: [1] },
      { type: 1, target: 'ReceiveCatalogueUpdate', arguments: [2] },
      { type: 1, target: 'ReceiveCatalogueUpdate', arguments: [3] },
      { type: 7, error: 'Server is shutting down.', allowReconnect: true },
    ]);
    expect(events.ended).toBe(false);
  });

  it('refuses a second transport (409) and closes the connection when the client’s stream goes', async () => {
    const connection = owner.open(null);
    const token = connection.connectionToken;
    const opened = await serving.relay.openStream('OwnerAAA', token, null, 'WebSockets', sink());
    expect((await serving.relay.openStream('OwnerAAA', token, null, 'ServerSentEvents', sink())).status).toBe(409);
    expect(await serving.relay.send('OwnerAAA', token, null, HANDSHAKE)).toEqual({ status: 405, body: 'POST requests are not allowed for this transport' });
    opened.stream?.frame(HANDSHAKE);
    await vi.advanceTimersByTimeAsync(10);
    expect(connection.state).toBe('open');
    opened.stream?.gone();
    await vi.advanceTimersByTimeAsync(10);
    expect(connection.state).toBe('closed');
  });

  it('a closing serving instance answers its held polls empty and ends its streams asking clients to reconnect', async () => {
    const polled = owner.open(null);
    await serving.relay.poll('OwnerAAA', polled.connectionToken, null).reply;
    await serving.relay.send('OwnerAAA', polled.connectionToken, null, HANDSHAKE);
    await serving.relay.poll('OwnerAAA', polled.connectionToken, null).reply;
    const held = serving.relay.poll('OwnerAAA', polled.connectionToken, null).reply;
    const streamed = owner.open(null);
    const events = sink();
    await serving.relay.openStream('OwnerAAA', streamed.connectionToken, null, 'ServerSentEvents', events);
    await vi.advanceTimersByTimeAsync(10);
    serving.relay.close();
    expect(await held).toEqual({ status: 200, body: '' });
    expect(events.ended).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    // The long-polling connection lives on: its client polls again through another instance.
    expect(polled.state).toBe('open');
    expect(streamed.state).toBe('closed');
    expect(SHUTTING_DOWN_RECORD).toBe(`{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`);
  });
});
