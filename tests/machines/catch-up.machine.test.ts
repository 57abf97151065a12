/**
 * Every screen that shows live data reads it again when the live connection opens or opens
 * again (its catch-up event): a change made before or while the connection was away was never
 * pushed. The read shows no spinner, keeps what is shown when it fails, and an answer older than
 * a push that arrived during it never replaces the push.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { productListMachine, type PageRequest, type ProductListEvent } from '../../machines/product-list.machine';
import { productDetailMachine, type DetailRequest, type ProductDetailEvent } from '../../machines/product-detail.machine';
import { homeMachine, type HomeData, type HomeEvent } from '../../machines/home.machine';
import { ORDER_PAGE_SIZE, orderListMachine, type FetchOrdersInput, type OrderListEvent } from '../../machines/order-list.machine';
import { walletMachine, type WalletEvent, type WalletInfo } from '../../machines/wallet.machine';
import type { Paged, Product } from '../../contract/catalogue.schemas';
import { fishProduct } from './product-fixture';
import type { OrderListItem, OrderPage } from '../../contract/order-history.schemas';

const product = (productId: number, sRate = 100): Product => fishProduct(productId, { sRate });

const order = (id: number, status = 'PLACED'): OrderListItem => ({
  OrderId: id,
  OrderNo: `SH${id}`,
  OrderStatus: status,
  StatusCode: status,
  NetAmount: 100,
  ItemCount: 1,
  CreatedAt: '2026-01-01T00:00:00.000Z',
  PaymentMethod: 'COD',
  PaymentStatus: 'PENDING',
  FirstItemName: 'Fish',
  FirstItemImage: '',
});

/** Requests a fake server answers only when the test says so, oldest first. */
class HeldAnswers<I, O> {
  readonly requests: I[] = [];
  private readonly waiting: { resolve: (output: O) => void; reject: (error: Error) => void }[] = [];

  ask = (input: I): Promise<O> => {
    this.requests.push(input);
    return new Promise<O>((resolve, reject) => this.waiting.push({ resolve, reject }));
  };

  async answer(output: O): Promise<void> {
    const next = this.waiting.shift();
    expect(next, 'a request is waiting').toBeDefined();
    next?.resolve(output);
    await settle();
  }

  async fail(): Promise<void> {
    this.waiting.shift()?.reject(new Error('Network error'));
    await settle();
  }
}

async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

function listOf(server: HeldAnswers<PageRequest, Paged<Product>>) {
  let push: ((event: ProductListEvent) => void) | undefined;
  const actor = createActor(
    productListMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input }: { input: PageRequest }) => server.ask(input)),
        liveUpdates: fromCallback<ProductListEvent>(({ sendBack }) => {
          push = sendBack;
        }),
      },
    }),
    { input: { query: { categoryId: 1 }, pageSize: 2 } },
  ).start();
  return { actor, live: (event: ProductListEvent) => push?.(event) };
}

const page = (items: Product[], totalCount: number): Paged<Product> => ({ items, totalCount, pageNumber: 1, pageSize: items.length });

