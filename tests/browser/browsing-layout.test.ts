import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeShop, newPhonePage, openShop } from '../helpers/browser.js';
import type { ShopServer } from '../helpers/shop-server.js';
import { LIST_PAGE_SIZE } from '../../contract/product-list.rules.js';

let server: ShopServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await openShop());
});

afterAll(() => closeShop({ server, browser }));

const soon = { timeout: 8000 };

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** How far `inner` lies outside the visible part of its row `outer` (the navigation region), in px (0 when wholly shown). */
async function hiddenPx(outer: Locator, inner: Locator): Promise<number> {
  const row = await outer.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  const item = await inner.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  return Math.max(0, row.left - item.left) + Math.max(0, item.right - row.right);
}

async function categories(): Promise<{ categoryId: number; name: string }[]> {
  const res = await fetch(`${server.url}/api/categories?companyId=1`);
  return ((await res.json()) as { Data: { categoryId: number; name: string }[] }).Data;
}

/** The headings a screen reader can reach: Chromium's accessibility tree, not the DOM. */
async function accessibleHeadings(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string }; ignored?: boolean }[];
    };
    return nodes.filter((n) => n.role?.value === 'heading' && !n.ignored).map((n) => n.name?.value ?? '');
  } finally {
    await cdp.detach();
  }
}

