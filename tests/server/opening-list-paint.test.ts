import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/server-app.js';
import { expectNoPaint, openingPaintApps, rootOf, textOf } from '../helpers/opening-paint.js';
import { FIRST_SCREEN_LIST_CARDS } from '../../contract/product-list.rules.js';
import { moneyFormatter } from '../../contract/money.rules.js';

const apps = openingPaintApps('renderOpeningList');

interface ListProduct {
  productId: number;
  variantId?: number | null;
  name: string;
  sRate: number;
  oRate: number | null;
  isStockAvailable: boolean;
  active: boolean;
}

async function apiPage(t: TestApp, query: string): Promise<{ Data: ListProduct[]; TotalCount: number }> {
  return JSON.parse((await apps.t.app.inject({ url: `/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20${query}` })).body) as {
    Data: ListProduct[];
    TotalCount: number;
  };
}

describe('the product list painted in its HTML', () => {
  it('shows the header, the title, the count and the first screen’s cards with their prices, inert, from the list the API answers', async () => {
    const html = (await apps.t.app.inject({ url: '/product/' })).body;
    const root = rootOf(html);
    expect(root).toMatch(/^<div inert="" aria-busy="true" data-opening-shell=""/);
    const api = await apiPage(apps.t, '');
    const money = moneyFormatter('₹', 2);
    const text = textOf(root);
    expect(text).toContain('Shoal Fresh');
    expect(text).toContain('Home / All products');
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1]).toBe('All products');
    expect(text).toContain(`${api.TotalCount} products`);
    const names = [...root.matchAll(/<h2[^>]*><a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a><\/h2>/g)].map((m) => ({ href: m[1], name: textOf(m[2] ?? '') }));
    const first = api.Data.slice(0, FIRST_SCREEN_LIST_CARDS);
    expect(names).toEqual(
      first.map((p) => ({ href: `/product/product_detail?productId=${p.productId}${p.variantId ? `&amp;variantId=${p.variantId}` : ''}`, name: p.name })),
    );
    for (const product of first) expect(text).toContain(money(product.oRate !== null && product.oRate < product.sRate ? product.oRate : product.sRate));
    expect(text).toContain(`Load more (${api.TotalCount - api.Data.length} more)`);
    // The first row's pictures are asked for at once, the rest when scrolled to.
    expect([...root.matchAll(/<img [^>]*loading="(\w+)"/g)].map((m) => m[1])).toEqual(['eager', 'eager', 'lazy', 'lazy']);
  });

  it('sends the company’s config and categories the app’s first render draws the same from, and names the list’s code and style sheet', async () => {
    const html = (await apps.t.app.inject({ url: '/product' })).body;
    const company = /<script type="application\/json" id="shoal-opening-company">(.*?)<\/script>/s.exec(html);
    const details = JSON.parse((await apps.t.app.inject({ url: '/api/Company/details/1' })).body) as { Data: unknown };
    expect((JSON.parse(company?.[1] ?? 'null') as { details: unknown }).details).toEqual(details.Data);
    const categories = /<script type="application\/json" id="shoal-opening-categories">(.*?)<\/script>/s.exec(html);
    expect(JSON.parse(categories?.[1] ?? 'null')).toEqual({
      companyId: '1',
      body: JSON.parse((await apps.t.app.inject({ url: '/api/categories?companyId=1' })).body),
    });
    // The list's style sheet and code are named as for any list: the paint needs the sheet.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/list-page.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-list-page.js">');
  });

  it('names a category’s list after it, marks its chip, and says what a card cannot be bought for', async () => {
    const api = await apiPage(apps.t, '&categoryId=2');
    const soldOut = api.Data[1]!;
    await apps.t.app.db.updateTable('branch_stock').set({ available: 0, reserved: 0 }).where('product_id', '=', soldOut.productId).execute();
    apps.t.app.live.catalogueChanged({ type: 'Product', companyId: 1, branchId: 1, ids: [soldOut.productId] });
    const root = rootOf((await apps.t.app.inject({ url: '/product?categoryId=2' })).body);
    const category = (
      JSON.parse((await apps.t.app.inject({ url: '/api/categories?companyId=1' })).body) as { Data: { categoryId: number; name: string }[] }
    ).Data.find((c) => c.categoryId === 2);
    expect(textOf(/<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1] ?? '')).toBe(category?.name);
    // Marked in the header's menu and among the page's chips.
    expect(root.match(/<a [^>]*aria-current="page" href="\/product\?categoryId=2"/g)).toHaveLength(2);
    const cards = root.split('<article').slice(1);
    expect(textOf(cards[1] ?? '')).toContain('Out of stock');
    expect(cards[1]).toMatch(/<button type="button" class="[^"]*" disabled="">Notify me<\/button>/);
    expect(cards[0]).toMatch(/aria-label="Add [^"]+ to cart">Add<\/button>/);
  });

  it('writes what the shop typed as text: a product name cannot add markup to the page', async () => {
    await apps.t.app.db.updateTable('products').set({ name: 'Prawns <img src=x onerror=alert(1)> & "Co"' }).where('category_id', '=', 3).execute();
    apps.t.app.live.catalogueChanged({ type: 'Product', companyId: 1, branchId: 1, ids: [] });
    const root = rootOf((await apps.t.app.inject({ url: '/product?categoryId=3' })).body);
    expect(root).not.toContain('<img src=x');
    expect(root).toContain('Prawns &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
  });

  it('paints nothing for a visitor with a session, a search or an address that is not a list the server can tell', async () => {
    await expectNoPaint(apps.t, [
      ['/product', 'token=abc'],
      ['/product?search=prawn', ''],
      ['/product?categoryId=abc', ''],
    ]);
  });

  it('sends the list without its paint when the renderer fails, as a build without one does', async () => {
    const page = await apps.failing.app.inject({ url: '/product' });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toBe('');
    expect(page.body).toContain('id="shoal-opening-list"');
    expect(page.body).toContain('id="shoal-opening-categories"');
    expect(page.body).not.toContain('id="shoal-opening-company"');
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-main.js"></script>');
  });
});
