/**
 * Carries out the events of the page-code path model in Chromium and checks, in each model
 * state, what the visitor sees. The visitor opens home (whose code ships with the app), then the
 * FAQ from the footer; the FAQ's page file and the shop's /version.json are held, failed or
 * answered before they reach the server.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PAGE_CODE_ATTEMPTS, PAGE_CODE_RETRY_DELAYS_MS } from '../../machines/page-code.machine';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';

export interface PageCodeShop {
  world: World;
}

const NEWER_BUILD = 'a-newer-build';

export function pageCodeDriver(shop: PageCodeShop) {
  let phone: PathPage | null = null;
  let pageLoads = 0;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'code' | 'build'>(page);
  const code = () => gates.the('code');
  const build = () => gates.the('build');

  const spinner = () => page().getByRole('status').filter({ hasText: 'Loading the page' });
  const errorScreen = () => page().getByRole('heading', { name: 'Something went wrong!' });
  const faqHeading = () => page().getByRole('heading', { name: 'Frequently asked questions', level: 1 });
  const gap = (i: number) => (code().seen[i]?.at ?? 0) - (code().seen[i - 1]?.at ?? 0);
  const expectFaq = async (loads: number) => {
    await visible(faqHeading(), 15_000);
    expect(await errorScreen().count()).toBe(0);
    expect(pageLoads, loads === 1 ? 'no reload' : 'reloaded once').toBe(loads);
  };

  const states = {
    loading: async () => {
      await visible(spinner());
      expect(code().holding, 'the page file is on its way').toBe(1);
      await visible(page().getByRole('navigation', { name: 'Information' }));
    },
    shown: () => expectFaq(1),
    waiting: async () => {
      await visible(spinner());
      expect(code().count, 'no second download yet').toBe(1);
      expect(await errorScreen().count()).toBe(0);
    },
    retrying: async () => {
      expect(code().holding).toBe(1);
      expect(gap(1), 'the retry waits').toBeGreaterThanOrEqual(PAGE_CODE_RETRY_DELAYS_MS[0] * 0.9);
      await visible(spinner());
    },
    shownAfterRetry: async () => {
      await expectFaq(1);
      expect(code().count).toBe(2);
    },
    checkingBuild: async () => {
      expect(build().holding, 'the build is asked for').toBe(1);
      expect(code().count).toBe(PAGE_CODE_ATTEMPTS);
      await visible(spinner());
    },
    failed: async () => {
      await visible(errorScreen(), 10_000);
      await visible(page().getByRole('button', { name: 'Try again' }));
      expect(pageLoads, 'no reload').toBe(1);
      expect(code().count, 'no more downloads').toBe(PAGE_CODE_ATTEMPTS);
      expect(await spinner().count()).toBe(0);
    },
    shownAfterTryAgain: async () => {
      await expectFaq(1);
      expect(code().count).toBe(PAGE_CODE_ATTEMPTS + 1);
    },
    reloaded: async () => {
      await expectFaq(2);
      expect(await page().evaluate(() => sessionStorage.getItem('reloadedForBuild')), 'the tab remembers the build it reloaded for').toContain(NEWER_BUILD);
      expect(new URL(page().url()).pathname).toBe('/FAQ');
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      page().on('load', () => (pageLoads += 1));
      await page().goto('/');
      await visible(page().locator('main h1'));
      await gates.open('code', 'GET', /\/assets\/faq-page-[^/]+\.js$/);
      await gates.open('build', 'GET', /\/version\.json$/);
      await page().getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'FAQ' }).click();
      await code().arrived();
    },
    CODE_ARRIVES: () => code().release(),
    CODE_FAILS: () => code().fail('hold'),
    RETRY_TIME_COMES: () => code().arrived(2, PAGE_CODE_RETRY_DELAYS_MS[0] + 5000),
    CODE_FAILS_EVERY_TIME: async () => {
      await code().fail('abort');
      await build().arrived(1, 15_000);
    },
    SAME_BUILD_DEPLOYED: async () => {
      await build().release();
      await gone(spinner());
    },
    TRY_AGAIN: async () => {
      code().setMode('pass');
      await page().getByRole('button', { name: 'Try again' }).click();
    },
    NEWER_BUILD_DEPLOYED: async () => {
      code().setMode('pass');
      await build().answerJson({ build: NEWER_BUILD }, 'pass');
      await expect.poll(() => pageLoads, { timeout: 10_000 }).toBe(2);
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
