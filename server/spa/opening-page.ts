import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIST_PAGE_SIZE } from '../../contract/product-list.rules.js';
import { DETAIL_PICTURE_SIZES } from '../../contract/image-url.rules.js';
import { PAGES, type PageEntry } from '../../contract/pages.table.js';
import type { Category, Product } from '../../contract/catalogue.schemas.js';
import { shopNameOf } from '../../contract/shop-name.rules.js';
import { OPENING_SHELL_FILE, escapeHtml, fillOpeningShell, type OpeningShellFile } from '../../contract/opening-shell.rules.js';
import { catalogueVersion } from '../repositories/catalogue-cache.js';
import { type CategoriesBody, type SentPicture, categoriesOf, categoriesScript, picturePreload, sentScript } from './opening-hints.js';
import { type OpenedPage, openingListPaint } from './opening-list-paint.js';
import { openingRenderers, openingShop, paintOrNothing } from './opening-renderer.js';

/**
 * The page a visit opens on, served with what that page needs asked for at once. The shop's
 * pages are rendered in the browser, so without help a phone would fetch the main script, run
 * it, and only then ask for the page's own code, its first products and their pictures, one
 * round trip after another. The HTML of a page named here carries:
 * - `<link rel="modulepreload">` for the page's code (from the build's manifest);
 * - for the product list: its first page of products as JSON (`#shoal-opening-list`, exactly
 *   what `GET /api/products` answers an anonymous visitor), `<link rel="preload">` for the
 *   pictures of its first row, and the categories its chips and the header's menu show
 *   (`#shoal-opening-categories`, what `GET /api/categories` answers). The browser uses the
 *   products only if its own query is the same and the visitor has no session (a signed-in list
 *   carries the customer's cart quantities), and the categories only for the same company.
 *   With the build's list renderer, the page also paints that list's first screen inside `#root`
 *   (the header, the title and chips, the first cards), drawn by the app's own views, and sends
 *   the company's config the app's first render starts from, so it draws the same (decision 029).
 * - for a product's page (`?productId=`, and at most `variantId` and the shop): the product as
 *   JSON (`#shoal-opening-detail`, what `GET /api/Product/detail/{id}` answers an anonymous
 *   visitor), `<link rel="preload">` for its picture, and the company's config and categories
 *   the header shows, so the app's first render draws the product and its picture is on its way
 *   before the page's code has run. Sent, and used by the browser, on the same terms as the list.
 *   With the build's renderer, the page also paints the product inside `#root` (decision 033).
 * - the pictures' preloads ahead of the main script, so they are asked for first.
 * - for home: its first paint inside `#root` (the header with its category menu, and the hero, built
 *   with the app: contract/opening-shell.rules.ts), with the shop's name, logo and categories filled
 *   in and the account link of a visitor with or without a session, so a phone shows the page before
 *   its code has arrived; and the company's config and categories the app's first render starts
 *   from, so it draws the same (decision 013). A visit whose address asks for more than the shop
 *   (`?address=`, which the hero shows) gets none.
 * Every page the shop serves names its default shop (`<meta name="shoal-shop">`, from
 * COMPANY_ID and BRANCH_ID), so the browser and these hints agree on it. A visit whose address
 * names `companyId`/`branchId` gets hints for that shop (the browser applies them at start);
 * a visitor with a session gets no list, which they would not use. Pages are compressed once
 * and reused until the catalogue changes (or for at most the catalogue cache's age).
 */

/** Pages a visitor may open without a session, with their code module as the build's manifest names it. */
export const OPENING_PAGES: readonly Pick<PageEntry, 'path' | 'module' | 'chakra'>[] = PAGES.filter((entry) => entry.access !== 'account');

/** The list's first page as the browser asks for it. */
export const OPENING_LIST = { pageNumber: 1, pageSize: LIST_PAGE_SIZE } as const;

/** The shop a page is served for: the server's default, or the visit's own from its address. */
export interface ShopIds {
  companyId: number;
  branchId: number;
}

/** Pages kept compressed at once; a list page per category and shop is a handful. */
const MAX_KEPT_PAGES = 200;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

/** The script files of these modules and everything they import, imports first, and their style sheets. */
function filesOf(manifest: Manifest, keys: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) styles.add(sheet);
  };
  keys.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

const SHOP_PARAMS = ['companyId', 'branchId'] as const;

