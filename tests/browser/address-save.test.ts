import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { apiLogin, setBrowserSession } from '../helpers/login.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

const soon = { timeout: 8000 };

describe('saving an address', () => {
  it('brings the saved address into view and moves focus to it', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await setBrowserSession(context, server.url, await apiLogin(server.url, server.dataDir));
    await page.goto('/user_account/manage_address/?address');
    await page.getByLabel('Full name').waitFor(soon);
    await page.getByLabel('Full name').fill('Meera Nair');
    await page.getByLabel('Mobile number').fill('98950 44556');
    await page.getByLabel('House / flat / building').fill('TC 12/345, Lake View');
    await page.getByLabel('Street / area').fill('Kaloor');
    await page.getByLabel('City / town').fill('Kochi');
    await page.getByLabel('State').selectOption('Kerala');
    await page.getByLabel('PIN code').fill('682017');
    // The customer scrolls to the bottom of the page to reach Save.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Save address' }).click();

    const card = page.getByRole('article', { name: 'Address of Meera Nair' });
    await card.waitFor(soon);
    await expect
      .poll(
        () =>
          card.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          }),
        soon,
      )
      .toBe(true);
    // Screen readers land on it: focus is on the saved address.
    await expect.poll(() => card.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)), soon).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
