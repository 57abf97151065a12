import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { moveOrderStatus } from '../../server/services/order-service.js';
import { loadConfig, DEMO_INVOICE_ISSUER } from '../../server/config/env.js';
import { paiseInWords } from '../../server/lib/amount-in-words.js';
import { rs } from '../../server/services/invoice-pdf.js';
import { taxInvoiceFigures } from '../../server/services/tax-invoice.js';
import { createCustomer } from '../helpers/customers.js';
import {
  addAddress,
  addCoupon,
  addProduct,
  createOrder,
  openSlot,
  processOrder,
  putInCart,
  setSettings,
  type Customer,
  type ProductFixture,
} from './order-fixtures.js';

let t: TestApp;
let slotId: number;
let fish: ProductFixture;
let dried: ProductFixture;

beforeAll(async () => {
  t = await buildTestApp();
  // ₹49 delivery below ₹5,000, a point worth ₹1.
  await setSettings(t.app, { 'DELIVERY CHARGE': '49', 'DELIVERY OFFER AMOUNT': '5000', 'LOYALTY POINT VALUE': '100', 'MIN ORDER AMOUNT': null });
  slotId = await openSlot(t.app, { capacity: 200 });
  fish = await addProduct(t.app, { name: 'Seer fish steaks', sRate: 512.5, stock: 50 });
  dried = await addProduct(t.app, { name: 'Dried anchovy', sRate: 210, stock: 50 });
  const classify = async (p: ProductFixture, hsn: string, gstRateBp: number) => {
    const { category_id } = await t.app.db.selectFrom('products').select('category_id').where('id', '=', p.productId).executeTakeFirstOrThrow();
    await t.app.db.updateTable('categories').set({ hsn_code: hsn, gst_rate_bp: gstRateBp }).where('id', '=', category_id).execute();
  };
  await classify(fish, '0302', 0);
  await classify(dried, '0305', 500);
  await addCoupon(t.app, { code: 'GST100', type: 'FLAT', value: 10_000, limit: 100 });
});
afterAll(async () => {
  await t?.close();
});

const move = (orderId: number, to: 'PACKED' | 'OUT_FOR_DELIVERY' | 'DELIVERED') =>
  moveOrderStatus(t.app, { orderId, to, actor: 'shop', note: 'Moved by the shop' });

/** An order of 2 × fish and 1 × dried fish with the coupon, ₹200 from the wallet and 30 points, cash for the rest. */
async function placeOrder(customer: Customer): Promise<number> {
  await putInCart(t.app, customer, fish, 2);
  await putInCart(t.app, customer, dried, 1);
  const addressId = await addAddress(t.app, customer);
  const created = await createOrder(t.app, customer, {
    deliveryId: slotId,
    addressId,
    couponCode: 'GST100',
    isWalletAmount: true,
    isWalletLoyality: true,
    paymentMethod: 'COD',
  });
  expect(created.statusCode, created.body).toBe(200);
  const orderId = created.json().Data.OrderId as number;
  expect((await processOrder(t.app, customer, orderId)).statusCode).toBe(200);
  return orderId;
}

