import { describe, expect, it } from 'vitest';
import { expectNoPaint, openingPaintApps, rootOf, textOf } from '../helpers/opening-paint.js';
import { moneyFormatter } from '../../contract/money.rules.js';

const apps = openingPaintApps('renderOpeningDetail');

interface DetailProduct {
  productId: number;
  variantId: number;
  name: string;
  categoryId: number;
  categoryName: string;
  sRate: number;
  oRate: number | null;
  description?: string;
  variants: { variantId: number; name: string; sRate: number; oRate: number | null; active: boolean; isStockAvailable: boolean }[];
}

async function apiProduct(productId: number, variantId?: number): Promise<DetailProduct> {
  const variant = variantId ? `&variantId=${variantId}` : '';
  return (JSON.parse((await apps.t.app.inject({ url: `/api/Product/detail/${productId}?branchId=1${variant}` })).body) as { Data: DetailProduct }).Data;
}

const offerOf = (rate: { sRate: number; oRate: number | null }) => (rate.oRate !== null && rate.oRate < rate.sRate ? rate.oRate : rate.sRate);

/** The variant buttons of a painted page: their text and whether each is pressed. */
function variantButtons(root: string): { text: string; pressed: boolean }[] {
  return [...root.matchAll(/<button type="button" class="[^"]*" aria-pressed="(true|false)"[^>]*>(.*?)<\/button>/g)].map((m) => ({
    text: textOf(m[2] ?? ''),
    pressed: m[1] === 'true',
  }));
}

describe('a product’s page painted in its HTML', () => {
  it('shows the header, the breadcrumb and the product with its price, weights, variants and Add, inert, from what the API answers', async () => {
    const html = (await apps.t.app.inject({ url: '/product/product_detail?productId=1' })).body;
    const root = rootOf(html);
    expect(root).toMatch(/^<div inert="" aria-busy="true" data-opening-shell=""/);
    const product = await apiProduct(1);
    const money = moneyFormatter('₹', 2);
    const text = textOf(root);
    expect(text).toContain('Shoal Fresh');
    expect(text).toContain(`Home / ${product.categoryName} / ${product.name}`);
    expect(root).toContain(`href="/product?categoryId=${product.categoryId}"`);
    expect(textOf(/<h1[^>]*>(.*?)<\/h1>/.exec(root)?.[1] ?? '')).toBe(product.name);
    expect(text).toContain(`Offer price ${money(offerOf(product))}`);
    expect(text).toContain('Weight and size');
    expect(text).toContain('In stock');
    expect(variantButtons(root)).toEqual(
      product.variants.map((v) => ({
        text: `${v.name} ${!v.active ? 'Unavailable' : v.isStockAvailable ? money(offerOf(v)) : 'Out of stock'}`,
        pressed: v.variantId === product.variantId,
      })),
    );
    expect(root).toMatch(/aria-label="Add [^"]+ to cart">Add<\/button>/);
    if (product.description) expect(text).toContain(product.description);
    // The picture the head preloads is the one drawn, and React's own preload of it is left out.
    const picture = /<img src="([^"]+)" alt="[^"]*"[^>]*fetchPriority="high"/.exec(root)?.[1];
    expect(picture).toBeDefined();
    expect(html).toContain(`fetchpriority="high" href="${picture}">`);
    expect(html.indexOf(`href="${picture}"`)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(root).not.toContain('<link');
    // With the product itself, the company's config and categories the app's first render starts from.
    expect(html).toContain('id="shoal-opening-detail"');
    expect(html).toContain('id="shoal-opening-company"');
    expect(html).toContain('id="shoal-opening-categories"');
  });

  it('shows the variant the address names chosen, with its own price', async () => {
    const first = await apiProduct(1);
    const other = first.variants.find((v) => v.variantId !== first.variantId && v.active)!;
    const root = rootOf((await apps.t.app.inject({ url: `/product/product_detail?productId=1&variantId=${other.variantId}` })).body);
    expect(variantButtons(root).filter((b) => b.pressed)).toEqual([{ text: `${other.name} ${moneyFormatter('₹', 2)(offerOf(other))}`, pressed: true }]);
    const priced = await apiProduct(1, other.variantId);
    expect(textOf(/<div data-testid="product-price"[^>]*>(.*?)<\/div>/.exec(root)?.[1] ?? '')).toContain(moneyFormatter('₹', 2)(offerOf(priced)));
  });

  it('holds "Notify me" in place for a product out of stock, as the app’s first render does', async () => {
    const product = await apiProduct(2);
    await apps.t.app.db.updateTable('branch_stock').set({ available: 0, reserved: 0 }).where('product_id', '=', product.productId).execute();
    apps.t.app.live.catalogueChanged({ type: 'Product', companyId: 1, branchId: 1, ids: [product.productId] });
    const root = rootOf((await apps.t.app.inject({ url: `/product/product_detail?productId=${product.productId}` })).body);
    expect(textOf(root)).toContain('Out of stock');
    expect(root).toMatch(/<button type="button" class="[^"]*" disabled="">Notify me<\/button>/);
    expect(root).not.toMatch(/>Add<\/button>/);
  });

  it('writes what the shop typed as text: a product name or description cannot add markup to the page', async () => {
    await apps.t.app.db
      .updateTable('products')
      .set({ name: 'Crab <img src=x onerror=alert(1)> & "Co"', description: '</p><script>alert(1)</script>' })
      .where('id', '=', 3)
      .execute();
    apps.t.app.live.catalogueChanged({ type: 'Product', companyId: 1, branchId: 1, ids: [3] });
    const root = rootOf((await apps.t.app.inject({ url: '/product/product_detail?productId=3' })).body);
    expect(root).not.toContain('<img src=x');
    expect(root).not.toContain('<script>');
    expect(root).toContain('Crab &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(root).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('paints nothing for a visitor with a session, a product the shop does not sell, or an address that asks for more', async () => {
    const pages = await expectNoPaint(apps.t, [
      ['/product/product_detail?productId=1', 'token=abc'],
      ['/product/product_detail?productId=999999', ''],
      ['/product/product_detail?productId=abc', ''],
      ['/product/product_detail?productId=1&utm=x', ''],
    ]);
    for (const html of pages) expect(html).not.toContain('id="shoal-opening-detail"');
  });

  it('sends the product without its paint when the renderer fails, as a build without one does', async () => {
    const page = await apps.failing.app.inject({ url: '/product/product_detail?productId=1' });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toBe('');
    expect(page.body).toContain('id="shoal-opening-detail"');
    expect(page.body).toContain('id="shoal-opening-company"');
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-main.js"></script>');
  });
});
