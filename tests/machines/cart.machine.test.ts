import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { cartCount, cartMachine, quantityOf } from '../../machines/cart.machine';
import { applyChange } from '../../machines/cart.rules';
import type { CartChange } from '../../machines/cart.types';
import type { Product } from '../../contract/catalogue.schemas';
import type { Cart, CartLine, LocalCartItem } from '../../contract/cart.schemas';

const product = (productId: number, over: Partial<Product> = {}): Product => ({
  productId,
  name: `Fish ${productId}`,
  description: '',
  image: '',
  categoryId: 1,
  categoryName: 'Fish',
  unitLabel: '500 g',
  active: true,
  isVariantEnabled: false,
  variantId: 0,
  variantName: '',
  variantActive: true,
  isStockAvailable: true,
  stockQty: 20,
  sRate: 100,
  oRate: null,
  cartQty: 0,
  variants: [],
  ...over,
});
const seer = product(1, { sRate: 500, oRate: 450 });
const prawns = product(2, { isVariantEnabled: true, variantId: 21, variantName: '500 g', sRate: 300 });
const BRANCH = 1;

/** A fake server: its cart, and answers the test releases one at a time. */
class FakeServer {
  qty = new Map<string, number>();
  pending: { settle: () => void; fail: (message: string) => void }[] = [];

  cart(): Cart {
    const lines: CartLine[] = [];
    for (const [id, qty] of this.qty) {
      const p = [seer, prawns].find((x) => `${x.productId}/${x.variantId}` === id)!;
      lines.push({ ...p, branchId: BRANCH, cartQty: qty, cartItemId: p.productId * 10, problem: null, lineValue: (p.oRate ?? p.sRate) * qty });
    }
    const value = lines.reduce((s, l) => s + l.lineValue, 0);
    const savings = lines.reduce((s, l) => s + (l.sRate - (l.oRate ?? l.sRate)) * l.cartQty, 0);
    return { lines, totalQty: lines.reduce((s, l) => s + l.cartQty, 0), subTotal: value, savings };
  }

  /** A call that waits for the test to settle or fail it. */
  held(apply: () => void): Promise<Cart> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        settle: () => {
          apply();
          resolve(this.cart());
        },
        fail: (m) => reject(new Error(m)),
      });
    });
  }

  change(change: CartChange) {
    const id = `${change.key.productId}/${change.key.variantId}`;
    return this.held(() => {
      const next = change.kind === 'remove' ? 0 : (this.qty.get(id) ?? 0) + change.delta;
      if (next < 1) this.qty.delete(id);
      else this.qty.set(id, next);
    });
  }

  merge(items: LocalCartItem[]) {
    return this.held(() => {
      for (const i of items) {
        const id = `${i.productId}/${i.variantId}`;
        this.qty.set(id, Math.max(this.qty.get(id) ?? 0, i.qty ?? i.cartQty ?? 1));
      }
    });
  }

  async next(how: 'settle' | 'fail', message = 'Only 2 left in stock.') {
    const call = this.pending.shift();
    expect(call, 'a call is waiting for an answer').toBeDefined();
    if (how === 'settle') call!.settle();
    else call!.fail(message);
    await flush();
  }
}

