import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type Actor } from 'xstate';
import { createTestModel } from '@xstate/graph';
import {
  NOT_CONNECTED_MESSAGE,
  RECONNECT_DELAYS_MS,
  RECONNECT_FALLBACK_MS,
  START_FAILED_MESSAGE,
  hubMachine,
  reconnectDelay,
  type HubEvent,
} from '../../machines/hub.machine';

/** A fake connection the test drives: each connect/disconnect waits for the test to settle it. */
function harness(options: { autoStart?: boolean } = {}) {
  const pending: { connect: Array<{ resolve: () => void; reject: (e: Error) => void }>; disconnect: Array<() => void> } = { connect: [], disconnect: [] };
  const raised: string[] = [];
  const updates: Array<{ name: string; data: unknown }> = [];
  const errors: string[] = [];
  const invoked: Array<{ method: string; args: unknown[] }> = [];
  let sendBack: ((event: HubEvent) => void) | null = null;
  const connectInputs: number[] = [];
  const machine = hubMachine.provide({
    actors: {
      connect: fromPromise<void, { companyId: number }>(({ input, signal }) => {
        connectInputs.push(input.companyId);
        return new Promise<void>((resolve, reject) => {
          const entry = { resolve, reject };
          pending.connect.push(entry);
          // An attempt abandoned by hub.stop must not be settled by a later step.
          signal.addEventListener('abort', () => pending.connect.splice(pending.connect.indexOf(entry), 1));
        });
      }),
      disconnect: fromPromise<void>(() => new Promise<void>((resolve) => pending.disconnect.push(resolve))),
      connectionEvents: fromCallback<HubEvent>(({ sendBack: send }) => {
        sendBack = send;
        return () => (sendBack = null);
      }),
    },
    actions: {
      invokeHub: (_, params) => invoked.push(params),
      logError: (_, params) => errors.push(params.message),
    },
  });
  const actor = createActor(machine, { input: { companyId: 7, autoStart: options.autoStart ?? false } });
  // What the rest of the app hears: the events the actor emits.
  actor.on('*', (event) => {
    if (event.type.startsWith('hub.')) raised.push(event.type);
    else updates.push({ name: event.type, data: event.data });
  });
  return {
    actor,
    raised,
    updates,
    errors,
    invoked,
    connectInputs,
    /** Settles the connect attempt in flight and lets the promise callbacks run. */
    async settleConnect(ok: boolean) {
      const next = pending.connect.shift();
      if (!next) throw new Error('no connect attempt is in flight');
      if (ok) next.resolve();
      else next.reject(new Error('negotiate failed'));
      await vi.advanceTimersByTimeAsync(0);
    },
    async settleDisconnect() {
      pending.disconnect.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
    dropConnection() {
      if (!sendBack) throw new Error('not listening to the connection');
      sendBack({ type: 'hub.closed', error: 'socket closed' });
    },
    push(kind: string, data: unknown) {
      sendBack?.({ type: 'hub.update', kind, data });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The model walked by the graph: what a user of the connection can do and see. The real
 * machine is driven through its public events and faked effects along every shortest path.
 */
const hubModel = setup({
  types: {
    context: {} as { attempt: number },
    events: {} as { type: 'START' | 'CONNECT_OK' | 'CONNECT_FAILS' | 'DROP' | 'WAIT_ELAPSES' | 'PUSH' | 'INVOKE' | 'STOP' | 'STOPPED' },
  },
}).createMachine({
  id: 'model',
  context: { attempt: 0 },
  initial: 'disconnected',
  states: {
    disconnected: { on: { START: 'connecting', INVOKE: 'disconnected' } },
    connecting: { on: { CONNECT_OK: 'connected', CONNECT_FAILS: 'reconnecting', STOP: 'disconnecting', INVOKE: 'connecting' } },
    connected: { entry: assign({ attempt: 0 }), on: { DROP: 'reconnecting', PUSH: 'connected', INVOKE: 'connected', STOP: 'disconnecting' } },
    reconnecting: {
      initial: 'waiting',
      states: {
        waiting: { on: { WAIT_ELAPSES: 'attempting' } },
        attempting: {
          on: {
            CONNECT_OK: '#model.connected',
            CONNECT_FAILS: { target: 'waiting', actions: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, RECONNECT_DELAYS_MS.length) }) },
          },
        },
      },
      on: { STOP: 'disconnecting', INVOKE: {} },
    },
    disconnecting: { entry: assign({ attempt: 0 }), on: { STOPPED: 'disconnected' } },
  },
});

describe('hub machine: every shortest path of the model', () => {
  const paths = createTestModel(hubModel).getShortestPaths();

  it('reaches every state, including the 30 s fallback wait', () => {
    const reached = paths.map((p) => p.state);
    for (const value of ['disconnected', 'connecting', 'connected', 'disconnecting', { reconnecting: 'waiting' }, { reconnecting: 'attempting' }]) {
      expect(reached.some((state) => state.matches(value as never))).toBe(true);
    }
    expect(reached.some((state) => state.context.attempt === RECONNECT_DELAYS_MS.length)).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      h.actor.start();
      const real = () => h.actor.getSnapshot();
      await path.test({
        states: {
          disconnected: () => expect(real().value).toBe('Disconnected'),
          connecting: () => expect(real().value).toBe('Connecting'),
          connected: () => {
            expect(real().value).toBe('Connected');
            expect(real().hasTag('offline')).toBe(false);
            expect(real().context.attempt).toBe(0);
          },
          'reconnecting.waiting': (state) => {
            expect(real().value).toEqual({ Reconnecting: 'waiting' });
            expect(real().hasTag('offline')).toBe(true);
            expect(real().context.attempt).toBe(state.context.attempt);
            expect(h.raised.at(-1)).toBe('hub.reconnecting');
          },
          'reconnecting.attempting': () => expect(real().value).toEqual({ Reconnecting: 'attempting' }),
          disconnecting: () => expect(real().value).toBe('Disconnecting'),
        },
        events: {
          START: () => void h.actor.send({ type: 'hub.start' }),
          CONNECT_OK: async () => {
            const wasReconnecting = real().matches('Reconnecting');
            await h.settleConnect(true);
            expect(h.raised.at(-1)).toBe(wasReconnecting ? 'hub.reconnected' : 'hub.connected');
          },
          CONNECT_FAILS: () => h.settleConnect(false),
          DROP: () => h.dropConnection(),
          WAIT_ELAPSES: async () => {
            const wait = reconnectDelay(real().context.attempt);
            await vi.advanceTimersByTimeAsync(wait - 1);
            expect(real().matches({ Reconnecting: 'waiting' })).toBe(true);
            await vi.advanceTimersByTimeAsync(1);
          },
          PUSH: () => {
            h.push('Product', { BranchId: 1, Items: [] });
            expect(h.updates.at(-1)).toEqual({ name: 'home.productUpdate', data: { BranchId: 1, Items: [] } });
          },
          INVOKE: () => {
            const before = { invoked: h.invoked.length, errors: h.errors.length };
            h.actor.send({ type: 'hub.invoke', method: 'SendCatalogueUpdate', args: ['CartDetails'] });
            if (real().matches('Connected')) expect(h.invoked).toHaveLength(before.invoked + 1);
            else expect(h.errors.slice(before.errors)).toEqual([NOT_CONNECTED_MESSAGE]);
          },
          STOP: () => void h.actor.send({ type: 'hub.stop' }),
          STOPPED: async () => {
            await h.settleDisconnect();
            expect(h.raised.at(-1)).toBe('hub.disconnected');
          },
        },
      });
      h.actor.stop();
    });
  }
});

