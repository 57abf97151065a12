/**
 * Carries out the events of the config path model in Chromium and checks, in each model state,
 * what the visitor sees against the company details the server holds. Failures are made by
 * failing the page's Company/details read, and the connectivity actor's probe, before they reach
 * the server.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { closePathPage, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { ShopApi } from './shop-fixtures.js';

interface CompanyPage {
  Slug: string;
  Title: string;
  Body: string;
}

interface StoredDetails {
  CompanyInfo: { Phone: string };
  Pages: CompanyPage[];
}

export interface ConfigShop {
  world: World;
  terms: CompanyPage;
  returns: CompanyPage;
  phone: string;
}

export async function prepareConfigShop(world: World): Promise<ConfigShop> {
  const details = await new ShopApi(world.server.url, null).call<StoredDetails>('GET', 'Company/details/1');
  const page = (slug: string) => {
    const found = details.Pages.find((p) => p.Slug.toLowerCase() === slug);
    if (!found) throw new Error(`The demo shop has no ${slug} page`);
    return found;
  };
  return { world, terms: page('terms-and-condition'), returns: page('return-and-refund-policy'), phone: details.CompanyInfo.Phone };
}

/** The first paragraph of a page's text, as the page shows it. */
const opening = (body: string) =>
  body
    .split(/\n\s*\n/)[0]
    ?.trim()
    .split('\n')[0]
    ?.trim() ?? '';

export function configDriver(shop: ConfigShop) {
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'details' | 'probe'>(page);
  const the = () => gates.the('details');

  const article = () => page().locator('main article');
  const skeleton = () => article().getByRole('status', { name: 'Loading' });
  const failed = () => article().getByRole('alert');
  const expectPage = async (shown: CompanyPage) => {
    await visible(page().getByRole('heading', { name: shown.Title, level: 1 }));
    await visible(article().getByText(opening(shown.Body), { exact: false }));
    expect(await skeleton().count()).toBe(0);
    expect(await failed().count()).toBe(0);
  };

  const states = {
    loading: async () => {
      await visible(skeleton());
      expect(the().holding, 'the details are on their way').toBe(1);
      await visible(page().getByRole('heading', { name: 'Terms and Conditions', level: 1 }));
    },
    shown: async () => {
      await expectPage(shop.terms);
      await visible(page().locator('footer').getByText(shop.phone));
    },
    failed: async () => {
      await visible(failed().getByRole('heading', { name: 'We could not load this' }), 15_000);
      await visible(failed().getByRole('button', { name: 'Try again' }));
    },
    shownAfterRetry: () => expectPage(shop.terms),
    refreshing: async () => {
      await expectPage(shop.returns);
      expect(the().holding, 'the details are read again').toBe(1);
    },
    refreshFailed: async () => {
      await expect.poll(() => the().holding).toBe(0);
      await expectPage(shop.returns);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      await gates.open('details', 'GET', /\/api\/Company\/details\/\d+/);
      // The shop stays unreachable for the connectivity actor's probe, so a failed read waits for Try again.
      await gates.open('probe', 'HEAD', /\/favicon\.svg$/, 'abort');
      await page().goto('/terms-and-condition');
      await the().arrived();
    },
    DETAILS_ARRIVE: () => the().release(),
    DETAILS_FAIL: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const asked = the().count;
      await failed().getByRole('button', { name: 'Try again' }).click();
      await the().arrived(asked + 1);
    },
    OPEN_THE_RETURN_POLICY: async () => {
      the().setMode('hold');
      const asked = the().count;
      await page().getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'Return and refund policy' }).click();
      await the().arrived(asked + 1);
    },
    REFRESH_FAILS: () => the().fail('abort'),
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
