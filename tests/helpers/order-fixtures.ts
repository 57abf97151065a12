import { expect } from 'vitest';
import type { App } from '../../server/app.js';
import { postWallet } from '../../server/services/ledger.js';
import { commitReserved, reserveStock } from '../../server/repositories/stock-repository.js';
import { NOT_YET_HAPPENED } from '../../server/repositories/order-repository.js';
import type { OrderStatus } from '../../server/services/order-lifecycle.js';

/** The statuses an order passes through on its way to each status, in order. */
const PATH: Record<OrderStatus, OrderStatus[]> = {
  AWAITING_PAYMENT: ['AWAITING_PAYMENT'],
  PLACED: ['AWAITING_PAYMENT', 'PLACED'],
  PACKED: ['AWAITING_PAYMENT', 'PLACED', 'PACKED'],
  OUT_FOR_DELIVERY: ['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY'],
  DELIVERED: ['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
  RETURN_REQUESTED: ['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RETURN_REQUESTED'],
  RETURNED: ['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RETURN_REQUESTED', 'RETURNED'],
  REFUNDED: ['AWAITING_PAYMENT', 'PLACED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RETURN_REQUESTED', 'RETURNED', 'REFUNDED'],
  CANCELLED: ['AWAITING_PAYMENT', 'CANCELLED'],
};

/** A stock line of its own for the fixture product, so stock moves can be checked exactly. */
export const FIXTURE_PRODUCT_ID = 990_001;

export async function fixtureStock(app: App, branchId = 1) {
  return app.db
    .selectFrom('branch_stock')
    .select(['available', 'reserved', 'sold'])
    .where('branch_id', '=', branchId)
    .where('product_id', '=', FIXTURE_PRODUCT_ID)
    .where('variant_id', '=', 0)
    .executeTakeFirstOrThrow();
}

async function ensureStock(app: App, branchId: number): Promise<void> {
  const existing = await app.db
    .selectFrom('branch_stock')
    .select('id')
    .where('branch_id', '=', branchId)
    .where('product_id', '=', FIXTURE_PRODUCT_ID)
    .executeTakeFirst();
  if (existing) return;
  await app.db
    .insertInto('branch_stock')
    .values({
      branch_id: branchId,
      product_id: FIXTURE_PRODUCT_ID,
      variant_id: 0,
      s_rate: 25000,
      o_rate: null,
      available: 10_000,
      reserved: 0,
      sold: 0,
      active: 1,
      updated_at: new Date().toISOString(),
    })
    .execute();
}

export interface OrderFixture {
  customerId: number;
  status?: OrderStatus;
  paymentMethod?: 'ONLINE' | 'COD';
  /** Paid from the wallet (debited from the customer's ledger like a real checkout). */
  walletPaise?: number;
  /** Left to pay online or at the door. */
  netPaise?: number;
  qty?: number;
  createdAt?: string;
  deliveredAt?: string;
  companyId?: number;
  itemName?: string;
}

let counter = 0;

/**
 * An order as checkout and the shop would have left it in `status`: stock reserved or sold,
 * wallet debited, one event per step. Inserted directly so tests control the clock.
 */
export async function insertOrder(app: App, fixture: OrderFixture): Promise<{ id: number; orderNo: string }> {
  const status = fixture.status ?? 'PLACED';
  const method = fixture.paymentMethod ?? 'ONLINE';
  const net = fixture.netPaise ?? 50_000;
  const wallet = fixture.walletPaise ?? 0;
  const qty = fixture.qty ?? 2;
  // An hour back, so the fixture's own timeline stays before anything the test does next.
  const createdAt = fixture.createdAt ?? new Date(Date.now() - 3600_000).toISOString();
  const path = PATH[status];
  const reached = (s: OrderStatus) => path.includes(s);
  const paid = reached('PLACED') && method === 'ONLINE' && net > 0;
  const delivered = reached('DELIVERED') ? (fixture.deliveredAt ?? new Date().toISOString()) : null;
  await ensureStock(app, 1);
  counter += 1;
  const row = await app.db
    .insertInto('orders')
    .values({
      ...NOT_YET_HAPPENED,
      order_no: `FX${Date.now().toString(36)}${counter}`.toUpperCase(),
      company_id: fixture.companyId ?? 1,
      branch_id: 1,
      customer_id: fixture.customerId,
      status,
      payment_method: method,
      payment_status: net === 0 ? 'NOT_REQUIRED' : paid ? 'CAPTURED' : delivered ? 'CAPTURED' : 'PENDING',
      delivery_slot_id: null,
      slot_label: 'Tomorrow, 7:00 AM – 9:00 AM',
      address_json: JSON.stringify({
        Name: 'Anjali Menon',
        Phone: '9847012345',
        House: '12/455',
        Street: 'Beach Road',
        Landmark: '',
        City: 'Kochi',
        State: 'Kerala',
        Pincode: '682001',
      }),
      coupon_code: null,
      gross_amount: net + wallet,
      discount_amount: 0,
      delivery_charge: 0,
      wallet_amount: wallet,
      loyalty_points: 0,
      loyalty_amount: 0,
      net_amount: net,
      refund_amount: 0,
      provider_order_id: paid ? `order_fx${counter}` : null,
      provider_payment_id: paid ? `pay_fx${counter}` : null,
      created_at: createdAt,
      updated_at: createdAt,
      expires_at: null,
      paid_at: paid ? createdAt : null,
      delivered_at: delivered,
      cancelled_at: status === 'CANCELLED' ? createdAt : null,
      cancel_reason: status === 'CANCELLED' ? 'Payment not completed' : null,
      return_remark: reached('RETURN_REQUESTED') ? 'Fish was not fresh' : null,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('order_items')
    .values({
      order_id: row.id,
      product_id: FIXTURE_PRODUCT_ID,
      variant_id: 0,
      item_name: fixture.itemName ?? 'Seer Fish (Neymeen)',
      variant_name: '',
      image: '/images/fixture.svg',
      qty,
      rate: Math.round((net + wallet) / qty),
      value: net + wallet,
    })
    .execute();
  const line = { branchId: 1, productId: FIXTURE_PRODUCT_ID, variantId: 0, qty };
  if (status !== 'CANCELLED') {
    if (!(await reserveStock(app.db, line))) throw new Error('fixture stock ran out');
    if (reached('PLACED')) await commitReserved(app.db, line);
    if (wallet > 0) await postWallet(app.db, fixture.customerId, -wallet, `Paid for order ${row.order_no}`, row.id);
  }
  await app.db
    .insertInto('order_events')
    .values(
      path.map((s, i) => ({
        order_id: row.id,
        status: s,
        note: '',
        actor: s === 'PLACED' ? ('provider' as const) : ('shop' as const),
        created_at: new Date(Date.parse(createdAt) + i * 1000).toISOString(),
      })),
    )
    .execute();
  return { id: row.id, orderNo: row.order_no };
}

/**
 * The wallet balance equals the sum of its history: in the database line by line, and as
 * Customer/info shows it (newest first; each line's balance follows from the one before, and
 * a complete history starts from zero).
 */
export async function expectWalletMatchesHistory(app: App, customer: { id: number; auth: Record<string, string> }): Promise<number> {
  const row = await app.db.selectFrom('customers').select('wallet_balance').where('id', '=', customer.id).executeTakeFirstOrThrow();
  const lines = await app.db.selectFrom('wallet_ledger').select('amount').where('customer_id', '=', customer.id).execute();
  expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(row.wallet_balance);
  const info = await app.inject({ method: 'GET', url: `/api/Customer/info/${customer.id}`, headers: customer.auth });
  expect(info.statusCode).toBe(200);
  const data = info.json().Data as { WalletBalance: number; WalletHistory: { Amount: number; BalanceAfter: number }[] };
  const paise = (rupees: number) => Math.round(rupees * 100);
  expect(paise(data.WalletBalance)).toBe(row.wallet_balance);
  const shown = data.WalletHistory;
  if (shown.length > 0) expect(paise(shown[0]?.BalanceAfter ?? 0)).toBe(row.wallet_balance);
  shown.forEach((line, i) => {
    const before = shown[i + 1];
    expect(paise(line.BalanceAfter) - paise(line.Amount)).toBe(
      before ? paise(before.BalanceAfter) : shown.length === lines.length ? 0 : paise(line.BalanceAfter) - paise(line.Amount),
    );
  });
  return row.wallet_balance;
}