async function deliver(orderId: number): Promise<void> {
  for (const to of ['PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const) await move(orderId, to);
}

const invoice = (customer: Customer, orderId: number) => t.app.inject({ method: 'GET', url: `/api/Order/invoice/${orderId}`, headers: customer.auth });

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('GST tax invoice of a delivered order', () => {
  it('shows the shop, the HSN codes, the tax breakup and the totals the order stored', async () => {
    const customer = await createCustomer(t.app, { name: 'Asha Menon', walletPaise: 20_000, loyaltyPoints: 30 });
    const orderId = await placeOrder(customer);
    expect((await invoice(customer, orderId)).statusCode).toBe(409);
    await deliver(orderId);

    // Prices change after the sale: the invoice keeps what was sold.
    await t.app.db.updateTable('branch_stock').set({ s_rate: 99_900 }).where('product_id', 'in', [fish.productId, dried.productId]).execute();
    await t.app.db.updateTable('categories').set({ gst_rate_bp: 1800 }).execute();

    const res = await invoice(customer, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="INV-\d{6}-.+\.pdf"$/);
    const text = await pdfText(res.rawPayload);
    const order = await t.app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();

    // What the order stored: ₹1,025 fish + ₹210 dried fish, ₹100 off, ₹49 delivery, ₹200 wallet, 30 points.
    expect(order).toMatchObject({
      gross_amount: 123_500,
      discount_amount: 10_000,
      delivery_charge: 4_900,
      wallet_amount: 20_000,
      loyalty_points: 30,
      loyalty_amount: 3_000,
    });
    const total = order.gross_amount - order.discount_amount + order.delivery_charge;
    expect(total).toBe(order.net_amount + order.wallet_amount + order.loyalty_amount);

    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`GSTIN: ${DEMO_INVOICE_ISSUER.gstin}`);
    expect(text).toContain(DEMO_INVOICE_ISSUER.legalName);
    expect(text).toContain('DEMO - sample shop details and GSTIN; not a valid tax invoice');
    expect(text).toContain('Asha Menon');
    expect(text).toContain(order.order_no);
    expect(text).toContain('intra-state (CGST + SGST)');
    expect(text).toMatch(/Seer fish steaks 0302 2 Rs\. 512\.50/);
    expect(text).toMatch(/Dried anchovy 0305 1 Rs\. 210\.00/);
    // Fresh fish at 0 %: its taxable value is all it costs after its share of the coupon (₹100 × 1025/1235 = ₹82.996, so ₹83.00).
    expect(text).toContain('Rs. 83.00 Rs. 942.00 0% Rs. 0.00 Rs. 0.00 Rs. 942.00');
    // Dried fish at 5 % of ₹210 − ₹17.00 = ₹193.00: taxable ₹183.81, tax ₹9.19 split ₹4.59 + ₹4.60.
    expect(text).toContain('Rs. 17.00 Rs. 183.81 5% Rs. 4.59 Rs. 4.60 Rs. 193.00');
    // Delivery follows the principal item (the fish): 0 %.
    expect(text).toMatch(/Delivery charge 0302 1 Rs\. 49\.00 Rs\. 0\.00 Rs\. 49\.00 0%/);
    expect(text).toContain(`Invoice total ${rs(total)}`);
    expect(text).toContain(`Coupon discount (included above) ${rs(order.discount_amount)}`);
    expect(text).toContain(`Paid from wallet ${rs(order.wallet_amount)}`);
    expect(text).toContain(`Paid with 30 loyalty points ${rs(order.loyalty_amount)}`);
    expect(text).toContain(`Paid online or on delivery ${rs(order.net_amount)}`);
    expect(text).toContain(`Invoice total in words: ${paiseInWords(total)}`);
    expect(paiseInWords(total)).toBe('Rupees One Thousand One Hundred Eighty-Four Only');

    // The same number every time it is downloaded; the next delivered order gets the next one.
    const number = /Invoice number: (INV-\d{6})/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(await pdfText((await invoice(customer, orderId)).rawPayload)).toContain(`Invoice number: ${number}`);
    const other = await createCustomer(t.app, { name: 'Ravi Kumar' });
    const secondId = await placeOrder(other);
    await deliver(secondId);
    const second = /Invoice number: INV-(\d{6})/.exec(await pdfText((await invoice(other, secondId)).rawPayload))?.[1];
    expect(Number(second)).toBe(Number(number?.slice(4)) + 1);
  });

  it.each([
    ['another customer’s order', 'stranger', 404],
    ['an order not yet delivered', 'owner', 409],
    ['an order that does not exist', 'missing', 404],
    ['no session', 'anonymous', 401],
  ] as const)('refuses %s', async (_name, who, status) => {
    const owner = await createCustomer(t.app, { walletPaise: 20_000, loyaltyPoints: 30 });
    const orderId = await placeOrder(owner);
    if (who === 'stranger') await deliver(orderId);
    const stranger = await createCustomer(t.app);
    const res =
      who === 'anonymous'
        ? await t.app.inject({ method: 'GET', url: `/api/Order/invoice/${orderId}` })
        : await invoice(who === 'stranger' ? stranger : owner, who === 'missing' ? 2_000_000_000 : orderId);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<{ Message: string }>().Message).not.toBe('');
    if (status === 409) expect(res.json<{ Message: string }>().Message).toBe('A tax invoice is issued once the order has been delivered.');
  });

  it('is refused with a reason on a real shop that has not set its legal details, and needs all of them', async () => {
    const real = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'k',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(real.invoiceIssuer).toBeNull();
    expect(() => loadConfig({ SHOP_GSTIN: '32AAACS1234D1Z5' })).toThrow(
      /Tax invoices need all of SHOP_LEGAL_NAME, SHOP_LEGAL_ADDRESS, SHOP_STATE, SHOP_GSTIN; missing SHOP_LEGAL_NAME/,
    );
    expect(() => loadConfig({ SHOP_LEGAL_NAME: 'A', SHOP_LEGAL_ADDRESS: 'B', SHOP_STATE: 'Kerala', SHOP_GSTIN: '1234' })).toThrow(
      /SHOP_GSTIN must be a 15-character GSTIN/,
    );
    expect(
      loadConfig({ SHOP_LEGAL_NAME: 'Kadal Foods LLP', SHOP_LEGAL_ADDRESS: 'Kochi', SHOP_STATE: 'Kerala', SHOP_GSTIN: '32aaacs1234d1z5' }).invoiceIssuer,
    ).toEqual({
      legalName: 'Kadal Foods LLP',
      address: 'Kochi',
      state: 'Kerala',
      gstin: '32AAACS1234D1Z5',
      demo: false,
    });

    const shop = await buildTestApp({ invoiceIssuer: null });
    try {
      const customer = await createCustomer(shop.app);
      const orderId = (
        await shop.app.db
          .insertInto('orders')
          .values({
            order_no: 'SH-NO-GST',
            company_id: 1,
            branch_id: 1,
            customer_id: customer.id,
            status: 'DELIVERED',
            payment_method: 'COD',
            payment_status: 'CAPTURED',
            delivery_slot_id: null,
            slot_label: '',
            address_json: '{}',
            coupon_code: null,
            gross_amount: 1000,
            discount_amount: 0,
            delivery_charge: 0,
            wallet_amount: 0,
            loyalty_points: 0,
            loyalty_amount: 0,
            net_amount: 1000,
            refund_amount: 0,
            provider_order_id: null,
            provider_payment_id: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
            expires_at: null,
            paid_at: null,
            delivered_at: new Date().toISOString(),
            cancelled_at: null,
            cancel_reason: null,
            return_reason: null,
            return_remark: null,
            return_image: null,
            returned_at: null,
            review: null,
            rating: null,
            reviewed_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const res = await shop.app.inject({ method: 'GET', url: `/api/Order/invoice/${orderId}`, headers: customer.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ Code: 'INVOICES_NOT_SET_UP', Message: expect.stringContaining('GSTIN') as unknown });
      expect(await shop.app.db.selectFrom('invoices').select('order_id').where('order_id', '=', orderId).execute()).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});

describe('tax invoice figures', () => {
  it('charges IGST outside the shop’s state and keeps every paisa of the order', () => {
    const figures = taxInvoiceFigures({
      lines: [
        { name: 'Prawn pickle', hsn: '2001', qty: 3, rate: 33_333, value: 99_999, gstRateBp: 1200 },
        { name: 'Mackerel', hsn: '0302', qty: 1, rate: 1, value: 1, gstRateBp: 0 },
      ],
      discount: 3_333,
      deliveryCharge: 4_900,
      walletAmount: 0,
      loyaltyPoints: 0,
      loyaltyAmount: 0,
      netAmount: 101_567,
      intraState: false,
    });
    expect(figures.total).toBe(99_999 + 1 - 3_333 + 4_900);
    expect(figures.lines.reduce((s, l) => s + l.discount, 0)).toBe(3_333);
    expect(figures.cgst + figures.sgst).toBe(0);
    expect(figures.taxable + figures.igst).toBe(figures.total);
    expect(figures.delivery).toMatchObject({ hsn: '2001', gstRateBp: 1200, total: 4_900 });
  });
});
