/**
 * Carries out the events of the wallet path model in Chromium and checks, in each model state,
 * what the customer sees and what the server holds. The customer's wallet holds the refund of
 * one cancelled order; another device pays and cancels a second one while the page is open.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { LiveLine } from './live-line.js';
import { creditWalletWithOneOrder, ShopApi, type ShopProduct } from './shop-fixtures.js';

interface WalletLine {
  Amount: number;
  OrderNo: string | null;
}

export interface WalletShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: ShopProduct;
  addressId: number;
}

export async function prepareWalletShop(world: World, session: LoginSession): Promise<WalletShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(100, 2000, 20);
  const addressId = await api.addAddress();
  await creditWalletWithOneOrder(api, addressId, product, 1);
  return { world, session, api, product, addressId };
}

const toRupees = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

export function walletDriver(shop: WalletShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  let line: LiveLine | null = null;
  let before = 0;
  let credit = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'wallet'>(page);
  const the = () => gates.the('wallet');

  const stored = () => api.call<{ WalletBalance: number; WalletHistory: WalletLine[] }>('GET', `Customer/info/${shop.session.customerId}`);
  const balanceShown = async () => toRupees(await page().getByTestId('wallet-balance').textContent());
  const lines = () => page().getByTestId('wallet-line');
  const loadingText = () => page().getByText('Loading your wallet…');
  const expectWalletAsStored = async () => {
    const held = await stored();
    await expect.poll(balanceShown).toBe(held.WalletBalance);
    expect(held.WalletBalance).toBeGreaterThan(0);
    await expect.poll(() => lines().count()).toBe(held.WalletHistory.length);
    const amounts = await page()
      .getByTestId('wallet-amount')
      .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-amount'))));
    expect(Math.round(amounts.reduce((a, b) => a + b * 100, 0)) / 100, 'the history adds up to the balance').toBe(held.WalletBalance);
    return held;
  };
  const expectNoReload = async () => expect(await page().evaluate(() => 'samePage' in window), 'no reload').toBe(true);

  const states = {
    loading: async () => {
      await visible(loadingText());
      expect(the().holding, 'the wallet is on its way').toBe(1);
    },
    loadFailed: async () => {
      const error = page()
        .getByRole('alert')
        .filter({ has: page().getByRole('heading', { name: 'We could not load your wallet' }) });
      await visible(error, 15_000);
      await visible(error.getByRole('button', { name: 'Try again' }));
      expect(await page().getByTestId('wallet-balance').count()).toBe(0);
    },
    readyAfterRetry: async () => {
      await expectWalletAsStored();
    },
    ready: async () => {
      before = (await expectWalletAsStored()).WalletBalance;
      expect(line?.joins, 'the live connection is not open yet').toBe(0);
    },
    catchingUp: async () => {
      expect(the().holding, 'the read again is under way').toBe(1);
      expect(await loadingText().count(), 'no Loading').toBe(0);
      expect(await balanceShown()).toBe(before);
    },
    caughtUp: async () => {
      expect((await expectWalletAsStored()).WalletBalance).toBe(before);
      await expectNoReload();
    },
    credited: async () => {
      await expect.poll(balanceShown, { timeout: 5000 }).toBe(Math.round((before + credit) * 100) / 100);
      const held = await expectWalletAsStored();
      expect(held.WalletBalance, 'the server holds the credit').toBe(Math.round((before + credit) * 100) / 100);
      await expectNoReload();
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      line = await LiveLine.on(phone.context, phone.page, { held: true });
      await gates.open('wallet', 'GET', /\/api\/Customer\/info\/\d+/);
      await page().goto('/user_account/customer_wallet/');
      await the().arrived();
    },
    WALLET_ARRIVES: async () => {
      await the().release();
      await page().evaluate(() => Object.assign(window, { samePage: true }));
    },
    WALLET_FAILS: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const retry = page().getByRole('button', { name: 'Try again' });
      if (await retry.isVisible()) await retry.click();
    },
    CONNECTION_OPENS: async () => {
      the().setMode('hold');
      await line?.open();
      await the().arrived(2);
    },
    CATCH_UP_ANSWERS: () => the().release(),
    ORDER_CANCELLED_ELSEWHERE: async () => {
      credit = await creditWalletWithOneOrder(api, shop.addressId, shop.product, 1);
      expect(credit).toBeGreaterThan(0);
    },
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await line?.close();
      await closePathPage(phone);
    },
  };
}
