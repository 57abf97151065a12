import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ORDER_LIST_MESSAGES, ORDER_PAGE_SIZE, orderListMachine, type FetchOrdersInput } from '../../machines/order-list.machine';
import { orderListSearchParams } from '../../src/api/order-history';
import type { OrderListItem, OrderPage } from '../../contract/order-history.schemas';

const order = (id: number, status = 'PLACED'): OrderListItem => ({
  OrderId: id,
  OrderNo: `SH${id}`,
  OrderStatus: status === 'PLACED' ? 'Placed' : status,
  StatusCode: status,
  NetAmount: 100,
  ItemCount: 1,
  CreatedAt: '2026-01-01T00:00:00.000Z',
  PaymentMethod: 'COD',
  PaymentStatus: 'PENDING',
  FirstItemName: 'Fish',
  FirstItemImage: '',
});

/** 25 orders served page by page; every request is recorded. */
function start(total = 25, fail = false) {
  const calls: FetchOrdersInput[] = [];
  const all = Array.from({ length: total }, (_, i) => order(total - i));
  const actor = createActor(
    orderListMachine.provide({
      actors: {
        fetchOrders: fromPromise<OrderPage, FetchOrdersInput>(async ({ input }) => {
          calls.push(input);
          if (fail) throw new Error('Network error');
          const from = (input.pageNumber - 1) * input.pageSize;
          return { items: all.slice(from, from + input.pageSize), totalCount: all.length };
        }),
      },
    }),
    { input: { customerId: 7 } },
  ).start();
  return { actor, calls };
}

describe('order list machine', () => {
  it('loads the first page, then more until all are shown', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.orders).toHaveLength(ORDER_PAGE_SIZE);
    actor.send({ type: 'orders.loadMore' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pageNumber === 2);
    actor.send({ type: 'orders.loadMore' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.pageNumber === 3);
    expect(actor.getSnapshot().context.orders.map((o) => o.OrderId)).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));
    actor.send({ type: 'orders.loadMore' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.map((c) => c.pageNumber)).toEqual([1, 2, 3]);
  });

  it('reloads from page 1 when a filter changes', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.loadMore' });
    await waitFor(actor, (s) => s.context.pageNumber === 2);
    actor.send({ type: 'orders.filter', filter: { orderStatus: 'DELIVERED' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.at(-1)).toMatchObject({ pageNumber: 1, filter: { filterType: 'all', orderStatus: 'DELIVERED' } });
    expect(actor.getSnapshot().context.orders).toHaveLength(ORDER_PAGE_SIZE);
  });

  it('waits for both dates of a custom range, and refuses a reversed range without asking the server', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.filter', filter: { filterType: 'custom' } });
    expect(actor.getSnapshot().hasTag('needsRange')).toBe(true);
    actor.send({ type: 'orders.filter', filter: { startDate: '2026-03-05' } });
    expect(actor.getSnapshot().hasTag('needsRange')).toBe(true);
    actor.send({ type: 'orders.filter', filter: { endDate: '2026-03-01' } });
    expect(actor.getSnapshot().context.error).toBe(ORDER_LIST_MESSAGES.startAfterEnd);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'orders.filter', filter: { endDate: '2026-03-09' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.at(-1)?.filter).toMatchObject({ filterType: 'custom', startDate: '2026-03-05', endDate: '2026-03-09' });
  });

  it('updates a card in place on a live status change', async () => {
    const { actor } = start(3);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.statusUpdate', update: { OrderId: 2, OrderStatus: 'Packed', StatusCode: 'PACKED' } });
    expect(actor.getSnapshot().context.orders.find((o) => o.OrderId === 2)).toMatchObject({ OrderStatus: 'Packed', StatusCode: 'PACKED' });
  });

  it('changes the payment state of a card with the live status change that carries it', async () => {
    const { actor } = start(3);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'orders.statusUpdate', update: { OrderId: 3, OrderStatus: 'Delivered', StatusCode: 'DELIVERED', PaymentStatus: 'CAPTURED' } });
    actor.send({ type: 'orders.statusUpdate', update: { OrderId: 2, OrderStatus: 'Packed', StatusCode: 'PACKED' } });
    const orders = actor.getSnapshot().context.orders;
    expect(orders.find((o) => o.OrderId === 3)).toMatchObject({ StatusCode: 'DELIVERED', PaymentStatus: 'CAPTURED' });
    expect(orders.find((o) => o.OrderId === 2)).toMatchObject({ StatusCode: 'PACKED', PaymentStatus: 'PENDING' });
  });

  it('shows the error and retries', async () => {
    const { actor } = start(3, true);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network error');
    actor.send({ type: 'orders.retry' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('order list query (section 5)', () => {
  it.each([
    [{ filterType: 'all', orderStatus: 'all', startDate: '', endDate: '' }, 'filterType=all&pageNumber=1&pageSize=10'],
    [
      { filterType: 'week', orderStatus: 'PACKED', startDate: '2026-01-01', endDate: '2026-01-02' },
      'filterType=week&orderStatus=PACKED&pageNumber=1&pageSize=10',
    ],
    [{ filterType: 'custom', orderStatus: 'all', startDate: '2026-01-01', endDate: '' }, 'filterType=custom&pageNumber=1&pageSize=10'],
    [
      { filterType: 'custom', orderStatus: 'all', startDate: '2026-01-01', endDate: '2026-01-31' },
      'filterType=custom&startDate=2026-01-01&endDate=2026-01-31&pageNumber=1&pageSize=10',
    ],
  ] as const)('%o → %s', (filter, query) => {
    expect(orderListSearchParams(filter, 1, 10).toString()).toBe(query);
  });
});
