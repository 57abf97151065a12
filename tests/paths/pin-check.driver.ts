/**
 * Carries out the events of the pin-check path model in Chromium and checks, in each model
 * state, what the customer sees, what the tab remembers and what the server holds. The customer
 * has a line in the cart at Fort Kochi (branch 1); Kakkanad is branch 2.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LoginSession } from '../helpers/login.js';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

export interface PinShop {
  world: World;
  session: LoginSession;
  api: ShopApi;
  productId: number;
}

export async function preparePinShop(world: World, session: LoginSession): Promise<PinShop> {
  const api = new ShopApi(world.server.url, session);
  const product = await api.productPriced(100, 2000, 10);
  await api.setCart(product, 1);
  return { world, session, api, productId: product.productId };
}

const PIN_PROBLEM = 'Enter a 6-digit PIN code that does not start with 0.';

export function pinCheckDriver(shop: PinShop) {
  const { api } = shop;
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'pin'>(page);
  const the = () => gates.the('pin');

  const header = () => page().locator('header');
  const dialog = () => page().getByRole('dialog', { name: 'Where should we deliver?' });
  const field = () => dialog().getByLabel('PIN code');
  const answer = () => dialog().getByTestId('pin-answer');
  const remembered = () => page().evaluate(() => localStorage.getItem('delivery-pin'));
  const fortKochiCart = async () =>
    (await api.call<{ lines: { productId: number }[] }>('GET', 'Cart?branchId=1&pageNumber=1&pageSize=50')).lines.map((l) => l.productId);
  const check = async (pin: string) => {
    await field().fill(pin);
    await dialog().getByRole('button', { name: 'Check' }).click();
  };
  const checkAndHold = async (pin: string) => {
    const asked = the().count;
    await check(pin);
    await the().arrived(asked + 1);
  };
  /** The header's delivery line (read as text: the open dialog hides the page behind it from the accessibility tree). */
  const expectHeaderUnchosen = async () => {
    expect(await header().getByTestId('header-delivery').textContent()).toContain('Enter PIN code');
    expect(await remembered()).toBeNull();
  };
  const expectServedAnswer = async () => {
    await expect.poll(() => answer().textContent()).toBe('We deliver to 682001 from our Fort Kochi shop.');
    await visible(dialog().getByRole('button', { name: 'Done' }));
  };

  const states = {
    idle: async () => {
      await visible(dialog());
      expect(await field().inputValue()).toBe('');
      await visible(dialog().getByRole('button', { name: 'Check' }));
    },
    invalid: async () => {
      await visible(dialog().getByText(PIN_PROBLEM));
      expect(the().count, 'nothing asked').toBe(0);
    },
    typingAgain: async () => {
      await gone(dialog().getByText(PIN_PROBLEM));
      expect(the().count).toBe(0);
    },
    checkingNotServed: async () => {
      await visible(dialog().getByRole('button', { name: /Checking/ }));
      expect(the().holding).toBe(1);
    },
    notServed: async () => {
      await expect.poll(() => answer().textContent()).toBe("We don't deliver to 695001 yet.");
      await expectHeaderUnchosen();
    },
    checking: async () => {
      await visible(dialog().getByRole('button', { name: /Checking/ }));
      expect(the().holding).toBe(1);
    },
    served: expectServedAnswer,
    chosen: async () => {
      await gone(dialog());
      await visible(header().getByRole('button', { name: 'Deliver to 682001' }));
      await visible(header().getByTestId('header-earliest-delivery'));
      expect(await remembered()).toContain('682001');
    },
    failed: async () => {
      await visible(dialog().getByRole('alert').getByRole('button', { name: 'Try again' }), 15_000);
      expect(await remembered()).toBeNull();
    },
    servedAfterRetry: expectServedAnswer,
    checkingOtherBranch: async () => {
      await visible(dialog().getByRole('button', { name: /Checking/ }));
      expect(the().holding).toBe(1);
    },
    confirming: async () => {
      const warning = dialog().getByTestId('pin-switch');
      await visible(warning.getByText('We deliver to 682030 from our Kakkanad shop.'));
      await visible(warning.getByText(/stay with Fort Kochi/));
      await visible(warning.getByRole('button', { name: 'Shop at Kakkanad' }));
      await visible(warning.getByRole('button', { name: 'Keep Fort Kochi' }));
    },
    kept: async () => {
      await gone(dialog().getByTestId('pin-switch'));
      await expectHeaderUnchosen();
      await dialog().getByRole('button', { name: 'Close' }).click();
      await visible(header().getByRole('link', { name: 'Cart, 1 item' }));
      expect(await fortKochiCart()).toEqual([shop.productId]);
    },
    switched: async () => {
      await visible(header().getByRole('button', { name: 'Deliver to 682030' }), 15_000);
      await visible(header().getByRole('link', { name: 'Cart, empty' }));
      expect(await remembered()).toContain('682030');
      expect(await fortKochiCart(), 'the Fort Kochi cart keeps its line').toEqual([shop.productId]);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, shop.session);
      await gates.open('pin', 'GET', /\/api\/Delivery\/pincode\/\d+/);
      await page().goto('/');
      await visible(header().getByRole('link', { name: 'Cart, 1 item' }));
      await header().getByRole('button', { name: 'Enter PIN code' }).click();
    },
    CHECK_A_CODE_THAT_IS_NOT_ONE: () => check('06820'),
    TYPE_AGAIN: () => field().fill('6820'),
    CHECK_A_CODE_NOT_SERVED: () => checkAndHold('695001'),
    CHECK_FORT_KOCHIS_CODE: () => checkAndHold('682001'),
    CHECK_A_KAKKANAD_CODE: () => checkAndHold('682030'),
    ANSWER_ARRIVES: () => the().release(),
    CHECK_FAILS: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      await dialog().getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    },
    DONE: () => dialog().getByRole('button', { name: 'Done' }).click(),
    KEEP_FORT_KOCHI: () => dialog().getByRole('button', { name: 'Keep Fort Kochi' }).click(),
    SHOP_AT_KAKKANAD: () => dialog().getByRole('button', { name: 'Shop at Kakkanad' }).click(),
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