async function flush() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function startCart(server: FakeServer, loggedIn = false) {
  const toasts: string[] = [];
  const stored: LocalCartItem[][] = [];
  const actor = createActor(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(() => server.held(() => {})),
        sendChange: fromPromise(({ input }) => server.change(input.change)),
        syncLocalCart: fromPromise(({ input }) => server.merge(input.items)),
      },
      actions: {
        persistLocal: (_, params) => void stored.push(params.items),
        clearLocal: () => void stored.push([]),
        notifyRefused: (_, params) => void toasts.push(`error: ${params.message}`),
        notifySynced: () => void toasts.push('success: Cart updated'),
        notifySyncFailed: () => void toasts.push('error: Failed to sync local cart'),
      },
    }),
    { input: { branchId: BRANCH, companyId: 1, loggedIn } },
  );
  actor.start();
  return { actor, toasts, stored };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('optimistic cart view', () => {
  it('adds a new line at the offer rate, changes it, and drops it below 1 with totals kept right', () => {
    const add: CartChange = { kind: 'qty', key: { branchId: 1, productId: 1, variantId: 0 }, delta: 2, product: seer };
    const one = applyChange(null, add);
    // Seer fish sells at 500, on offer at 450: 50 saved a piece.
    expect(one).toMatchObject({ totalQty: 2, subTotal: 900, savings: 100 });
    expect(one.lines[0]).toMatchObject({ productId: 1, cartQty: 2, lineValue: 900, branchId: 1 });
    const more = applyChange(one, { ...add, delta: 1 });
    expect(more).toMatchObject({ totalQty: 3, subTotal: 1350, savings: 150 });
    expect(applyChange(more, { ...add, delta: -3 })).toEqual({ lines: [], totalQty: 0, subTotal: 0, savings: 0 });
    expect(applyChange(more, { kind: 'remove', key: add.key })).toEqual({ lines: [], totalQty: 0, subTotal: 0, savings: 0 });
  });

  it('keeps a flagged line out of the totals', () => {
    const flagged = { ...applyChange(null, { kind: 'qty', key: { branchId: 1, productId: 2, variantId: 21 }, delta: 1, product: prawns }) };
    flagged.lines = flagged.lines.map((l) => ({ ...l, problem: 'This product is out of stock.', lineValue: 0 }));
    const cart = applyChange(flagged, { kind: 'qty', key: { branchId: 1, productId: 1, variantId: 0 }, delta: 1, product: seer });
    expect(cart).toMatchObject({ totalQty: 1, subTotal: 450, savings: 50 });
  });

  it('counts no saving on a line without an offer', () => {
    const cart = applyChange(null, { kind: 'qty', key: { branchId: 1, productId: 2, variantId: 21 }, delta: 2, product: prawns });
    expect(cart).toMatchObject({ totalQty: 2, subTotal: 600, savings: 0 });
  });
});

