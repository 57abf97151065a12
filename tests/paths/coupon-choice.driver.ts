/**
 * Carries out the events of the coupon-choice path model in Chromium and checks, in each model
 * state, what the customer sees and what the tab keeps for checkout. The customer has a product
 * in the cart and the demo shop's coupons to choose from.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { COUPON_MESSAGES } from '../../machines/coupon-choice.machine';
import { COUPON_KEY } from '../../src/lib/local-cart';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, type PathPage, toast, visible, type World } from './browser-world.js';
import { ShopApi } from './shop-fixtures.js';

interface StoredCoupon {
  Code: string;
  Title: string;
}

export interface CouponChoiceShop {
  world: World;
  session: LoginSession;
  coupons: StoredCoupon[];
}

export async function prepareCouponChoiceShop(world: World, session: LoginSession): Promise<CouponChoiceShop> {
  const api = new ShopApi(world.server.url, session);
  await api.setCart(await api.productPriced(250, 2000, 10), 2);
  const coupons = await api.call<StoredCoupon[]>('GET', 'Coupon/customer/1');
  if (coupons.length < 2) throw new Error('The demo shop offers too few coupons');
  return { world, session, coupons };
}

export function couponChoiceDriver(shop: CouponChoiceShop) {
  let phone: PathPage | null = null;
  const [coupon, other] = shop.coupons as [StoredCoupon, StoredCoupon];
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };

  const list = () => page().getByRole('region', { name: 'Coupons for you' });
  const entry = (code: string) => list().getByRole('listitem').filter({ hasText: code });
  const applyButton = (code: string) => list().getByRole('button', { name: `Apply coupon ${code}` });
  const removeButton = (code: string) => list().getByRole('button', { name: `Remove coupon ${code}` });
  const copyButton = (code: string) => list().getByRole('button', { name: `Copy coupon code ${code}` });
  const kept = () => page().evaluate((key) => sessionStorage.getItem(key), COUPON_KEY);
  const expectNoneApplied = async () => {
    for (const c of shop.coupons) await visible(applyButton(c.Code));
    expect(await list().getByText('Applied', { exact: true }).count()).toBe(0);
    expect(await kept(), 'nothing kept for checkout').toBeNull();
  };
  const expectApplied = async () => {
    await visible(entry(coupon.Code).getByText('Applied', { exact: true }));
    await visible(removeButton(coupon.Code));
    await visible(applyButton(other.Code));
    expect(await kept(), 'kept for checkout').toContain(coupon.Code);
  };

  const states = {
    ready: async () => {
      await visible(list().getByRole('heading', { name: 'Coupons for you' }));
      await visible(entry(coupon.Code).getByText(coupon.Title));
      await expectNoneApplied();
    },
    applied: async () => {
      await visible(toast(page(), COUPON_MESSAGES.applied(coupon.Code)));
      await expectApplied();
    },
    keptAfterReload: expectApplied,
    removed: async () => {
      await gone(removeButton(coupon.Code));
      await expectNoneApplied();
    },
    copied: async () => {
      await visible(toast(page(), COUPON_MESSAGES.copied(other.Code)));
      expect(await page().evaluate(() => navigator.clipboard.readText())).toBe(other.Code);
      await expectNoneApplied();
    },
    copyRefused: async () => {
      await visible(toast(page(), COUPON_MESSAGES.copyFailed));
      await expectNoneApplied();
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.world.server.url });
      await page().goto('/cart');
    },
    APPLY_A_COUPON: () => applyButton(coupon.Code).click(),
    RELOAD: () => page().reload(),
    REMOVE: () => removeButton(coupon.Code).click(),
    COPY_A_CODE: () => copyButton(other.Code).click(),
    COPY_WHERE_THE_BROWSER_REFUSES: async () => {
      // The browser refuses, as one does when the page may not write to the clipboard.
      await page().evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      });
      await copyButton(other.Code).click();
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