describe('product list catch-up', () => {
  async function listShowingTwoPages() {
    const server = new HeldAnswers<PageRequest, Paged<Product>>();
    const list = listOf(server);
    await server.answer(page([product(1), product(2)], 5));
    list.actor.send({ type: 'list.loadMore' });
    await server.answer(page([product(3), product(4)], 5));
    expect(list.actor.getSnapshot().context.items.map((p: Product) => p.productId)).toEqual([1, 2, 3, 4]);
    return { server, ...list };
  }

  it('reads every shown page in one request, without a spinner, and shows the fresh list', async () => {
    const { server, actor } = await listShowingTwoPages();
    actor.send({ type: 'list.catchUp' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(actor.getSnapshot().hasTag('busy'), 'no spinner').toBe(false);
    expect(server.requests.at(-1)).toEqual({ query: { categoryId: 1 }, pageNumber: 1, pageSize: 4 });
    // Product 2 was taken off sale and product 1 repriced while the connection was away.
    await server.answer(page([product(1, 90), product(3), product(4), product(5)], 4));
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(actor.getSnapshot().context.items.map((p: Product) => [p.productId, p.sRate])).toEqual([
      [1, 90],
      [3, 100],
      [4, 100],
      [5, 100],
    ]);
    expect(actor.getSnapshot().context.totalCount).toBe(4);
    expect(actor.getSnapshot().context.pageNumber, 'Load more goes on from the same page').toBe(2);
  });

  it('asks again when a push arrives during the read, so the older answer never replaces the push', async () => {
    const { server, actor, live } = await listShowingTwoPages();
    actor.send({ type: 'list.catchUp' });
    live({ type: 'list.productUpdate', items: [product(1, 75)] });
    expect(actor.getSnapshot().context.items[0]?.sRate).toBe(75);
    expect(server.requests).toHaveLength(4);
    await server.answer(page([product(1, 100), product(2), product(3), product(4)], 5));
    expect(actor.getSnapshot().context.items[0]?.sRate, 'the first, older answer is dropped').toBe(75);
    await server.answer(page([product(1, 75), product(2), product(3), product(4)], 5));
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(actor.getSnapshot().context.items[0]?.sRate).toBe(75);
  });

  it('keeps what is shown when the read fails, and retries a failed list', async () => {
    const { server, actor } = await listShowingTwoPages();
    actor.send({ type: 'list.catchUp' });
    await server.fail();
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(actor.getSnapshot().context.items).toHaveLength(4);

    const other = new HeldAnswers<PageRequest, Paged<Product>>();
    const failed = listOf(other);
    await other.fail();
    expect(failed.actor.getSnapshot().value).toBe('error');
    failed.actor.send({ type: 'list.catchUp' });
    await other.answer(page([product(1)], 1));
    expect(failed.actor.getSnapshot().value).toBe('fetched');
  });
});

describe('product detail catch-up', () => {
  it('reads the product again with the chosen variant and starts over on a push', async () => {
    const server = new HeldAnswers<DetailRequest, Product>();
    let push: ((event: ProductDetailEvent) => void) | undefined;
    const actor = createActor(
      productDetailMachine.provide({
        actors: {
          fetchDetail: fromPromise(({ input }: { input: DetailRequest }) => server.ask(input)),
          liveUpdates: fromCallback<ProductDetailEvent>(({ sendBack }) => {
            push = sendBack;
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'detail.load', productId: 7, variantId: 71 });
    await server.answer(product(7));
    actor.send({ type: 'detail.catchUp' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(server.requests.at(-1)).toEqual({ productId: 7, variantId: 71 });
    push?.({ type: 'detail.update', items: [product(7, 60)] });
    await server.answer(product(7, 100));
    expect(actor.getSnapshot().context.product?.sRate, 'the older answer is dropped').toBe(60);
    await server.answer(product(7, 60));
    expect(actor.getSnapshot().value).toBe('fetched');
  });
});

describe('home catch-up', () => {
  const data = (sRate: number): HomeData => ({ categoryData: [], productData: [product(1, sRate)], specialCategories: [], rails: [], offers: [] });

  it('reads the home data again without a spinner, once more when a push came during the read', async () => {
    const server = new HeldAnswers<{ companyId: number; branchId: number }, HomeData>();
    let push: ((event: HomeEvent) => void) | undefined;
    const actor = createActor(
      homeMachine.provide({
        actors: {
          fetchHome: fromPromise(({ input }: { input: { companyId: number; branchId: number } }) => server.ask(input)),
          liveUpdates: fromCallback<HomeEvent>(({ sendBack }) => {
            push = sendBack;
          }),
        },
      }),
      { input: { companyId: 1, branchId: 1 } },
    ).start();
    await server.answer(data(100));
    actor.send({ type: 'home.catchUp' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    push?.({ type: 'home.productUpdate', items: [product(1, 80)] });
    await server.answer(data(100));
    expect(actor.getSnapshot().value, 'read once more').toBe('catchingUp');
    expect(actor.getSnapshot().context.productData[0]?.sRate).toBe(80);
    await server.answer(data(80));
    expect(actor.getSnapshot().value).toBe('fetched');
    expect(actor.getSnapshot().context.productData[0]?.sRate).toBe(80);
  });
});

describe('order list catch-up', () => {
  it('reads every shown order in one request and shows a status changed while away', async () => {
    const server = new HeldAnswers<FetchOrdersInput, OrderPage>();
    let push: ((event: OrderListEvent) => void) | undefined;
    const actor = createActor(
      orderListMachine.provide({
        actors: {
          fetchOrders: fromPromise(({ input }: { input: FetchOrdersInput }) => server.ask(input)),
          liveUpdates: fromCallback<OrderListEvent>(({ sendBack }) => {
            push = sendBack;
          }),
        },
      }),
      { input: { customerId: 7 } },
    ).start();
    const all = Array.from({ length: 15 }, (_, i) => order(15 - i));
    await server.answer({ items: all.slice(0, 10), totalCount: 15 });
    actor.send({ type: 'orders.loadMore' });
    await server.answer({ items: all.slice(10), totalCount: 15 });

    actor.send({ type: 'orders.catchUp' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(server.requests.at(-1)).toMatchObject({ customerId: 7, pageNumber: 1, pageSize: 2 * ORDER_PAGE_SIZE });
    push?.({ type: 'orders.statusUpdate', update: { OrderId: 15, OrderStatus: 'Packed', StatusCode: 'PACKED' } });
    await server.answer({ items: all, totalCount: 15 });
    expect(actor.getSnapshot().context.orders[0]?.StatusCode, 'the older answer is dropped').toBe('PACKED');
    const fresh = [order(15, 'DELIVERED'), ...all.slice(1)];
    await server.answer({ items: fresh, totalCount: 15 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(
      actor
        .getSnapshot()
        .context.orders.map((o: OrderListItem) => o.StatusCode)
        .slice(0, 2),
    ).toEqual(['DELIVERED', 'PLACED']);
    expect(actor.getSnapshot().context.orders).toHaveLength(15);
  });
});

describe('wallet catch-up', () => {
  it('reads the wallet again without a spinner', async () => {
    const server = new HeldAnswers<{ customerId: number }, WalletInfo>();
    const wallet = (balance: number): WalletInfo => ({ WalletBalance: balance, LoyaltyPoints: 0, LoyaltyValue: 0, WalletHistory: [], LoyaltyHistory: [] });
    const actor = createActor(
      walletMachine.provide({
        actors: {
          fetchWallet: fromPromise(({ input }: { input: { customerId: number } }) => server.ask(input)),
          liveUpdates: fromCallback<WalletEvent>(() => () => {}),
        },
      }),
      { input: { customerId: 7 } },
    ).start();
    await server.answer(wallet(100));
    actor.send({ type: 'wallet.catchUp' });
    expect(actor.getSnapshot().value).toBe('catchingUp');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    await server.answer(wallet(250));
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.wallet?.WalletBalance).toBe(250);
  });
});