describe('cart machine, model-based over every shortest path', () => {
  interface Model {
    local: number;
    server: number;
    shown: number;
    queued: number;
    toast: string | null;
  }
  type ModelEvent =
    | { type: 'GUEST_ADD' }
    | { type: 'LOG_IN' }
    | { type: 'SYNC_OK' }
    | { type: 'SYNC_FAIL' }
    | { type: 'LOAD_OK' }
    | { type: 'LOAD_FAIL' }
    | { type: 'RETRY' }
    | { type: 'ADD' }
    | { type: 'REMOVE' }
    | { type: 'SERVER_OK' }
    | { type: 'SERVER_REFUSE' }
    | { type: 'PUSH_FROM_OTHER_DEVICE' }
    | { type: 'LOG_OUT' };

  // What a customer should see, written independently of the machine under test. Quantities
  // are of the seer fish line; the server starts with 1 of it from an earlier visit.
  const model = setup({
    types: { context: {} as Model, events: {} as ModelEvent },
    guards: {
      hasLocal: ({ context }) => context.local > 0,
      roomInLocal: ({ context }) => context.local < 2,
      roomToAdd: ({ context }) => context.shown < 2,
      canAddMore: ({ context }) => context.shown < 2 && context.queued === 0,
      hasLine: ({ context }) => context.shown > 0,
      queued: ({ context }) => context.queued > 0,
    },
  }).createMachine({
    id: 'cartModel',
    context: { local: 0, server: 1, shown: 0, queued: 0, toast: null },
    initial: 'guest',
    states: {
      guest: {
        on: {
          GUEST_ADD: { guard: 'roomInLocal', actions: assign(({ context }) => ({ local: context.local + 1 })) },
          LOG_IN: [{ guard: 'hasLocal', target: 'syncing' }, { target: 'loading' }],
        },
      },
      syncing: {
        on: {
          SYNC_OK: {
            target: 'idle',
            actions: assign(({ context }) => ({
              server: Math.max(context.server, context.local),
              shown: Math.max(context.server, context.local),
              local: 0,
              toast: 'success: Cart updated',
            })),
          },
          SYNC_FAIL: { target: 'loading', actions: assign({ toast: 'error: Failed to sync local cart' }) },
        },
      },
      loading: {
        on: {
          LOAD_OK: { target: 'idle', actions: assign(({ context }) => ({ shown: context.server })) },
          LOAD_FAIL: 'failed',
        },
      },
      failed: { on: { RETRY: 'loading' } },
      idle: {
        on: {
          ADD: { guard: 'roomToAdd', target: 'updating', actions: assign(({ context }) => ({ shown: context.shown + 1 })) },
          REMOVE: { guard: 'hasLine', target: 'updating', actions: assign({ shown: 0 }) },
          PUSH_FROM_OTHER_DEVICE: { actions: assign({ server: 2, shown: 2 }) },
          LOG_OUT: { target: 'guest', actions: assign({ shown: 0 }) },
        },
      },
      updating: {
        on: {
          ADD: { guard: 'canAddMore', actions: assign(({ context }) => ({ shown: context.shown + 1, queued: 1 })) },
          SERVER_OK: [
            {
              guard: 'queued',
              actions: assign(({ context }) => ({ server: context.shown - 1, queued: 0 })),
            },
            { target: 'idle', actions: assign(({ context }) => ({ server: context.shown })) },
          ],
          SERVER_REFUSE: {
            target: 'idle',
            actions: assign(({ context }) => ({ shown: context.server, queued: 0, toast: 'error: Only 2 left in stock.' })),
          },
        },
      },
    },
  });

  // Paths lead to every distinct model state; an event the model's guards turn away (kept only
  // to bound quantities) is never part of a shortest path.
  const paths = createTestModel(model, {
    serializeTransition: () => '',
    events: [
      { type: 'GUEST_ADD' },
      { type: 'LOG_IN' },
      { type: 'SYNC_OK' },
      { type: 'SYNC_FAIL' },
      { type: 'LOAD_OK' },
      { type: 'LOAD_FAIL' },
      { type: 'RETRY' },
      { type: 'ADD' },
      { type: 'REMOVE' },
      { type: 'SERVER_OK' },
      { type: 'SERVER_REFUSE' },
      { type: 'PUSH_FROM_OTHER_DEVICE' },
      { type: 'LOG_OUT' },
    ],
  }).getShortestPaths();

  it('reaches every state of the model', () => {
    expect(new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)))).toEqual(
      new Set(['guest', 'syncing', 'loading', 'failed', 'idle', 'updating']),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const server = new FakeServer();
      server.qty.set('1/0', 1);
      const sut = startCart(server);
      const { actor } = sut;
      const qty = () => quantityOf(actor.getSnapshot(), seer);
      await path.test({
        events: {
          GUEST_ADD: () => actor.send({ type: 'cart.changeQty', product: seer, delta: 1 }),
          LOG_IN: () => actor.send({ type: 'cart.syncLocal' }),
          SYNC_OK: () => server.next('settle'),
          SYNC_FAIL: () => server.next('fail', 'Network error'),
          LOAD_OK: () => server.next('settle'),
          LOAD_FAIL: () => server.next('fail', 'Network error'),
          RETRY: () => actor.send({ type: 'cart.refresh' }),
          ADD: () => actor.send({ type: 'cart.changeQty', product: seer, delta: 1 }),
          REMOVE: () => actor.send({ type: 'cart.remove', productId: seer.productId, variantId: 0 }),
          SERVER_OK: () => server.next('settle'),
          SERVER_REFUSE: () => server.next('fail', 'Only 2 left in stock.'),
          PUSH_FROM_OTHER_DEVICE: () => {
            server.qty.set('1/0', 2);
            actor.send({ type: 'cart.update', cart: server.cart() });
          },
          LOG_OUT: () => actor.send({ type: 'cart.sessionEnded' }),
        },
        states: {
          guest: (m) => {
            expect(actor.getSnapshot().matches('guest')).toBe(true);
            expect(qty()).toBe(m.context.local);
          },
          syncing: () => expect(actor.getSnapshot().matches({ customer: 'syncing' })).toBe(true),
          loading: () => expect(actor.getSnapshot().matches({ customer: 'loading' })).toBe(true),
          failed: () => {
            expect(actor.getSnapshot().matches({ customer: 'failed' })).toBe(true);
            expect(actor.getSnapshot().context.error).toBe('Network error');
          },
          idle: (m) => {
            expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
            expect(qty()).toBe(m.context.shown);
            expect(server.qty.get('1/0') ?? 0).toBe(m.context.server);
            // Nothing of the local cart is lost or doubled once synced.
            if (m.context.toast === 'success: Cart updated') expect(actor.getSnapshot().context.localItems).toEqual([]);
          },
          updating: (m) => {
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(qty()).toBe(m.context.shown);
          },
        },
      });
      const model = path.state.context;
      expect(sut.toasts.at(-1) ?? null).toBe(model.toast);
      actor.stop();
    });
  }
});