/** A positive id as an address carries it, or null when it is not one. */
function idParam(url: URL, name: string): string | null {
  const values = url.searchParams.getAll(name);
  const value = values[0];
  if (values.length !== 1 || value === undefined || !/^[1-9]\d{0,9}$/.test(value) || Number(value) >= 2 ** 31) return null;
  return value;
}

/** The shop of this visit: the address's companyId/branchId where valid (as the browser applies them at start), else the default. */
function shopOf(url: URL, defaults: ShopIds): ShopIds {
  const companyId = idParam(url, 'companyId');
  const branchId = idParam(url, 'branchId');
  return { companyId: companyId ? Number(companyId) : defaults.companyId, branchId: branchId ? Number(branchId) : defaults.branchId };
}

/** The product list's query for this address, when the server can tell it (no search, no remembered category). */
function openingListQuery(url: URL, shop: ShopIds): string | null {
  const keys = [...url.searchParams.keys()];
  if (keys.some((key) => key !== 'categoryId' && !(SHOP_PARAMS as readonly string[]).includes(key))) return null;
  const categoryId = idParam(url, 'categoryId');
  if (url.searchParams.has('categoryId') && categoryId === null) return null;
  const params = new URLSearchParams({ companyId: String(shop.companyId), branchId: String(shop.branchId) });
  if (categoryId !== null) params.set('categoryId', categoryId);
  params.set('pageNumber', String(OPENING_LIST.pageNumber));
  params.set('pageSize', String(OPENING_LIST.pageSize));
  return params.toString();
}

/**
 * A product page's request for its product (`productId`, `variantId` if named, the shop's
 * branch), when the address names a product and nothing but that and the shop.
 */
function openingDetailQuery(url: URL, shop: ShopIds): string | null {
  const keys = [...url.searchParams.keys()];
  if (keys.some((key) => key !== 'productId' && key !== 'variantId' && !(SHOP_PARAMS as readonly string[]).includes(key))) return null;
  const productId = idParam(url, 'productId');
  const variantId = idParam(url, 'variantId');
  if (productId === null || (url.searchParams.has('variantId') && variantId === null)) return null;
  const params = new URLSearchParams({ productId, branchId: String(shop.branchId) });
  if (variantId !== null) params.set('variantId', variantId);
  return params.toString();
}

/** Whether the address names nothing but the shop (companyId, branchId): home's hero then shows no more than its first paint. */
function onlyShopParams(url: URL): boolean {
  return [...url.searchParams.keys()].every((key) => (SHOP_PARAMS as readonly string[]).includes(key));
}

/** What a page's HTML carries for an anonymous visit: the list's first page or a product page's product, by the request the browser would make. */
interface SentData {
  kind: 'list' | 'detail';
  query: string;
  shop: ShopIds;
}

function sentDataOf(pagePath: string, url: URL, shop: ShopIds): SentData | null {
  const kind = pagePath === '/product' ? 'list' : pagePath === '/product/product_detail' ? 'detail' : null;
  if (!kind) return null;
  const query = kind === 'list' ? openingListQuery(url, shop) : openingDetailQuery(url, shop);
  return query === null ? null : { kind, query, shop };
}

type CompanyDetails = { DisplayName?: string; Name?: string; Logo?: string | null; CurrencySymbol?: string; DecimalValue?: number } | null;

/** Home's first paint is built for a shop and for a visitor with or without a session. */
interface HomeShell {
  shop: ShopIds;
  loggedIn: boolean;
}

/** Whether the request carries the shop's session cookie: such a visitor's list is their own. */
function hasSession(request: FastifyRequest): boolean {
  return /(?:^|;\s*)token=[^;]/.test(String(request.headers.cookie ?? ''));
}

