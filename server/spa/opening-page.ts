import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EAGER_LIST_CARDS, LIST_PAGE_SIZE } from '../../machines/catalogue-items.js';
import { imageUrl } from '../../src/lib/format.js';

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
 */

/** Public pages with their code module as the build's manifest names it (src/app/router.tsx declares the same pages). */
export const OPENING_PAGES: readonly { path: string; module: string }[] = [
  { path: '/product', module: 'src/pages/product-list-page.tsx' },
  { path: '/product/special_products', module: 'src/pages/special-products-page.tsx' },
  { path: '/product/product_detail', module: 'src/pages/product-detail-page.tsx' },
  { path: '/product/offer_products', module: 'src/pages/offer-products-page.tsx' },
  { path: '/FAQ', module: 'src/pages/faq-page.tsx' },
  { path: '/contact-us', module: 'src/pages/info-pages.tsx' },
  { path: '/privacy-policy', module: 'src/pages/info-pages.tsx' },
  { path: '/terms-and-condition', module: 'src/pages/info-pages.tsx' },
  { path: '/return-and-refund-policy', module: 'src/pages/info-pages.tsx' },
  { path: '/cart', module: 'src/pages/cart-page.tsx' },
  { path: '/auth/login', module: 'src/pages/login-page.tsx' },
];

/** The list's first page as the browser asks for it, for the default shop. */
export const OPENING_LIST = { companyId: 1, branchId: 1, pageNumber: 1, pageSize: LIST_PAGE_SIZE } as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

type Manifest = Record<string, ManifestChunk>;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON that cannot end the script element it sits in. */
function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The script files of these modules and everything they import, imports first. */
function scriptsOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
    files.add(chunk.file);
  };
  keys.forEach(visit);
  return [...files];
}

/** The product list's query for this address, when the server can tell it (no search, no remembered category). */
function openingListQuery(url: URL): string | null {
  const keys = [...url.searchParams.keys()];
  const categoryId = url.searchParams.get('categoryId');
  if (keys.some((key) => key !== 'categoryId') || url.searchParams.getAll('categoryId').length > 1) return null;
  if (categoryId !== null && !/^[1-9]\d{0,9}$/.test(categoryId)) return null;
  if (categoryId !== null && Number(categoryId) >= 2 ** 31) return null;
  const params = new URLSearchParams({ companyId: String(OPENING_LIST.companyId), branchId: String(OPENING_LIST.branchId) });
  if (categoryId !== null) params.set('categoryId', categoryId);
  params.set('pageNumber', String(OPENING_LIST.pageNumber));
  params.set('pageSize', String(OPENING_LIST.pageSize));
  return params.toString();
}

export interface OpeningPages {
  /** Serves the page the visit opens on; false when the address is not one of the pages with hints. */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Reads the build's index.html and manifest once; without a manifest (an older build) no page gets hints. */
export function openingPages(app: FastifyInstance, clientDir: string): OpeningPages {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return { serve: async () => false };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const entryFiles = new Set(scriptsOf(manifest, Object.keys(manifest).filter((key) => manifest[key]?.isEntry)));
  const codeHints = new Map(
    OPENING_PAGES.map(({ path: pagePath, module }) => [
      pagePath,
      scriptsOf(manifest, [module])
        .filter((file) => !entryFiles.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`)
        .join(''),
    ]),
  );

  async function listHints(url: URL): Promise<string> {
    const query = openingListQuery(url);
    if (query === null) return '';
    const answer = await app.inject({ method: 'GET', url: `/api/products?${query}` });
    if (answer.statusCode !== 200) return '';
    const body = JSON.parse(answer.body) as { Data?: { image?: string | null }[] | null };
    const pictures = (body.Data ?? [])
      .slice(0, EAGER_LIST_CARDS)
      .map((product) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(imageUrl(product.image))}">`)
      .join('');
    const data = JSON.stringify({ query: Object.fromEntries(new URLSearchParams(query)), body });
    const list = `<script type="application/json" id="shoal-opening-list">${scriptSafeJson(data)}</script>`;
    const categories = await app.inject({ method: 'GET', url: `/api/categories?companyId=${OPENING_LIST.companyId}` });
    if (categories.statusCode !== 200) return pictures + list;
    const sentCategories = JSON.stringify({ companyId: String(OPENING_LIST.companyId), body: JSON.parse(categories.body) as unknown });
    return `${pictures}${list}<script type="application/json" id="shoal-opening-categories">${scriptSafeJson(sentCategories)}</script>`;
  }

  return {
    async serve(request, reply) {
      const url = new URL(request.url, 'http://shop.invalid');
      const pagePath = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
      const code = codeHints.get(pagePath);
      if (code === undefined) return false;
      const hints = code + (pagePath === '/product' ? await listHints(url) : '');
      const page = Buffer.from(html.replace('</head>', `${hints}</head>`));
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) {
        const body = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        await reply.header('content-encoding', 'br').send(body);
      } else if (/\bgzip\b/.test(accepts)) {
        await reply.header('content-encoding', 'gzip').send(zlib.gzipSync(page, { level: 6 }));
      } else {
        await reply.send(page);
      }
      return true;
    },
  };
}
