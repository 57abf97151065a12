import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import type { LatencyBook } from './figures.js';
import { shopSecret, signToken } from './tokens.js';
import { latestSlotWithRoom } from '../../helpers/slots.js';

export interface Shopper {
  customerId: number;
  token: string;
  addressId: number;
}

/** Many customers at once, straight into the database (the OTP limits are for people, not for a crowd of simulations). */
export async function makeCrowd(db: Kysely<Database>, count: number, tag: string): Promise<Shopper[]> {
  const secret = await shopSecret(db);
  const at = new Date().toISOString();
  const crowd: Shopper[] = [];
  for (let i = 0; i < count; i += 1) {
    const mobile = `8${String(Date.now() % 100_000).padStart(5, '0')}${String(i).padStart(4, '0')}`;
    const customer = await db
      .insertInto('customers')
      .values({ company_id: 1, mobile, name: `Crowd ${tag} ${i}`, email: '', wallet_balance: 0, loyalty_points: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const address = await db
      .insertInto('addresses')
      .values({
        customer_id: customer.id,
        name: `Crowd ${i}`,
        phone: mobile,
        house: '1',
        street: 'Market Road',
        landmark: '',
        city: 'Kochi',
        state: 'Kerala',
        pincode: '682001',
        latitude: null,
        longitude: null,
        is_default: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    crowd.push({ customerId: customer.id, token: await signToken(secret, { customerId: customer.id, companyId: 1 }, 3 * 3600), addressId: address.id });
  }
  return crowd;
}

interface Listed {
  productId: number;
  variantId: number;
  sRate: number;
  oRate: number | null;
  isStockAvailable: boolean;
  active: boolean;
}

export type Ending = 'paid' | 'declined' | 'abandoned' | 'cod' | 'blocked';

export interface JourneyTally {
  journeys: number;
  paid: number;
  declined: number;
  abandoned: number;
  cod: number;
  /** Visits that found an earlier order still unpaid: the shop refuses a new one until it is paid or cancelled. */
  blocked: number;
  /** Requests cut off because the server was killed (connection refused or reset). */
  interrupted: number;
  /** Proccess retries and payment-status polls, as the client makes them. */
  retries: number;
}

export class Interrupted extends Error {}

export const PROCESS_RETRIES = 3;

export const emptyTally = (): JourneyTally => ({ journeys: 0, paid: 0, declined: 0, abandoned: 0, cod: 0, blocked: 0, interrupted: 0, retries: 0 });

/** How long a shopper who left an order unpaid stays away before looking again. */
const COME_BACK_LATER_MS = 1_000;

/**
 * One customer's visit: browse, cart, checkout, then pay, fail to pay, walk away, or pay cash. A
 * visit that finds an earlier order still unpaid (the pending-orders dialog) cancels it half the
 * time and otherwise leaves it to the abandoned-order sweep and comes back later.
 * Every request is timed into the book; a 5xx or an unexpected refusal is an error; a refused
 * connection (the server was killed) is an interruption.
 */
export async function journey(base: () => string, who: Shopper, book: LatencyBook, tally: JourneyTally, keyId: string): Promise<Ending> {
  const idempotencyKey = crypto.randomUUID();
  const call = async <T>(
    kind: string,
    method: string,
    path: string,
    body?: unknown,
    accept: number[] = [200],
  ): Promise<{ status: number; data: T; text: string }> => {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${who.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'idempotency-key': idempotencyKey,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      tally.interrupted += 1;
      throw new Interrupted(error instanceof Error ? error.message : String(error));
    }
    const text = await res.text().catch(() => '');
    book.record(kind, performance.now() - started);
    if (!accept.includes(res.status)) {
      book.fail(kind, `${method} ${path} → ${res.status} ${text.slice(0, 160)}`);
      throw new Error(`${kind} answered ${res.status}`);
    }
    let data: T = undefined as T;
    try {
      data = (JSON.parse(text) as { Data: T }).Data;
    } catch {
      // sandbox answers are not enveloped
      data = JSON.parse(text || 'null') as T;
    }
    return { status: res.status, data, text };
  };

  const page = 1 + Math.floor(Math.random() * 3);
  const list = await call<Listed[]>('browse', 'GET', `/api/products?companyId=1&branchId=1&pageNumber=${page}&pageSize=20`);
  // A visit counts once the shop answered its first page.
  tally.journeys += 1;
  const buyable = list.data.filter((p) => p.active && p.isStockAvailable);
  const pick = buyable[Math.floor(Math.random() * buyable.length)];
  if (!pick) throw new Error('nothing to buy on the page');
  await call('detail', 'GET', `/api/Product/detail/${pick.productId}?branchId=1`);
  const rate = pick.oRate ?? pick.sRate;
  const qty = Math.min(5, Math.max(1, Math.ceil(250 / Math.max(rate, 1))));
  await call('cart', 'PUT', `/api/Cart/1/${pick.productId}/${pick.variantId}?qtyChange=${qty}&id=0&pageNumber=1&pageSize=10`);
  const pending = await call<{ OrderId: number }[]>('pending', 'GET', '/api/Order/checkPayment');
  const unpaid = pending.data[0];
  if (unpaid) {
    tally.blocked += 1;
    if (Math.random() < 0.5) {
      // Cancel Order in the dialog; 400 when the order got placed meanwhile.
      await call('cancel', 'POST', `/api/Order/placeOrder/${unpaid.OrderId}/Cancel`, undefined, [200, 400]);
    } else {
      await new Promise((r) => setTimeout(r, COME_BACK_LATER_MS));
      return 'blocked';
    }
  }
  const slots = await call<{ DeliveryId: number; Available: number }[]>('slots', 'GET', '/api/DeliverySlot/web/1?branchId=1');
  const slot = latestSlotWithRoom(slots.data);
  if (!slot) throw new Error('no delivery slot');
  const roll = Math.random();
  const ending: Ending = roll < 0.75 ? 'paid' : roll < 0.83 ? 'declined' : roll < 0.9 ? 'abandoned' : 'cod';
  const method = ending === 'cod' ? 'COD' : 'ONLINE';
  await call('checkout', 'GET', `/api/Order/checkout?branchId=1&deliveryId=${slot.DeliveryId}&paymentMethod=${method}`);
  // 409: an order this shopper left unpaid (its request cut off by a kill) still waits.
  const order = await call<{ OrderId: number }>(
    'summary',
    'POST',
    '/api/Order/summary?branchId=1',
    { deliveryId: slot.DeliveryId, addressId: who.addressId, paymentMethod: method, isWalletAmount: false, isWalletLoyality: false },
    [200, 409],
  );
  if (order.status === 409) {
    tally.blocked += 1;
    return 'blocked';
  }
  // The client retries Proccess 3 times, 1 s apart (spec section 7); a busy provider answers 503 meanwhile.
  let processed = await call<{ Data: string; Status: string }>(
    'process',
    'POST',
    `/api/Order/placeOrder/${order.data.OrderId}/Proccess`,
    undefined,
    [200, 503],
  );
  for (let retry = 0; processed.status === 503 && retry < PROCESS_RETRIES; retry += 1) {
    tally.retries += 1;
    await new Promise((r) => setTimeout(r, 1_000));
    processed = await call(
      'process',
      'POST',
      `/api/Order/placeOrder/${order.data.OrderId}/Proccess`,
      undefined,
      retry === PROCESS_RETRIES - 1 ? [200] : [200, 503],
    );
  }
  if (ending === 'cod') {
    if (processed.data.Status !== 'PLACED') book.fail('process', `cash order ${order.data.OrderId} answered ${processed.data.Status}`);
    tally.cod += 1;
    return ending;
  }
  if (ending === 'abandoned') {
    tally.abandoned += 1;
    return ending;
  }
  const card = ending === 'paid' ? '4111 1111 1111 1111' : '4000 0000 0000 0002';
  const paid = await call<null>(
    'pay',
    'POST',
    '/sandbox/checkout/pay',
    { key_id: keyId, order_id: processed.data.Data, card_number: card, expiry: '12/39', cvv: '123', email: 'crowd@example.com', contact: '9876543210' },
    ending === 'paid' ? [200] : [400],
  );
  if (ending === 'declined') {
    await call('cancel', 'POST', `/api/Order/placeOrder/${order.data.OrderId}/Cancel`);
    tally.declined += 1;
    return ending;
  }
  const verified = await call<{ Status: string }>('verify', 'POST', '/api/Order/payment/verify', JSON.parse(paid.text));
  let status = verified.data.Status;
  // A verified callback the server could not yet confirm with the provider: the client polls (spec: every 3 s).
  for (let poll = 0; status === 'PENDING' && poll < 5; poll += 1) {
    tally.retries += 1;
    await new Promise((r) => setTimeout(r, 1_000));
    const answer = await call<{ Status: string }[]>(
      'status',
      'GET',
      `/api/Order/status/checkPayment/${order.data.OrderId}?razropayOrderId=${processed.data.Data}`,
    );
    status = answer.data[0]?.Status ?? 'PENDING';
  }
  if (status !== 'CAPTURED') book.fail('verify', `order ${order.data.OrderId} answered ${status}`);
  tally.paid += 1;
  return ending;
}

/** Runs journeys for every shopper until the deadline or until told to stop. */
export async function runCrowd(options: {
  crowd: Shopper[];
  urls: () => string[];
  until: () => boolean;
  book: LatencyBook;
  tally: JourneyTally;
  keyId: string;
}): Promise<void> {
  await Promise.all(
    options.crowd.map(async (who, i) => {
      // Stagger the start so the crowd arrives over a second, not in one instant.
      await new Promise((r) => setTimeout(r, (i * 1000) / options.crowd.length));
      while (!options.until()) {
        const base = () => {
          const urls = options.urls();
          return urls[Math.floor(Math.random() * urls.length)] ?? '';
        };
        try {
          await journey(base, who, options.book, options.tally, options.keyId);
        } catch (error) {
          if (error instanceof Interrupted) await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
}