/** A style sheet's text as the content of a <style> element: no `</style` in it ends the element early (`\/` is `/` to CSS). */
const inlineStyleText = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/** A style sheet of the build, or null when the build lacks it (the browser then loads it by its link alone). */
function readStyleSheet(clientDir: string, file: string): string | null {
  try {
    return fs.readFileSync(path.join(clientDir, file), 'utf8');
  } catch {
    return null;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';

function encodingFor(request: FastifyRequest): Encoding {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}

function compress(page: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(page, { level: 6 });
  return page;
}

const MAIN_SCRIPT = '<script type="module"';

/**
 * The page's HTML with its first pictures' preloads ahead of its main script, so the browser asks
 * for them first: at the same priority, requests go in document order, and over HTTP/1.1 only six
 * at a time go to one host, so a picture named after the page's code waited for a connection
 * behind it. Without a main script in the head, they go at its end.
 */
function withPictures(html: string, pictures: string): string {
  if (pictures === '') return html;
  const at = html.indexOf(MAIN_SCRIPT);
  const head = html.indexOf('</head>');
  const before = at !== -1 && at < head ? at : head;
  return html.slice(0, before) + pictures + html.slice(before);
}

export interface OpeningPages {
  /** Serves the shop's HTML for the page a visit opens on, with its hints where it has them. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Reads the build's index.html and manifest once; without a manifest (an older build) pages
 * get no code hints.
 */
export function openingPages(app: FastifyInstance, clientDir: string, defaults: ShopIds): OpeningPages {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entry = filesOf(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
  );
  const entryFiles = new Set([...entry.scripts, ...entry.styles]);
  // A page drawn with Chakra renders in its provider, whose code loads with the page's (src/app/chakra-part.tsx).
  const chakraScope = Object.keys(manifest).filter((key) => manifest[key]?.name === 'chakra-scope');
  const codeHints = new Map(
    OPENING_PAGES.map(({ path: pagePath, module, chakra }) => {
      const { scripts, styles } = filesOf(manifest, chakra === false ? [module] : [module, ...chakraScope]);
      const own = styles.filter((file) => !entryFiles.has(file));
      // The page's own style sheets, in the head as <style>: a first paint drawn with them waits
      // for no request of its own.
      const inline = own.map((file) => {
        const css = readStyleSheet(clientDir, file);
        return css === null ? '' : `<style>${inlineStyleText(css)}</style>`;
      });
      const code = scripts.filter((file) => !entryFiles.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
      // …and as the page's code would add them, at the end of the body, where they hold back no
      // paint: Vite's loader finds them there and neither adds them again nor waits for them.
      const sheets = own.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`);
      return [pagePath, { head: [...inline, ...code].join(''), bodyEnd: sheets.join('') }];
    }),
  );
  const shellFile = path.join(clientDir, OPENING_SHELL_FILE);
  const shellParts = fs.existsSync(shellFile) ? (JSON.parse(fs.readFileSync(shellFile, 'utf8')) as OpeningShellFile) : null;
  const kept = new Map<string, { version: number; at: number; body: Buffer; etag: string }>();

  /**
   * Home's first paint for this shop and visitor, and what the app's first render needs to draw
   * the same: the company's config (`#shoal-opening-company`, what `GET /api/Company/details` and
   * `/settings` answer) and the categories of the header's menu (`#shoal-opening-categories`).
   * Nothing when the build has no first paint or the company is unknown.
   */
  async function homeShell(shell: HomeShell): Promise<{ markup: string; data: string }> {
    const none = { markup: '', data: '' };
    if (!shellParts) return none;
    const company = await companyOf(shell.shop.companyId);
    if (!company) return none;
    const markup = fillOpeningShell(shellParts, {
      loggedIn: shell.loggedIn,
      name: company.name,
      logo: company.details?.Logo ?? '',
      categories: company.categories,
    });
    if (markup === null) return none;
    return { markup, data: company.scripts };
  }

  /**
   * A company's name, details, settings and categories as the API answers them, and the script
   * elements that send them (`#shoal-opening-company`, `#shoal-opening-categories`); null when
   * the company is unknown or has no name. The categories are asked for here unless a caller
   * has asked for them already.
   */
  async function companyOf(
    companyId: number,
    categories: Promise<CategoriesBody | null> = categoriesOf(app, companyId),
  ): Promise<{ name: string; details: CompanyDetails; categories: Category[]; scripts: string } | null> {
    const [detailsAnswer, settingsAnswer, categoriesBody] = await Promise.all([
      app.inject({ method: 'GET', url: `/api/Company/details/${companyId}` }),
      app.inject({ method: 'GET', url: `/api/Company/settings/${companyId}` }),
      categories,
    ]);
    if ([detailsAnswer, settingsAnswer].some((answer) => answer.statusCode !== 200) || !categoriesBody) return null;
    const details = (JSON.parse(detailsAnswer.body) as { Data?: CompanyDetails }).Data ?? null;
    const settings = (JSON.parse(settingsAnswer.body) as { Data?: unknown }).Data;
    const name = shopNameOf(details);
    if (!name || !Array.isArray(settings) || !Array.isArray(categoriesBody.Data)) return null;
    return {
      name,
      details,
      categories: categoriesBody.Data,
      scripts: sentScript('shoal-opening-company', { companyId: String(companyId), details, settings }) + categoriesScript(companyId, categoriesBody),
    };
  }

  /**
   * A product page's product and picture, with its company's config and categories, and with the
   * build's renderer its first paint (decision 033); the company's config alone when the product
   * is not for sale there. Without the renderer, or when the paint fails, the page gets the
   * product and no paint.
   */
  async function detailPage(query: string, shop: ShopIds): Promise<OpenedPage> {
    const params = new URLSearchParams(query);
    const productId = params.get('productId');
    params.delete('productId');
    const [answer, company, render] = await Promise.all([
      app.inject({ method: 'GET', url: `/api/Product/detail/${productId}?${params}` }),
      companyOf(shop.companyId),
      renderers().then((loaded) => loaded.detail),
    ]);
    const scripts = company?.scripts ?? '';
    if (answer.statusCode !== 200) return { pictures: '', hints: scripts, markup: '' };
    const body = JSON.parse(answer.body) as { Data?: (Product & SentPicture) | null };
    if (!body.Data) return { pictures: '', hints: scripts, markup: '' };
    const pictures = picturePreload(body.Data, DETAIL_PICTURE_SIZES);
    const hints = sentScript('shoal-opening-detail', { query: Object.fromEntries(new URLSearchParams(query)), body }) + scripts;
    const variantId = params.get('variantId');
    const markup =
      render && company
        ? paintOrNothing(app, 'product page', render, {
            shop: openingShop(company),
            categories: company.categories,
            product: body.Data,
            ...(variantId ? { variantId: Number(variantId) } : {}),
          })
        : '';
    return { pictures, hints, markup };
  }

  const renderers = openingRenderers(app, clientDir);
  const lists = openingListPaint(app, renderers, companyOf);

  /** The page's HTML for this visit, compressed for the encoding it accepts. */
  async function build(pagePath: string, sent: SentData | null, shell: HomeShell | null, encoding: Encoding): Promise<{ body: Buffer; etag: string }> {
    const shopMeta = `<meta name="shoal-shop" content="companyId=${defaults.companyId}&amp;branchId=${defaults.branchId}">`;
    const code = codeHints.get(pagePath) ?? { head: '', bodyEnd: '' };
    const opened =
      sent?.kind === 'list' ? await lists.listPage(sent.query, sent.shop.companyId) : sent?.kind === 'detail' ? await detailPage(sent.query, sent.shop) : null;
    const firstPaint = shell ? await homeShell(shell) : opened ? { markup: opened.markup, data: opened.hints } : { markup: '', data: '' };
    const hints = shopMeta + code.head + firstPaint.data;
    // Replaced by functions: a name in the data that holds `$&` or `$'` is text, not a replacement pattern.
    const filled = withPictures(html, opened?.pictures ?? '')
      .replace('</head>', () => `${hints}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${firstPaint.markup}</div>`)
      .replace('</body>', () => `${code.bodyEnd}</body>`);
    const page = Buffer.from(filled);
    const etag = `"${crypto.createHash('sha1').update(page).digest('base64url').slice(0, 20)}-${encoding}"`;
    return { body: compress(page, encoding), etag };
  }

  return {
    async serve(request, reply) {
      const url = new URL(request.url, 'http://shop.invalid');
      const pagePath = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const shop = shopOf(url, defaults);
      const sent = hasSession(request) ? null : sentDataOf(pagePath, url, shop);
      const shell = pagePath === '/' && onlyShopParams(url) ? { shop, loggedIn: hasSession(request) } : null;
      const encoding = encodingFor(request);
      // Only a list or product page depends on its query, and home on its shop and session; every other address of a page is the same HTML.
      const key = `${encoding} ${pagePath} ${sent ? `${sent.shop.companyId} ${sent.query}` : ''} ${shell ? `${shell.shop.companyId} ${shell.loggedIn}` : ''}`;
      const now = Date.now();
      let entry = kept.get(key);
      if (!entry || entry.version !== catalogueVersion() || ((sent || shell) && now - entry.at >= app.config.catalogueAnswerMaxAgeMs)) {
        const version = catalogueVersion();
        entry = { version, at: now, ...(await build(pagePath, sent, shell, encoding)) };
        if (kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value!);
        kept.set(key, entry);
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', entry.etag);
      // A tab revalidating an unchanged page gets no body again.
      if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(entry.body);
    },
  };
}
