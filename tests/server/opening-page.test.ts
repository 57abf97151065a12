import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_PAGES } from '../../server/spa/opening-page.js';
import { PAGES } from '../../contract/pages.table.js';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { openingShellFile } from '../../src/app/opening-shell.js';
import { OPENING_SHELL_FILE } from '../../contract/opening-shell.rules.js';
import { writeFakeBuild } from '../helpers/fake-build.js';

// A build as Vite writes it: index.html, the manifest (the entry, a shared chunk and the list page with its own chunk) and home's first paint.
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shoal-opening-'));
writeFakeBuild(clientDir, {
  'index.html':
    '<!doctype html><html><head><title>Shoal</title><script type="module" crossorigin src="/assets/index-main.js"></script></head><body><div id="root"></div></body></html>',
  '.vite/manifest.json': {
    'index.html': { file: 'assets/index-main.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['_chakra-scope-x1.js'] },
    '_react.js': { file: 'assets/react-shared.js' },
    '_chakra-scope-x1.js': { file: 'assets/chakra-scope-x1.js', name: 'chakra-scope', imports: ['_react.js', '_chakra-core.js'] },
    '_chakra-core.js': { file: 'assets/chakra-core.js' },
    '_list-view.js': { file: 'assets/list-view.js', imports: ['_react.js'], css: ['assets/list-view.css'] },
    'src/pages/product-list-page.tsx': { file: 'assets/product-list-page.js', imports: ['_react.js', '_list-view.js'], css: ['assets/list-page.css'] },
    'src/pages/faq-page.tsx': { file: 'assets/faq-page.js', imports: ['_react.js'] },
    'src/pages/product-detail-page.tsx': { file: 'assets/product-detail-page.js', imports: ['_react.js'] },
  },
  [OPENING_SHELL_FILE]: openingShellFile(),
  'assets/list-view.css': '.card{color:#1565c0}',
  'assets/list-page.css': '.page::after{content:"</style><script>alert(1)</script>"}',
});

/** What `#root` holds in a page's HTML (the page's style sheets' links follow it). */
function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div>(?:<link [^>]*>)*\s*<\/body>/.exec(html)?.[1] ?? '';
}

/** The visible words of some markup, its style elements left out. */
function wordsOf(markup: string): string {
  return markup
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ serveClient: true, clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function sentList(html: string): { query: Record<string, string>; body: unknown } | null {
  const match = /<script type="application\/json" id="shoal-opening-list">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as { query: Record<string, string>; body: unknown }) : null;
}