describe('hub machine: behaviour a caller sees', () => {
  async function connected(h: ReturnType<typeof harness>, actor: Actor<typeof hubMachine> = h.actor) {
    actor.start();
    actor.send({ type: 'hub.start' });
    await h.settleConnect(true);
    expect(actor.getSnapshot().value).toBe('Connected');
  }

  it('starts by itself when asked to, connecting to the company group of its input', async () => {
    const h = harness({ autoStart: true });
    h.actor.start();
    expect(h.actor.getSnapshot().value).toBe('Connecting');
    await h.settleConnect(true);
    expect(h.connectInputs).toEqual([7]);
    expect(h.raised).toEqual(['hub.connected']);
  });

  it('retries 1000, 1500, 1500, 1500, 1500 ms apart, then every 30 s, and rejoins on success', async () => {
    expect([...RECONNECT_DELAYS_MS, RECONNECT_FALLBACK_MS]).toEqual([1000, 1500, 1500, 1500, 1500, 30_000]);
    const h = harness();
    await connected(h);
    h.dropConnection();
    expect(h.raised).toEqual(['hub.connected', 'hub.reconnecting']);
    const waits = [1000, 1500, 1500, 1500, 1500, 30_000, 30_000];
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(h.connectInputs).toHaveLength(1 + i);
      await vi.advanceTimersByTimeAsync(1);
      expect(h.actor.getSnapshot().matches({ Reconnecting: 'attempting' })).toBe(true);
      await h.settleConnect(false);
    }
    expect(h.connectInputs).toHaveLength(1 + waits.length);
    await vi.advanceTimersByTimeAsync(30_000);
    await h.settleConnect(true);
    expect(h.actor.getSnapshot().value).toBe('Connected');
    expect(h.connectInputs.every((id) => id === 7)).toBe(true);
    expect(h.raised).toEqual(['hub.connected', 'hub.reconnecting', 'hub.reconnected']);
  });

  it('keeps retrying after a failed first connection instead of giving up, and logs the failure', async () => {
    const h = harness({ autoStart: true });
    h.actor.start();
    await h.settleConnect(false);
    expect(h.errors).toEqual([START_FAILED_MESSAGE]);
    expect(h.actor.getSnapshot().hasTag('offline')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await h.settleConnect(true);
    expect(h.actor.getSnapshot().value).toBe('Connected');
  });

  it('emits the app event of each update kind with its data and ignores unknown kinds', async () => {
    const h = harness();
    await connected(h);
    const kinds = ['SpecialCategory', 'Category', 'Product', 'ProductDetails', 'CartDetails', 'OfferProducts', 'OrderStatus', 'PaymentStatus', 'Weather'];
    for (const kind of kinds) h.push(kind, { kind });
    expect(h.updates).toEqual([
      { name: 'home.sectionUpdate', data: { kind: 'SpecialCategory' } },
      { name: 'category.update', data: { kind: 'Category' } },
      { name: 'home.productUpdate', data: { kind: 'Product' } },
      { name: 'product.detailsUpdate', data: { kind: 'ProductDetails' } },
      { name: 'cart.update', data: { kind: 'CartDetails' } },
      { name: 'offer.productUpdate', data: { kind: 'OfferProducts' } },
      { name: 'order.statusUpdate', data: { kind: 'OrderStatus' } },
      { name: 'payment.statusUpdate', data: { kind: 'PaymentStatus' } },
    ]);
  });

  it.each([
    ['Disconnected', async () => {}],
    [
      'Reconnecting',
      async (h: ReturnType<typeof harness>) => {
        await connected(h);
        h.dropConnection();
      },
    ],
  ])('logs "%s: SignalR failed to connect within timeout." for an invoke while not connected', async (_state, arrange) => {
    const h = harness();
    if (_state === 'Disconnected') h.actor.start();
    await arrange(h);
    h.actor.send({ type: 'hub.invoke', method: 'SendCatalogueUpdate', args: [] });
    expect(h.invoked).toEqual([]);
    expect(h.errors).toEqual([NOT_CONNECTED_MESSAGE]);
  });

  it('stops cleanly and raises the disconnected event; a later start connects again', async () => {
    const h = harness();
    await connected(h);
    h.actor.send({ type: 'hub.stop' });
    expect(h.actor.getSnapshot().value).toBe('Disconnecting');
    await h.settleDisconnect();
    expect(h.actor.getSnapshot().value).toBe('Disconnected');
    expect(h.raised).toEqual(['hub.connected', 'hub.disconnected']);
    h.actor.send({ type: 'hub.start' });
    await h.settleConnect(true);
    expect(h.actor.getSnapshot().value).toBe('Connected');
  });
});