describe('cart machine, around login', () => {
  it('shows the server cart to a logged-in customer before the sync, then merges the local cart when told', async () => {
    const server = new FakeServer();
    server.qty.set('1/0', 2);
    const toasts: string[] = [];
    const actor = createActor(
      cartMachine.provide({
        actors: {
          fetchCart: fromPromise(() => server.held(() => {})),
          sendChange: fromPromise(({ input }) => server.change(input.change)),
          syncLocalCart: fromPromise(({ input }) => server.merge(input.items)),
        },
        actions: { notifySynced: () => void toasts.push('Cart updated') },
        guards: { hasSession: () => true },
      }),
      { input: { branchId: BRANCH, companyId: 1, loggedIn: false, localItems: [{ productId: 2, variantId: 21, branchId: BRANCH, companyId: 1, cartQty: 3 }] } },
    ).start();
    actor.send({ type: 'cart.refresh' });
    expect(actor.getSnapshot().matches({ customer: 'loading' })).toBe(true);
    // The sync arrives while the plain read is under way and takes over.
    actor.send({ type: 'cart.syncLocal' });
    expect(actor.getSnapshot().matches({ customer: 'syncing' })).toBe(true);
    server.pending.shift();
    await server.next('settle');
    expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
    expect(quantityOf(actor.getSnapshot(), seer)).toBe(2);
    expect(quantityOf(actor.getSnapshot(), prawns)).toBe(3);
    expect(toasts).toEqual(['Cart updated']);
    expect(actor.getSnapshot().context.localItems).toEqual([]);
  });

  it('keeps a visitor a visitor on refresh without a session, and re-reads a push that may be cut to its first page', async () => {
    const server = new FakeServer();
    server.qty.set('1/0', 1);
    const { actor } = startCart(server);
    actor.send({ type: 'cart.refresh' });
    expect(actor.getSnapshot().matches('guest')).toBe(true);
    actor.send({ type: 'cart.syncLocal' });
    await server.next('settle');
    const many = { lines: Array.from({ length: 10 }, (_, i) => ({ ...server.cart().lines[0]!, productId: 100 + i })), totalQty: 10, subTotal: 1000 };
    actor.send({ type: 'cart.update', cart: { ...server.cart(), lines: [] } });
    expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
    actor.send({ type: 'cart.update', cart: many as Cart });
    expect(actor.getSnapshot().matches({ customer: 'loading' })).toBe(true);
  });
});

