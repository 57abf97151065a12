/**
 * Carries out the events of the invoice-download path model in Chromium and checks, in each
 * model state, what the customer sees and what the saved PDF says. The customer has one
 * cash-on-delivery order, delivered by the shop's command line.
 */
import fs from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { INVOICE_TEXT } from '../../machines/invoice-download.machine';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi, shopCommand } from './shop-fixtures.js';

export interface InvoiceShop {
  world: World;
  session: LoginSession;
  order: { OrderId: number; OrderNo: string; NetAmount: number };
}

export async function prepareInvoiceShop(world: World, session: LoginSession): Promise<InvoiceShop> {
  const api = new ShopApi(world.server.url, session);
  await api.setCart(await api.productPriced(100, 900, 10), 2);
  const placed = await api.placeCodOrder();
  for (let step = 0; step < 3; step += 1) await shopCommand(world.server, ['order-next', '--order', String(placed.OrderId)]);
  const order = await api.call<{ StatusCode: string; NetAmount: number }>('GET', `Order/${placed.OrderId}`);
  if (order.StatusCode !== 'DELIVERED') throw new Error(`the order is ${order.StatusCode}, not delivered`);
  return { world, session, order: { ...placed, NetAmount: order.NetAmount } };
}

const rs = (rupees: number) => `Rs. ${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function invoiceDownloadDriver(shop: InvoiceShop) {
  let phone: PathPage | null = null;
  let saving: Promise<Download> | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'invoice'>(page);
  const the = () => gates.the('invoice');

  const button = (name: string) => page().getByRole('button', { name, exact: true });
  /** The sentence under the button: the one for a dropped connection, as the HTTP client words it. */
  const failure = () =>
    page()
      .locator('main')
      .getByRole('alert')
      .filter({ hasText: /connection|reach|network|invoice/i });
  const expectSaved = async () => {
    if (!saving) throw new Error('No download was started');
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^INV-\\d{6}-${shop.order.OrderNo}\\.pdf$`));
    const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile(await download.path())));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`Order: ${shop.order.OrderNo}`);
    expect(text).toContain(`Paid online or on delivery ${rs(shop.order.NetAmount)}`);
    await visible(button(INVOICE_TEXT.download));
    expect(await failure().count()).toBe(0);
  };

  const states = {
    ready: async () => {
      await visible(page().getByRole('heading', { name: `Order ${shop.order.OrderNo}` }));
      await visible(button(INVOICE_TEXT.download));
    },
    preparing: async () => {
      await visible(page().getByRole('button', { name: INVOICE_TEXT.downloading }));
      expect(the().holding, 'the invoice is on its way').toBe(1);
    },
    saved: expectSaved,
    failed: async () => {
      await visible(failure(), 15_000);
      await visible(button(INVOICE_TEXT.retry));
    },
    savedAfterRetry: async () => {
      await gone(failure());
      await expectSaved();
    },
  };

  const startSaving = () => {
    saving = page().waitForEvent('download', { timeout: 15_000 });
    saving.catch(() => undefined);
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('invoice', 'GET', /\/api\/Order\/invoice\/\d+/);
      await page().goto(`/user_account/my_order/order-detail?id=${shop.order.OrderId}`);
    },
    DOWNLOAD: async () => {
      await button(INVOICE_TEXT.download).click();
      await the().arrived();
    },
    INVOICE_ARRIVES: async () => {
      startSaving();
      await the().release();
    },
    INVOICE_FAILS: () => the().fail('pass'),
    TRY_AGAIN: async () => {
      startSaving();
      await button(INVOICE_TEXT.retry).click();
    },
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await closePathPage(phone);
    },
  };
}