/** Rectangles of the words of every product card's text that lie on screen. */
async function cardTextBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const boxes: Box[] = [];
    for (const card of document.querySelectorAll('main article')) {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && r.bottom > 0 && r.top < window.innerHeight) boxes.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
        }
      }
    }
    return boxes;
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('browsing layout', () => {
  it('lets a desktop customer scroll the category bar to names that do not fit, by mouse or keyboard', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
    const page = await context.newPage();
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Shop by category' });
    const all = await categories();
    const last = bar.getByRole('link', { name: all.at(-1)!.name, exact: true });
    await last.waitFor(soon);
    // The last name does not fit at first; a visible button scrolls to it.
    expect(await hiddenPx(bar, last)).toBeGreaterThan(0);
    // The row is measured once the app has taken over from the first paint and the browser has laid it out.
    const right = bar.getByRole('button', { name: 'Scroll categories right' });
    await expect.poll(() => right.isVisible(), soon).toBe(true);
    await right.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hiddenPx(bar, last), soon).toBe(0);
    // Name shown in full: not cut by its own box either.
    expect(await last.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // At the end, the way back is offered and the way on is not.
    await expect.poll(() => right.isVisible(), soon).toBe(false);
    const left = bar.getByRole('button', { name: 'Scroll categories left' });
    expect(await left.isVisible()).toBe(true);
    await left.click();
    await expect.poll(() => hiddenPx(bar, bar.getByRole('link').first()), soon).toBe(0);

    // The category a customer is in is scrolled into view, in the header and in the page's chips.
    await page.goto(`/product?categoryId=${all.at(-1)!.categoryId}`);
    const active = bar.locator('a[aria-current="page"]');
    await active.waitFor(soon);
    await expect.poll(() => hiddenPx(bar, active), soon).toBe(0);
    const chips = page.getByRole('navigation', { name: 'Filter by category' });
    const activeChip = chips.locator('a[aria-current="page"]');
    await activeChip.waitFor(soon);
    await expect.poll(() => hiddenPx(chips, activeChip), soon).toBe(0);
    await context.close();
  });

  it('scrolls the active category chip into view on a phone', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    const all = await categories();
    const target = all.at(-1)!;
    await page.goto(`/product?categoryId=${target.categoryId}`);
    const chips = page.getByRole('navigation', { name: 'Filter by category' });
    const active = chips.getByRole('link', { name: target.name, exact: true });
    await active.waitFor(soon);
    expect(await active.getAttribute('aria-current')).toBe('page');
    await expect.poll(() => hiddenPx(chips, active), soon).toBe(0);
    // Bringing the chip into view does not move the page itself.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Scrolled to its end, the row fades on the side with more (left) and not on the other; a phone gets no buttons.
    const [leftFade, rightFade] = await chips.locator(':scope > [aria-hidden="true"]').all();
    await expect.poll(() => leftFade!.isVisible(), soon).toBe(true);
    expect(await rightFade!.isVisible()).toBe(false);
    expect(await chips.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('keeps the back-to-top button off product card text while a phone scrolls a list', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    await page.goto('/product');
    await expect.poll(() => page.locator('main article').count(), soon).toBeGreaterThan(8);
    const button = page.getByRole('button', { name: 'Back to top' });
    const covered: string[] = [];
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 400; y < height; y += 137) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await button.waitFor(soon);
      await page.waitForTimeout(50);
      const b = await button.boundingBox();
      if (!b) continue;
      const box = { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
      if ((await cardTextBoxes(page)).some((t) => overlaps(t, box))) covered.push(`at ${y}px`);
    }
    // The bottom of the list: the last card scrolled up to the bottom of the screen.
    await page
      .locator('main article')
      .last()
      .evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.waitForTimeout(50);
    const b = (await button.boundingBox())!;
    if ((await cardTextBoxes(page)).some((t) => overlaps(t, { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height })))
      covered.push('at the last card');
    expect(covered).toEqual([]);
    // Still a comfortable target for a thumb.
    expect(b.width).toBeGreaterThanOrEqual(24);
    expect(b.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it('shows a whole page of products on a phone, in the order the shop lists them, the last card complete on screen', async () => {
    const res = await fetch(`${server.url}/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=${LIST_PAGE_SIZE}`);
    const listed = ((await res.json()) as { Data: { name: string }[] }).Data.map((p) => p.name);
    expect(listed).toHaveLength(LIST_PAGE_SIZE);
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/product');
    const names = page.locator('main article h2');
    await expect.poll(() => names.allTextContents(), soon).toEqual(listed);
    // Every card is there for a screen reader too, before any scrolling.
    expect(await accessibleHeadings(page)).toEqual(expect.arrayContaining(listed));
    const last = page.locator('main article').last();
    // Cards laid out only near the screen take their real height as the scroll reaches them; a
    // second scroll settles where a customer's thumb would.
    for (let i = 0; i < 2; i += 1) {
      await last.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    const box = (await last.getByRole('button').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.height).toBeGreaterThanOrEqual(36);
    expect(await last.getByTestId('product-price').innerText()).toMatch(/^₹[\d,]+\.\d\d/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a screen reader every home section and its products without scrolling', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/');
    await page.locator('main article').first().waitFor(soon);
    const sections = await page
      .locator('main section[aria-labelledby]')
      .evaluateAll((els) => els.map((el) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''));
    expect(sections.length).toBeGreaterThan(2);
    const products = page.locator('main article h3');
    await expect.poll(() => products.count(), soon).toBeGreaterThan(8);
    const names = await products.allTextContents();
    await expect.poll(() => accessibleHeadings(page), soon).toEqual(expect.arrayContaining([...sections, ...names]));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds the home page’s category places while the categories load, then shows the categories', async () => {
    const { context, page, errors } = await newPhonePage(browser, server.url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/categories?**', async (route) => {
      await held;
      await route.continue();
    });
    // A page served without the categories the shop normally sends with its HTML (a static copy of index.html, say).
    await page.route(`${server.url}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script[^>]*id="shoal-opening-categories"[^>]*>[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/');
    const loading = page.getByRole('list', { name: 'Loading categories' });
    await loading.waitFor(soon);
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    const places = loading.locator('li > span');
    expect(await places.count()).toBe(8);
    const place = await places.first().evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height, round: style.borderRadius, animation: style.animationName };
    });
    expect(place).toEqual({ width: 80, height: 80, round: expect.stringMatching(/^9999px|50%$/), animation: 'pulse' });
    release();
    const shown = page.locator('main a[href^="/product?categoryId="]');
    await expect.poll(() => shown.count(), soon).toBe((await categories()).length);
    expect(await loading.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the skip link above the header on the first Tab, and it takes the keyboard to the page’s content', async () => {
    const { context, page } = await newPhonePage(browser, server.url);
    try {
      await page.goto('/');
      await page.locator('main a[href*="/product/product_detail"]').first().waitFor(soon);
      await page.keyboard.press('Tab');
      const link = page.getByRole('link', { name: 'Skip to content' });
      await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
      // What a tap or a sighted keyboard user meets at the link's centre is the link itself, not the header over it.
      await expect
        .poll(() =>
          link.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
          }),
        )
        .toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    } finally {
      await context.close();
    }
  });

  it('says Not Found for a special category the shop does not have', async () => {
    const res = await fetch(`${server.url}/api/Product/special/999999?branchId=1`);
    expect(res.status).toBe(404);
    const { context, page, errors } = await newPhonePage(browser, server.url);
    await page.goto('/product/special_products?specialCategoryId=999999');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText(), soon).toBe('Not Found');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