function sentScriptOf(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe('the page a visit opens on', () => {
  it('names the product list code beyond the main entry, and sends its first page and the categories exactly as the API answers them', async () => {
    const page = await t.app.inject({ url: '/product/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    const hints = [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // The page's code alone: the list is drawn without Chakra (the page table's `chakra: false`).
    expect(hints).toEqual(['/assets/list-view.js', '/assets/product-list-page.js']);
    // Its style sheets, as its code would add them, so that code waits for no style download.
    const sheets = [...page.body.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(sheets).toEqual(['/assets/list-view.css', '/assets/list-page.css']);
    // In the head as style elements, so the list's first paint waits for no request; their links
    // close the body, where they hold back no paint.
    const [head = '', body = ''] = page.body.split('</head>');
    expect(head).toContain('<style>.card{color:#1565c0}</style>');
    expect(head).toContain('<style>.page::after{content:"<\\/style><script>alert(1)</script>"}</style>');
    expect(head).not.toContain('rel="stylesheet"');
    expect(body).toMatch(
      /<\/div><link rel="stylesheet" crossorigin href="\/assets\/list-view.css"><link rel="stylesheet" crossorigin href="\/assets\/list-page.css"><\/body>/,
    );

    const api = await t.app.inject({ url: '/api/products?companyId=1&branchId=1&pageNumber=1&pageSize=20' });
    const sent = sentList(page.body);
    expect(sent?.query).toEqual({ companyId: '1', branchId: '1', pageNumber: '1', pageSize: '20' });
    expect(sent?.body).toEqual(JSON.parse(api.body));

    const categories = /<script type="application\/json" id="shoal-opening-categories">(.*?)<\/script>/s.exec(page.body);
    const categoriesApi = await t.app.inject({ url: '/api/categories?companyId=1' });
    expect(JSON.parse(categories?.[1] ?? 'null')).toEqual({ companyId: '1', body: JSON.parse(categoriesApi.body) });

    const first = (JSON.parse(api.body) as { Data: { image: string }[] }).Data.slice(0, 2);
    const pictures = [...page.body.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);
    expect(pictures).toEqual(first.map((p) => `${p.image}?noCache=1`));
    // Asked for before the page's code, which would otherwise take the connections first.
    expect(page.body.indexOf('<link rel="preload" as="image"')).toBeLessThan(page.body.indexOf('<script type="module"'));
  });

  it('sends a category’s first page for ?categoryId, and no products for a search or a category that is not an id', async () => {
    const category = sentList((await t.app.inject({ url: '/product?categoryId=2' })).body);
    expect(category?.query).toMatchObject({ categoryId: '2' });
    for (const url of ['/product?search=prawn', '/product?categoryId=abc', '/product?categoryId=1&categoryId=2', '/product?categoryId=99999999999']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(sentList(page.body)).toBeNull();
      expect(page.body).toContain('/assets/product-list-page.js');
    }
  });

  it('keeps a product name from ending the script element it is sent in', async () => {
    await t.app.db.updateTable('products').set({ name: "Seer </script><script>alert(1)</script> $' $&" }).where('id', '=', 1).execute();
    // Product 1 is in category 1, whose list this file has not asked for before (nothing cached).
    const html = (await t.app.inject({ url: '/product?categoryId=1' })).body;
    expect(html).not.toContain('</script><script>alert(1)');
    const names = ((sentList(html)?.body as { Data: { productId: number; name: string }[] }).Data ?? []).map((p) => p.name);
    expect(names).toContain("Seer </script><script>alert(1)</script> $' $&");
  });

  it('names Chakra’s provider with the code of a page drawn with Chakra, which it renders in', async () => {
    const hintsOf = async (url: string) =>
      [...(await t.app.inject({ url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(await hintsOf('/FAQ')).toEqual(['/assets/faq-page.js', '/assets/chakra-core.js', '/assets/chakra-scope-x1.js']);
    // A product is drawn without Chakra, as the list is.
    expect(await hintsOf('/product/product_detail?productId=1')).toEqual(['/assets/product-detail-page.js']);
    expect(PAGES.filter((p) => p.chakra === false).map((p) => p.path)).toEqual(['/product', '/product/product_detail']);
  });

  it('compresses the page for browsers that accept it', async () => {
    const br = await t.app.inject({ url: '/product', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('id="shoal-opening-list"');
    const gzip = await t.app.inject({ url: '/FAQ/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-page.js">');
  });

  it('serves other addresses index.html with no hints but the shop it serves, and the API its JSON 404', async () => {
    const account = await t.app.inject({ url: '/user_account/my_order' });
    expect(account.statusCode).toBe(200);
    expect(account.body).not.toContain('modulepreload');
    expect(account.body).toContain('<meta name="shoal-shop" content="companyId=1&amp;branchId=1"></head>');
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ Success: false });
  });

  it('sends the list of the shop a visit’s address names, and none to a visitor with a session', async () => {
    const branchTwo = sentList((await t.app.inject({ url: '/product?companyId=1&branchId=2' })).body);
    expect(branchTwo?.query).toEqual({ companyId: '1', branchId: '2', pageNumber: '1', pageSize: '20' });
    const api = await t.app.inject({ url: '/api/products?companyId=1&branchId=2&pageNumber=1&pageSize=20' });
    expect(branchTwo?.body).toEqual(JSON.parse(api.body));
    // An id that is not one is dropped, by the browser too: the default shop's list.
    expect(sentList((await t.app.inject({ url: '/product?branchId=0' })).body)?.query).toMatchObject({ companyId: '1', branchId: '1' });
    const signedIn = await t.app.inject({ url: '/product', headers: { cookie: 'companyId=1; token=eyJhbGciOi.x.y' } });
    expect(signedIn.body).toContain('/assets/product-list-page.js');
    expect(sentList(signedIn.body)).toBeNull();
  });

  it('serves the same compressed page again until the catalogue changes, then the new prices', async () => {
    const ask = () => t.app.inject({ url: '/product?categoryId=3', headers: { 'accept-encoding': 'br' } });
    const first = await ask();
    const again = await ask();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const listed = (sentList(zlib.brotliDecompressSync(first.rawPayload).toString())?.body as { Data: { productId: number; sRate: number }[] }).Data;
    const product = listed[0]!;
    const newRate = product.sRate + 11;
    // The shop's price change goes through the catalogue's change notice, as the command line's announcement does.
    await t.app.db
      .updateTable('branch_stock')
      .set({ s_rate: newRate * 100 })
      .where('product_id', '=', product.productId)
      .where('branch_id', '=', 1)
      .execute();
    t.app.live.catalogueChanged({ type: 'Product', companyId: 1, branchId: 1, ids: [product.productId] });
    const after = sentList(zlib.brotliDecompressSync((await ask()).rawPayload).toString())?.body as { Data: { productId: number; sRate: number }[] };
    expect(after.Data.find((p) => p.productId === product.productId)?.sRate).toBe(newRate);
  });

  it('sends a product’s page its product exactly as the API answers it, its picture’s preload, and the company’s config and categories', async () => {
    const page = await t.app.inject({ url: '/product/product_detail?productId=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/product-detail-page.js">');
    const api = await t.app.inject({ url: '/api/Product/detail/1?branchId=1' });
    expect(sentScriptOf(page.body, 'shoal-opening-detail')).toEqual({ query: { productId: '1', branchId: '1' }, body: JSON.parse(api.body) });
    const image = (JSON.parse(api.body) as { Data: { image: string } }).Data.image;
    const pictures = [...page.body.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map((m) => m[1]);
    expect(pictures).toEqual([`${image}?noCache=1`]);
    expect(page.body.indexOf('<link rel="preload" as="image"')).toBeLessThan(page.body.indexOf('<script type="module"'));
    const details = JSON.parse((await t.app.inject({ url: '/api/Company/details/1' })).body) as { Data: unknown };
    const settings = JSON.parse((await t.app.inject({ url: '/api/Company/settings/1' })).body) as { Data: unknown };
    expect(sentScriptOf(page.body, 'shoal-opening-company')).toEqual({ companyId: '1', details: details.Data, settings: settings.Data });
    const categories = JSON.parse((await t.app.inject({ url: '/api/categories?companyId=1' })).body) as unknown;
    expect(sentScriptOf(page.body, 'shoal-opening-categories')).toEqual({ companyId: '1', body: categories });
    // The page itself is not painted in the HTML: the app's first render draws it from what was sent.
    expect(rootOf(page.body)).toBe('');
  });

  it('sends the variant and branch a product page’s address names, and no product for anything else it names, a product not for sale or a visitor with a session', async () => {
    const variant = await t.app.inject({ url: '/product/product_detail?productId=1&variantId=2&branchId=2' });
    const api = await t.app.inject({ url: '/api/Product/detail/1?branchId=2&variantId=2' });
    expect(api.statusCode).toBe(200);
    expect(sentScriptOf(variant.body, 'shoal-opening-detail')).toEqual({
      query: { productId: '1', branchId: '2', variantId: '2' },
      body: JSON.parse(api.body),
    });
    for (const url of [
      '/product/product_detail',
      '/product/product_detail?productId=abc',
      '/product/product_detail?productId=1&productId=2',
      '/product/product_detail?productId=1&variantId=x',
      '/product/product_detail?productId=1&utm_source=chat',
      '/product/product_detail?productId=99999',
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(sentScriptOf(page.body, 'shoal-opening-detail'), url).toBeNull();
      expect(page.body, url).not.toContain('rel="preload" as="image"');
    }
    // A product that is not for sale still gets the shop's config and categories.
    expect(sentScriptOf((await t.app.inject({ url: '/product/product_detail?productId=99999' })).body, 'shoal-opening-company')).toMatchObject({
      companyId: '1',
    });
    const signedIn = await t.app.inject({ url: '/product/product_detail?productId=1', headers: { cookie: 'token=eyJhbGciOi.x.y' } });
    expect(signedIn.body).toContain('/assets/product-detail-page.js');
    expect(sentScriptOf(signedIn.body, 'shoal-opening-detail')).toBeNull();
    expect(sentScriptOf(signedIn.body, 'shoal-opening-company')).toBeNull();
  });

  it('preloads a product’s photo in AVIF at the widths and sizes its page offers', async () => {
    await t.app.db
      .insertInto('product_photos')
      .values({ product_id: 2, photo_key: 'p2-abc', widths: '320,640,960', updated_at: new Date().toISOString() })
      .execute();
    const html = (await t.app.inject({ url: '/product/product_detail?productId=2' })).body;
    const sent = sentScriptOf(html, 'shoal-opening-detail') as { body: { Data: { photo: { avif: string } } } };
    expect(sent.body.Data.photo.avif).toContain('p2-abc-640.avif 640w');
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="${sent.body.Data.photo.avif}" imagesizes="(min-width: 48em) 50vw, 100vw">`,
    );
  });

  it('paints home before its code arrives: header and hero with the shop’s name and logo, and the config the app starts from', async () => {
    const page = await t.app.inject({ url: '/' });
    const root = rootOf(page.body);
    expect(root).toContain('data-opening-shell=""');
    expect(root).toMatch(/<div inert=""/);
    const words = wordsOf(root);
    expect(words).toContain('Shoal Fresh');
    expect(words).toContain('Login');
    expect(words).toContain('Today’s catch, cleaned and cut to order');
    const categories = JSON.parse((await t.app.inject({ url: '/api/categories?companyId=1' })).body) as { Data: { categoryId: number; name: string }[] };
    const text = (html: string) =>
      html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
    const chips = [...root.matchAll(/<a [^>]*href="\/product\?categoryId=(\d+)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
      categoryId: Number(m[1]),
      name: text(m[2] ?? ''),
    }));
    expect(chips).toEqual(categories.Data.map((c) => ({ categoryId: c.categoryId, name: c.name })));
    expect(root).toContain('aria-label="Shoal Fresh, home"');
    expect(root).not.toContain('%SHOAL-');
    const details = JSON.parse((await t.app.inject({ url: '/api/Company/details/1' })).body) as { Data: { Logo: string } };
    expect(root).toContain(`src="${details.Data.Logo}?noCache=1"`);
    // The parts are drawn by the page head's style sheets (src/first-paint.css): no CSS comes with them.
    expect(root).not.toContain('<style');
    expect(root).toContain('class="site-header-bar');

    const sentCategories = /<script type="application\/json" id="shoal-opening-categories">(.*?)<\/script>/s.exec(page.body);
    expect(JSON.parse(sentCategories?.[1] ?? 'null')).toEqual({ companyId: '1', body: categories });
    const sent = /<script type="application\/json" id="shoal-opening-company">(.*?)<\/script>/s.exec(page.body);
    const settings = JSON.parse((await t.app.inject({ url: '/api/Company/settings/1' })).body) as { Data: unknown };
    expect(JSON.parse(sent?.[1] ?? 'null')).toEqual({ companyId: '1', details: details.Data, settings: settings.Data });
  });

  it('paints the account link of a visitor with a session, and nothing for an address the first paint cannot show', async () => {
    const signedIn = wordsOf(rootOf((await t.app.inject({ url: '/', headers: { cookie: 'token=abc' } })).body));
    expect(signedIn).toContain('My account');
    expect(signedIn).not.toContain('Login');
    for (const url of ['/?address=Kakkanad%2C%20Kochi', '/cart', '/product', '/FAQ']) {
      const html = (await t.app.inject({ url })).body;
      expect(rootOf(html), url).toBe('');
      expect(html, url).not.toContain('shoal-opening-company');
    }
  });

  it('writes another company’s name as text, whatever it holds', async () => {
    await t.app.db.updateTable('companies').set({ display_name: 'Harbour <b>"Fresh"</b> & Co $1' }).where('id', '=', 2).execute();
    await t.app.db.updateTable('categories').set({ name: 'Sea <i>Fish</i> $& more' }).where('company_id', '=', 2).execute();
    const root = rootOf((await t.app.inject({ url: '/?companyId=2&branchId=2' })).body);
    expect(root).toContain('Harbour &lt;b&gt;&quot;Fresh&quot;&lt;/b&gt; &amp; Co $1');
    expect(root).toContain('>Sea &lt;i&gt;Fish&lt;/i&gt; $&amp; more</a>');
    expect(root).not.toContain('<b>');
    expect(root).not.toContain('<i>');
    expect(wordsOf(root)).not.toContain('Shoal Fresh');
  });

  it('names the code of every page a visitor may open without a session, from the table the browser’s router is built from', () => {
    expect(OPENING_PAGES.map((p) => p.path)).toEqual(PAGES.filter((p) => p.access !== 'account').map((p) => p.path));
    expect(OPENING_PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(['/product', '/product/product_detail', '/FAQ', '/cart', '/auth/login']));
    for (const { path: pagePath, module } of OPENING_PAGES) expect(fs.existsSync(path.join(import.meta.dirname, '..', '..', module)), pagePath).toBe(true);
  });
});

describe('a shop whose default is another branch (COMPANY_ID, BRANCH_ID)', () => {
  let branchTwo: TestApp;
  beforeAll(async () => {
    branchTwo = await buildTestApp({ serveClient: true, clientDir, defaultCompanyId: 1, defaultBranchId: 2 });
  });
  afterAll(async () => {
    await branchTwo.close();
  });

  it('names that shop in every page and sends that branch’s first page of products', async () => {
    const page = await branchTwo.app.inject({ url: '/product' });
    expect(page.body).toContain('<meta name="shoal-shop" content="companyId=1&amp;branchId=2">');
    const sent = sentList(page.body);
    expect(sent?.query).toEqual({ companyId: '1', branchId: '2', pageNumber: '1', pageSize: '20' });
    const api = await branchTwo.app.inject({ url: '/api/products?companyId=1&branchId=2&pageNumber=1&pageSize=20' });
    expect(sent?.body).toEqual(JSON.parse(api.body));
    expect((await branchTwo.app.inject({ url: '/cart' })).body).toContain('<meta name="shoal-shop" content="companyId=1&amp;branchId=2">');
  });
});
