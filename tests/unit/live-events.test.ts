import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { hubMachine, type HubEvent } from '../../machines/hub.machine';
import { onLiveEvent } from '../../src/app/live-events';
import { appRoot, joinApp, type AppActorRefs } from '../../src/app/app-system';
import { orderDetailLogic, orderListLogic, walletLogic } from '../../src/app/account-actors';
import type { OrderDetail, OrderPage, OrderReason } from '../../contract/order-history.schemas';
import type { WalletInfo } from '../../machines/wallet.machine';

/**
 * The account screens' machines as the app provides them (src/app/account-actors.ts), with only
 * their HTTP calls faked, hear the real hub machine: a push on the connection reaches each
 * screen through its liveUpdates actor.
 */
let push: (event: HubEvent) => void = () => {
  throw new Error('the hub is not connected');
};
const connects: Array<() => void> = [];
const hubLogic = hubMachine.provide({
  actors: {
    connect: fromPromise<void, { companyId: number }>(() => new Promise<void>((resolve) => connects.push(resolve))),
    disconnect: fromPromise<void>(async () => {}),
    connectionEvents: fromCallback<HubEvent>(({ sendBack }) => {
      push = sendBack;
      return () => {};
    }),
  },
});
const started: AnyActorRef[] = [];
// A listener added before the hub's code has loaded and the hub has joined the app's system.
const heardEarly: string[] = [];
onLiveEvent('hub.connected', () => heardEarly.push('connected'));
let hub: AppActorRefs['hub'];

beforeAll(async () => {
  hub = joinApp('hub', hubLogic, { companyId: 1, autoStart: true });
  await waitFor(hub, () => connects.length === 1);
});
afterAll(() => {
  started.forEach((actor) => actor.stop());
  appRoot().stop();
});

function track<A extends AnyActorRef>(actor: A): A {
  started.push(actor);
  return actor;
}

const order = (status: string, code: string): OrderDetail => ({
  OrderId: 5,
  OrderNo: 'SH5',
  CompanyId: 1,
  OrderStatus: status,
  StatusCode: code,
  CreatedAt: '2026-11-25T09:00:00.000Z',
  PaymentMethod: 'ONLINE',
  PaymentStatus: 'CAPTURED',
  TransactionNo: 'pay_1',
  SlotLabel: 'Tomorrow',
  Address: null,
  Items: [],
  GrossAmount: 500,
  CouponCode: '',
  DiscountAmount: 0,
  Savings: 0,
  DeliveryCharge: 0,
  WalletAmount: 0,
  LoyaltyPoints: 0,
  LoyaltyAmount: 0,
  NetAmount: 500,
  RefundAmount: 0,
  Refunds: [],
  Timeline: [],
  DeliveredAt: null,
  CancelledAt: null,
  CancelReason: '',
  Return: null,
  Review: null,
  CanCancel: false,
  CanReturn: false,
  CanReview: false,
  ReturnWindowEndsAt: null,
});

describe('live events from the hub actor', () => {
  it('a listener added before the connection opens hears hub.connected and each update kind', async () => {
    const heard: string[] = [];
    const stops = [
      onLiveEvent('hub.connected', () => heard.push('connected')),
      onLiveEvent('category.update', (data) => heard.push(`category ${data.Items.length}`)),
    ];
    let fetches = 0;
    const detail = track(
      createActor(
        orderDetailLogic.provide({
          actors: {
            fetchOrder: fromPromise(async () => (fetches++ === 0 ? order('Placed', 'PLACED') : order('Packed', 'PACKED'))),
            fetchReasons: fromPromise(async (): Promise<OrderReason[]> => []),
          },
        }),
        {
          input: { orderId: 5, companyId: 1 },
        },
      ).start(),
    );
    await waitFor(detail, (s) => s.matches('ready'));
    connects.shift()?.();
    await waitFor(hub, (s) => s.matches('Connected'));
    // A (re)opened connection may have missed a change: the detail screen reads the order again.
    await waitFor(detail, (s) => s.context.order?.StatusCode === 'PACKED');
    push({ type: 'hub.update', kind: 'Category', data: { BranchId: null, Items: [{}, {}] } });
    expect(heard).toEqual(['connected', 'category 2']);
    expect(heardEarly).toEqual(['connected']);
    stops.forEach((stop) => stop());
    push({ type: 'hub.update', kind: 'Category', data: { BranchId: null, Items: [] } });
    expect(heard).toHaveLength(2);
  });

  it('an order status push changes the order list card, the order detail and reloads the wallet', async () => {
    const page: OrderPage = {
      totalCount: 1,
      items: [
        {
          OrderId: 5,
          OrderNo: 'SH5',
          OrderStatus: 'Placed',
          StatusCode: 'PLACED',
          NetAmount: 500,
          ItemCount: 1,
          CreatedAt: '2026-11-25T09:00:00.000Z',
          PaymentMethod: 'ONLINE',
          PaymentStatus: 'PENDING',
          FirstItemName: 'Seer fish',
          FirstItemImage: '',
        },
      ],
    };
    const list = track(createActor(orderListLogic.provide({ actors: { fetchOrders: fromPromise(async () => page) } }), { input: { customerId: 3 } }).start());
    const detail = track(
      createActor(
        orderDetailLogic.provide({
          actors: { fetchOrder: fromPromise(async () => order('Placed', 'PLACED')), fetchReasons: fromPromise(async (): Promise<OrderReason[]> => []) },
        }),
        {
          input: { orderId: 5, companyId: 1 },
        },
      ).start(),
    );
    let balance = 10;
    const walletInfo = (): WalletInfo => ({ WalletBalance: balance, LoyaltyPoints: 0, LoyaltyValue: 0, WalletHistory: [], LoyaltyHistory: [] });
    const wallet = track(
      createActor(walletLogic.provide({ actors: { fetchWallet: fromPromise(async () => walletInfo()) } }), { input: { customerId: 3 } }).start(),
    );
    await waitFor(list, (s) => s.matches('ready'));
    await waitFor(detail, (s) => s.matches('ready'));
    await waitFor(wallet, (s) => s.matches('ready'));

    balance = 250;
    push({
      type: 'hub.update',
      kind: 'OrderStatus',
      data: { OrderId: 5, OrderStatus: 'Cancelled', StatusCode: 'CANCELLED', PaymentStatus: 'REFUNDED', At: '2026-11-25T10:00:00Z' },
    });

    expect(list.getSnapshot().context.orders[0]).toMatchObject({ OrderStatus: 'Cancelled', StatusCode: 'CANCELLED', PaymentStatus: 'REFUNDED' });
    expect(detail.getSnapshot().context.order).toMatchObject({ OrderStatus: 'Cancelled', StatusCode: 'CANCELLED' });
    await waitFor(wallet, (s) => s.matches('ready') && s.context.wallet?.WalletBalance === 250);
  });

  it('a stopped screen hears nothing more', async () => {
    let fetches = 0;
    const wallet = createActor(
      walletLogic.provide({
        actors: {
          fetchWallet: fromPromise(async (): Promise<WalletInfo> => ({
            WalletBalance: ++fetches,
            LoyaltyPoints: 0,
            LoyaltyValue: 0,
            WalletHistory: [],
            LoyaltyHistory: [],
          })),
        },
      }),
      {
        input: { customerId: 3 },
      },
    ).start();
    await waitFor(wallet, (s) => s.matches('ready'));
    wallet.stop();
    push({ type: 'hub.update', kind: 'OrderStatus', data: { OrderId: 5, OrderStatus: 'Packed', StatusCode: 'PACKED', At: '2026-11-25T10:00:00Z' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toBe(1);
  });
});
