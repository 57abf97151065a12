/**
 * Carries out the events of the banner path model in Chromium: a signed-in customer adds a
 * product from its detail page towards the shop's 'DELIVERY OFFER AMOUNT'. The page's clock is
 * held still for the 600 ms count and the 2 s unlock flash, then moved on by exact amounts.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, holdClock, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { ShopApi, type ShopProduct } from './shop-fixtures.js';

export interface BannerShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  product: ShopProduct;
  /** The active 'DELIVERY OFFER AMOUNT' setting, in rupees. */
  threshold: number;
}

/** Section 9: the count animates over 600 ms; the unlock flash lasts 2 s. */
const COUNT_MS = 600;
const FLASH_MS = 2000;

export async function prepareBannerShop(world: World, session: LoginSession): Promise<BannerShop> {
  const api = new ShopApi(world.server.url, session);
  const settings = await api.call<{ KeyCode: string; Value: string; Active: boolean }[]>('GET', 'Company/settings/1');
  const setting = settings.find((s) => s.KeyCode === 'DELIVERY OFFER AMOUNT' && s.Active);
  if (!setting) throw new Error("The demo shop has no active 'DELIVERY OFFER AMOUNT'");
  const threshold = Number(setting.Value);
  // One unit leaves part of the amount to buy; two reach it.
  const product = await api.productPriced(Math.ceil(threshold / 2), threshold - 1, 10);
  return { world, session, api, product, threshold };
}

const rupees = (amount: number) => amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function bannerDriver(shop: BannerShop) {
  const { product, threshold } = shop;
  let phone: PathPage | null = null;

  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const banner = () => page().getByTestId('free-delivery-banner');
  const shownAmount = async () => {
    const text = (await banner().textContent()) ?? '';
    const match = /shop for ₹ ([\d,.]+) more to unlock/.exec(text);
    if (!match?.[1]) throw new Error(`The banner says "${text}"`);
    return Number(match[1].replace(/,/g, ''));
  };
  const holdTime = () => holdClock(page());
  /** Changes the quantity with the product page's control and waits for the server's answer. */
  const changeQuantity = async (name: RegExp) => {
    const answered = page().waitForResponse((r) => r.url().includes(`/api/Cart/1/${product.productId}/`) && r.request().method() === 'PUT');
    await page().getByRole('button', { name }).first().click();
    expect((await answered).ok()).toBe(true);
  };
  const expectNoBanner = async () => {
    await visible(page().getByRole('heading', { name: 'Frequently asked questions' }));
    // The banner waits for the company settings; give a wrong one the time to show.
    await page().waitForTimeout(300);
    expect(await banner().count()).toBe(0);
  };
  const remainingText = `FREE DELIVERY shop for ₹ ${rupees(threshold - product.price)} more to unlock`;

  const states = {
    elsewhere: expectNoBanner,
    emptyCart: async () => {
      await visible(banner().getByText(`FREE DELIVERY on order above ₹ ${rupees(threshold)}`, { exact: true }));
    },
    elsewhereAgain: expectNoBanner,
    counting: async () => {
      const start = await shownAmount();
      expect(start).toBeGreaterThan(threshold - product.price);
      await page().clock.runFor(COUNT_MS / 2);
      const middle = await shownAmount();
      expect(middle).toBeLessThan(start);
      expect(middle).toBeGreaterThan(threshold - product.price);
    },
    partway: async () => {
      await visible(banner().getByText(remainingText, { exact: true }));
    },
    unlocked: async () => {
      await visible(banner().getByText('FREE DELIVERY UNLOCKED!', { exact: true }));
    },
    unlockedQuiet: async () => {
      await gone(banner());
      await visible(page().getByRole('link', { name: 'Cart, 2 items' }));
    },
    rearmed: async () => {
      await visible(banner().getByText(remainingText, { exact: true }));
      await visible(page().getByRole('link', { name: 'Cart, 1 item' }));
    },
  };

  const events = {
    'xstate.init': async () => {
      await shop.api.setCart(product, 0);
      phone = await openPathPage(shop.world, shop.session, { clock: true });
      await page().goto('/FAQ/');
    },
    OPEN_PRODUCT_PAGE: async () => {
      await page().goto(`/product/product_detail?productId=${product.productId}`);
      await visible(page().getByRole('heading', { name: product.name }));
    },
    GO_TO_FAQ: () => page().getByRole('link', { name: 'FAQ', exact: true }).click(),
    ADD_ONE: async () => {
      await holdTime();
      await changeQuantity(new RegExp(`^Add ${escape(product.name)} to cart$`));
    },
    COUNT_ENDS: async () => {
      await page().clock.runFor(COUNT_MS);
      await page().clock.resume();
    },
    ADD_UP_TO_THRESHOLD: async () => {
      await holdTime();
      await changeQuantity(new RegExp(`^Increase quantity of ${escape(product.name)}$`));
    },
    TWO_SECONDS_PASS: async () => {
      await page().clock.runFor(FLASH_MS - 10);
      await visible(banner().getByText('FREE DELIVERY UNLOCKED!'));
      await page().clock.runFor(10);
      await page().clock.resume();
    },
    REMOVE_ONE: async () => {
      await changeQuantity(new RegExp(`^Decrease quantity of ${escape(product.name)}$`));
    },
  };

  return {
    states,
    events,
    async close() {
      await closePathPage(phone);
    },
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