describe('cart machine, catching up when the live connection (re)opens', () => {
  /** A logged-in customer whose first read has been answered: 1 seer fish. */
  async function customerWithCart() {
    const server = new FakeServer();
    server.qty.set('1/0', 1);
    const started = startCart(server, true);
    await server.next('settle');
    expect(quantityOf(started.actor.getSnapshot(), seer)).toBe(1);
    return { server, ...started };
  }

  it('reads the cart again, so a change another device made while the connection was away shows', async () => {
    const { server, actor } = await customerWithCart();
    server.qty.set('1/0', 3);
    actor.send({ type: 'cart.catchUp' });
    expect(actor.getSnapshot().matches({ customer: 'loading' })).toBe(true);
    await server.next('settle');
    expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
    expect(quantityOf(actor.getSnapshot(), seer)).toBe(3);
  });

  it('asks again when the connection opens during a read, and ignores the older answer', async () => {
    const server = new FakeServer();
    server.qty.set('1/0', 1);
    const { actor } = startCart(server, true);
    const early = server.pending.shift();
    actor.send({ type: 'cart.catchUp' });
    expect(server.pending, 'a second read is under way').toHaveLength(1);
    server.qty.set('1/0', 2);
    early?.settle();
    await flush();
    expect(actor.getSnapshot().matches({ customer: 'loading' }), 'the first answer does not end the read').toBe(true);
    await server.next('settle');
    expect(quantityOf(actor.getSnapshot(), seer)).toBe(2);
  });

  it('lets a push that arrives during a read win over the read’s older answer', async () => {
    const server = new FakeServer();
    server.qty.set('1/0', 1);
    const { actor } = startCart(server, true);
    const read = server.pending.shift();
    server.qty.set('1/0', 4);
    actor.send({ type: 'cart.update', cart: server.cart() });
    expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
    server.qty.set('1/0', 1);
    read?.settle();
    await flush();
    expect(quantityOf(actor.getSnapshot(), seer)).toBe(4);
  });

  it('reads again once a change in flight is answered', async () => {
    const { server, actor } = await customerWithCart();
    actor.send({ type: 'cart.changeQty', product: seer, delta: 1 });
    expect(actor.getSnapshot().matches({ customer: 'updating' })).toBe(true);
    actor.send({ type: 'cart.catchUp' });
    await server.next('settle');
    expect(actor.getSnapshot().matches({ customer: 'loading' }), 'the change’s answer is followed by a read').toBe(true);
    server.qty.set('1/0', 5);
    await server.next('settle');
    expect(actor.getSnapshot().matches({ customer: 'idle' })).toBe(true);
    expect(quantityOf(actor.getSnapshot(), seer)).toBe(5);
  });

  it('leaves a visitor’s cart in the browser alone', () => {
    const server = new FakeServer();
    const { actor } = startCart(server);
    actor.send({ type: 'cart.catchUp' });
    expect(actor.getSnapshot().matches('guest')).toBe(true);
    expect(server.pending).toHaveLength(0);
  });
});

describe('cart badge', () => {
  it("counts a visitor's local lines of the branch shown, not those kept for another branch", () => {
    const localItems: LocalCartItem[] = [
      { productId: 1, variantId: 0, branchId: BRANCH, companyId: 1, qty: 2 },
      { productId: 2, variantId: 21, branchId: BRANCH, companyId: 1, cartQty: 1 },
      { productId: 3, variantId: 0, branchId: 2, companyId: 1, qty: 5 },
    ];
    const here = createActor(cartMachine, { input: { branchId: BRANCH, companyId: 1, loggedIn: false, localItems } }).start();
    expect(cartCount(here.getSnapshot())).toBe(3);
    const there = createActor(cartMachine, { input: { branchId: 2, companyId: 1, loggedIn: false, localItems } }).start();
    expect(cartCount(there.getSnapshot())).toBe(5);
  });
});
