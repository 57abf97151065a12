/**
 * Carries out the events of the search-suggestions path model in Chromium and checks, in each
 * model state, what the visitor sees and which suggestion requests the page made.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';

export interface SuggestShop {
  world: World;
}

const NOTHING = 'xyzzyq';

export function searchSuggestionsDriver(shop: SuggestShop) {
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'suggest'>(page);
  const the = () => gates.the('suggest');

  const box = () => page().getByRole('combobox', { name: 'Search products' }).locator('visible=true');
  const listbox = () => page().getByRole('listbox', { name: 'Search suggestions' }).locator('visible=true');
  const options = () => listbox().getByRole('option');
  const h1 = () => page().locator('main h1');
  const asked = () => the().seen.map((s) => new URL(s.request.url()).searchParams.get('q'));
  const type = async (text: string) => {
    await box().click();
    await box().pressSequentially(text, { delay: 40 });
    await the().arrived();
  };

  const states = {
    closed: async () => {
      await visible(box());
      expect(await box().inputValue()).toBe('');
      expect(await listbox().count()).toBe(0);
    },
    loading: async () => {
      expect(the().holding).toBe(1);
      expect(asked(), 'one request for the whole word').toEqual(['prw']);
    },
    open: async () => {
      await expect.poll(() => options().count()).toBeGreaterThan(2);
      const rows = await options().allInnerTexts();
      expect(rows[0]).toMatch(/Did you mean prawn\?/);
      expect(rows.some((r) => r.includes('Prawns & Shellfish') && r.includes('Category'))).toBe(true);
      expect(rows.some((r) => /prawn/i.test(r) && !r.includes('Category') && !r.includes('Did you mean'))).toBe(true);
      expect(await box().getAttribute('aria-expanded')).toBe('true');
    },
    productOpened: async () => {
      await page().waitForURL(/\/product\/product_detail\?productId=\d+$/);
      await expect.poll(() => h1().innerText()).toMatch(/prawn/i);
      expect(await box().inputValue()).toBe('');
      expect(await listbox().count()).toBe(0);
    },
    correctionSearched: async () => {
      await page().waitForURL(/\/product\?search=prawn$/);
      await expect.poll(() => h1().innerText()).toBe('Results for “prawn”');
    },
    dismissed: async () => {
      await gone(listbox());
      expect(await box().getAttribute('aria-expanded')).toBe('false');
      expect(await box().inputValue()).toBe('prw');
    },
    loadingNothing: async () => {
      expect(the().holding).toBe(1);
      expect(asked()).toEqual([NOTHING]);
    },
    empty: async () => {
      await visible(listbox().getByText('No suggestions. Press Enter to search.'));
      expect(await options().count()).toBe(0);
    },
    failed: async () => {
      await visible(listbox().getByText('Suggestions are not available right now. Press Enter to search.'), 15_000);
    },
    searched: async () => {
      await page().waitForURL(/\/product\?search=prw$/);
      await expect.poll(() => h1().innerText()).toBe('Results for “prw”');
      expect(await listbox().count()).toBe(0);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      await gates.open('suggest', 'GET', /\/api\/search\/suggestions\?/);
      await page().goto('/');
      await expect.poll(() => h1().innerText()).toContain('Today’s catch');
    },
    TYPE_PRW: () => type('prw'),
    TYPE_A_WORD_NOTHING_MATCHES: () => type(NOTHING),
    SUGGESTIONS_ARRIVE: () => the().release(),
    SUGGESTIONS_FAIL: () => the().fail('abort'),
    PICK_A_PRODUCT: () =>
      options()
        .filter({ hasNotText: /Category|Did you mean/ })
        .first()
        .click(),
    ARROW_DOWN_AND_ENTER: async () => {
      await box().press('ArrowDown');
      await box().press('Enter');
    },
    ESCAPE: () => box().press('Escape'),
    ENTER: () => box().press('Enter'),
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
