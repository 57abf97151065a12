/**
 * Carries out the events of the connectivity path model in Chromium and checks, in each model
 * state, what the visitor sees. The phone's network is switched with the browser's offline
 * mode; a shop that does not answer is made by failing the page's FAQ read and the probes (HEAD
 * /favicon.svg) before they reach the server.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BACK_ONLINE_NOTICE_MS, PROBE_DELAYS_MS } from '../../machines/connectivity.machine';
import { BACK_ONLINE_TEXT, OFFLINE_TEXT } from '../../src/components/connectivity-status';
import { closePathPage, gone, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';

export interface ConnectivityShop {
  world: World;
}

export function connectivityDriver(shop: ConnectivityShop) {
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'faq' | 'probe'>(page);

  const note = () => page().getByTestId('connectivity-status');
  const offlineNote = () => note().getByText(OFFLINE_TEXT);
  const backNote = () => note().getByText(BACK_ONLINE_TEXT);
  const failedFaq = () =>
    page()
      .getByRole('alert')
      .filter({ has: page().getByRole('heading', { name: 'We could not load the questions' }) });
  const probeGap = (i: number) => (gates.the('probe').seen[i]?.at ?? 0) - (gates.the('probe').seen[i - 1]?.at ?? 0);

  const states = {
    online: async () => {
      await visible(page().locator('main h1'));
      expect(await offlineNote().count()).toBe(0);
      expect(await backNote().count()).toBe(0);
    },
    noNetwork: async () => {
      await visible(offlineNote());
      expect(gates.the('probe').count, 'no probe without a network').toBe(0);
    },
    backOnline: async () => {
      await visible(backNote());
      expect(await offlineNote().count()).toBe(0);
    },
    steadyAgain: async () => {
      await gone(backNote(), BACK_ONLINE_NOTICE_MS + 5000);
      expect(await offlineNote().count()).toBe(0);
    },
    unreachable: async () => {
      await visible(offlineNote());
      await visible(failedFaq(), 15_000);
      expect(gates.the('probe').count, 'one probe at a time').toBeLessThanOrEqual(1);
    },
    probing: async () => {
      expect(gates.the('probe').holding).toBe(1);
      const failedAt = gates.the('faq').seen[0]?.at ?? 0;
      expect((gates.the('probe').seen[0]?.at ?? 0) - failedAt, 'the first probe waits').toBeGreaterThanOrEqual(PROBE_DELAYS_MS[0] * 0.9);
      await visible(offlineNote());
    },
    unreachableAgain: async () => {
      await gates.the('probe').arrived(2, PROBE_DELAYS_MS[1] + 5000);
      expect(probeGap(1), 'the second probe waits longer').toBeGreaterThanOrEqual(PROBE_DELAYS_MS[1] * 0.9);
      await visible(offlineNote());
      expect(await failedFaq().count(), 'the failed screen stays').toBe(1);
    },
    restoredByProbe: async () => {
      await visible(backNote());
      expect(await offlineNote().count()).toBe(0);
      await visible(page().getByRole('heading', { name: 'Frequently asked questions', level: 1 }));
      await gone(failedFaq());
      await expect.poll(() => page().locator('main [data-scope="accordion"][data-part="item"]').count()).toBeGreaterThan(1);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      await gates.open('faq', 'GET', /\/api\/FAQ\/common\/\d+/, 'pass');
      await gates.open('probe', 'HEAD', /\/favicon\.svg$/, 'hold');
      await page().goto('/');
      await visible(page().locator('main h1'));
      // The connectivity actor starts once the page is shown (its code comes then); its note area is
      // there from the first paint and is marked once the actor runs. The model starts from there.
      await page().waitForFunction(() => document.querySelector('[data-testid="connectivity-status"][data-watching]') !== null, null, { timeout: 15_000 });
      await page().waitForLoadState('networkidle');
    },
    PHONE_LOSES_ITS_NETWORK: () => phone?.context.setOffline(true),
    PHONE_FINDS_ITS_NETWORK: () => phone?.context.setOffline(false),
    NOTICE_TIME_PASSES: () => undefined,
    A_READ_GETS_NO_ANSWER: async () => {
      gates.the('faq').setMode('abort');
      await page().getByRole('navigation', { name: 'Information' }).getByRole('link', { name: 'FAQ' }).click();
      await gates.the('faq').arrived();
    },
    PROBE_TIME_COMES: () => gates.the('probe').arrived(1, PROBE_DELAYS_MS[0] + 5000),
    PROBE_GETS_NO_ANSWER: () => gates.the('probe').fail('hold'),
    PROBE_FINDS_THE_SHOP: async () => {
      gates.the('faq').setMode('pass');
      const probes = gates.the('probe').count;
      if (gates.the('probe').holding === 0) await gates.the('probe').arrived(probes + 1, PROBE_DELAYS_MS[1] + 5000);
      await gates.the('probe').release();
    },
  };

  return {
    states,
    events,
    async close() {
      await phone?.context.setOffline(false);
      await gates.close();
      await closePathPage(phone);
    },
  };
}
