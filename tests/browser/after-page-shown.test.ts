/**
 * What the pages draw after they are shown (the footer, home's sections below the first screen,
 * the "Notify me" buttons of sold-out cards, the notifications' container) comes with its styles already in the first page's
 * style sheet: nothing written at run time, no style sheet arriving late. Either makes the
 * browser restyle the whole page on a phone that is still busy with the first screen.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

interface StyleLog {
  /** When the page counted as shown (ms since navigation): the footer's code, which loads then, was asked for. */
  shownAt: number | null;
  /** When each style rule was written at run time. */
  rules: { at: number; rule: string }[];
  /** Style sheets added to the page (linked, or style elements with their first words), with when. */
  sheets: { at: number; href: string }[];
}

/** Records, from the first byte of the page, every rule written at run time and every style sheet added. */
async function recordStyles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { shownAt: null as number | null, rules: [] as { at: number; rule: string }[], sheets: [] as { at: number; href: string }[] };
    (window as unknown as { styleLog: typeof log }).styleLog = log;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
      log.rules.push({ at: performance.now(), rule: rule.slice(0, 80) });
      return insertRule.call(this, rule, index);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches('link[rel="stylesheet"]')) log.sheets.push({ at: performance.now(), href: (node as HTMLLinkElement).href });
          if (node.matches('style')) log.sheets.push({ at: performance.now(), href: `<style>${(node.textContent ?? '').slice(0, 60)}` });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function styleLog(page: Page): Promise<StyleLog> {
  return page.evaluate(() => {
    const log = (window as unknown as { styleLog: StyleLog }).styleLog;
    const footerCode = performance.getEntriesByType('resource').find((entry) => /\/assets\/site-footer-[^/]+\.js$/.test(entry.name));
    return { ...log, shownAt: footerCode ? footerCode.startTime : null };
  });
}

describe('after a page is shown', () => {
  it.each([
    // Home, the product list and a product draw nothing with Chakra: no rule is written at run time at all (docs/decisions/026-chakra-off-the-first-load.md).
    ['home', '/', 'Fresh today', false],
    ['the product list', '/product/', null, false],
    ['a product', '/product/product_detail?productId=1', null, false],
  ])('%s draws the footer and what follows without writing a style rule or adding a style sheet', async (_name, path, lastList, chakra) => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    try {
      await recordStyles(page);
      await page.goto(path);
      await page.getByRole('contentinfo').getByRole('heading', { name: 'Information' }).waitFor({ timeout: 10_000 });
      if (lastList) await page.getByRole('list', { name: lastList }).locator('article').first().waitFor({ timeout: 10_000 });
      // The sold-out cards' "Notify me" code and the home lists arrive after the footer.
      await page.waitForTimeout(1500);
      const log = await styleLog(page);
      expect(log.shownAt, 'the footer’s code was asked for once the page was shown').not.toBeNull();
      const shownAt = log.shownAt ?? 0;
      if (chakra) {
        expect(
          log.rules.filter((r) => r.at < shownAt),
          'the first screen’s own rules (the page’s Chakra parts), written before',
        ).not.toEqual([]);
      } else expect(log.rules, 'rules written at run time').toEqual([]);
      expect(
        log.rules.filter((r) => r.at >= shownAt).map((r) => r.rule),
        'rules written once the page was shown',
      ).toEqual([]);
      expect(
        log.sheets.filter((s) => s.at >= shownAt).map((s) => s.href),
        'style sheets added once the page was shown',
      ).toEqual([]);
      expect(
        log.sheets.map((s) => s.href).filter((href) => href.includes('toast')),
        'the notifications’ style sheet, with no notification raised',
      ).toEqual([]);
      // Those styles were applied as the app started, and the footer shows with them.
      expect(
        log.sheets.filter((s) => s.at < shownAt && s.href.includes('/assets/later-styles-')),
        'the later styles, applied before the page was shown',
      ).toHaveLength(1);
      expect(await page.getByRole('contentinfo').evaluate((footer) => getComputedStyle(footer).backgroundColor)).toBe('rgb(24, 24, 27)');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for the later styles below the priority of what the first paint needs', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    try {
      const cdp = await context.newCDPSession(page);
      const priorities = new Map<string, string>();
      cdp.on('Network.requestWillBeSent', (event: { request: { url: string; initialPriority: string } }) => {
        priorities.set(new URL(event.request.url).pathname, event.request.initialPriority);
      });
      await cdp.send('Network.enable');
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('heading', { name: 'Information' }).waitFor({ timeout: 10_000 });
      const later = [...priorities].find(([path]) => path.startsWith('/assets/later-styles-'));
      // A preloaded style sheet is asked for at the highest priority, as one the first paint waits for, unless it says otherwise.
      expect(later?.[1]).toBeDefined();
      expect(later?.[1]).not.toBe('VeryHigh');
      expect(priorities.get('/')).toBe('VeryHigh');
    } finally {
      await context.close();
    }
  });
});
