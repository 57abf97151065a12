/**
 * Carries out the events of the earliest-delivery path model in Chromium and checks, in each
 * model state, what the visitor sees against the earliest slot the server offers.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { closePathPage, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

export interface EarliestShop {
  world: World;
  api: ShopApi;
}

export function prepareEarliestShop(world: World): EarliestShop {
  return { world, api: new ShopApi(world.server.url, null) };
}

export function earliestDeliveryDriver(shop: EarliestShop) {
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'earliest'>(page);
  const the = () => gates.the('earliest');

  const header = () => page().getByTestId('header-earliest-delivery');
  const onCards = () => page().locator('main').getByTestId('card-earliest-delivery');
  const offered = async () => (await shop.api.call<{ Label: string } | null>('GET', 'DeliverySlot/earliest/1?branchId=1'))?.Label ?? '(no slot open)';
  const expectShown = async () => {
    const label = await offered();
    await expect.poll(() => header().innerText(), { timeout: 10_000 }).toContain(label);
    await visible(onCards().filter({ hasText: label }));
  };

  const states = {
    loading: async () => {
      expect(the().holding, 'the earliest delivery is on its way').toBe(1);
      await visible(page().locator('main h1'));
      expect(await header().count(), 'no earliest delivery yet').toBe(0);
    },
    shown: expectShown,
    readAgain: async () => {
      await expect.poll(() => the().holding).toBe(1);
      await visible(page().getByRole('heading', { name: 'All products', level: 1 }));
      expect(await header().innerText(), 'the header keeps what it showed').toContain(await offered());
    },
    shownAgain: expectShown,
    failed: async () => {
      await expect.poll(() => the().holding).toBe(0);
      await page().waitForTimeout(300);
      expect(await header().count()).toBe(0);
      expect(await onCards().count()).toBe(0);
      expect(await page().locator('main').getByRole('alert').count(), 'no error shown').toBe(0);
    },
    shownAfterFailure: expectShown,
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      await gates.open('earliest', 'GET', /\/api\/DeliverySlot\/earliest\/\d+/);
      await page().goto('/');
      await the().arrived();
    },
    EARLIEST_ARRIVES: () => the().release(),
    EARLIEST_FAILS: () => the().fail('pass'),
    OPEN_THE_PRODUCT_LIST: async () => {
      const asked = the().count;
      // With the earliest delivery on screen, the read again is held to see the header keep it; after a failed read it passes.
      the().setMode((await header().count()) > 0 ? 'hold' : 'pass');
      await page().getByRole('link', { name: 'Shop all products' }).click();
      await the().arrived(asked + 1);
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
