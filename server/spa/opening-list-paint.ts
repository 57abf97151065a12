import type { FastifyInstance } from 'fastify';
import { EAGER_LIST_CARDS } from '../../contract/product-list.rules.js';
import { CARD_PICTURE_SIZES } from '../../contract/image-url.rules.js';
import type { Category, Product } from '../../contract/catalogue.schemas.js';
import { type OpeningRenderers, openingShop, paintOrNothing } from './opening-renderer.js';
import { type CategoriesBody, type SentPicture, categoriesOf, categoriesScript, picturePreload, sentScript } from './opening-hints.js';

/**
 * The product list's part of the page a visit opens on (server/spa/opening-page.ts): its first
 * page of products as JSON (`#shoal-opening-list`), the preloads of its first row's pictures, the
 * categories, and, with the build's list renderer, its first paint inside `#root` with the
 * company's config the app's first render starts from (decision 029).
 */

/** A company as a painted list shows it, and the script elements that send its config and categories. */
export interface ListCompany {
  name: string;
  details: { Logo?: string | null; CurrencySymbol?: string; DecimalValue?: number } | null;
  categories: Category[];
  scripts: string;
}

/** A company's name, config and categories, given its categories as they are being asked for; null when the company is unknown. */
export type CompanyLookup = (companyId: number, categories: Promise<CategoriesBody | null>) => Promise<ListCompany | null>;

/**
 * What a product list's or a product's page is given: the preloads of its first pictures, asked
 * for before the page's code (see `OpeningPages`), the rest of its head's hints, and the markup of
 * its first paint (empty without one).
 */
export interface OpenedPage {
  pictures: string;
  hints: string;
  markup: string;
}

export interface OpeningListPaint {
  /** A product list's first page for a visitor without a session, by the query the browser would ask `GET /api/products` with. */
  listPage(query: string, companyId: number): Promise<OpenedPage>;
}

/** The list's first paint as the build bundled it for the server (`renderers`, loaded once, at start). */
export function openingListPaint(app: FastifyInstance, renderers: () => Promise<OpeningRenderers>, companyOf: CompanyLookup): OpeningListPaint {
  /**
   * A product list's first page with its first pictures' preloads, and its first paint with the
   * company's config and categories the app's first render starts from. The company is asked for
   * only with a renderer; without the renderer or the company, or when the paint fails, the page
   * gets the list and the categories and no paint.
   */
  async function listPage(query: string, companyId: number): Promise<OpenedPage> {
    const answer = await app.inject({ method: 'GET', url: `/api/products?${query}` });
    if (answer.statusCode !== 200) return { pictures: '', hints: '', markup: '' };
    const body = JSON.parse(answer.body) as { Data?: (Product & SentPicture)[] | null; TotalCount?: number };
    const pictures = (body.Data ?? [])
      .slice(0, EAGER_LIST_CARDS)
      .map((product) => picturePreload(product, CARD_PICTURE_SIZES))
      .join('');
    const list = sentScript('shoal-opening-list', { query: Object.fromEntries(new URLSearchParams(query)), body });
    const render = (await renderers()).list;
    // Asked for once: the company's lookup and the page without a paint both take these.
    const categories = categoriesOf(app, companyId);
    const company = render ? await companyOf(companyId, categories) : null;
    if (render && company) {
      const categoryId = new URLSearchParams(query).get('categoryId');
      const markup = paintOrNothing(app, 'product list', render, {
        shop: openingShop(company),
        categories: company.categories,
        ...(categoryId ? { categoryId: Number(categoryId) } : {}),
        page: { Data: body.Data ?? null, ...(body.TotalCount === undefined ? {} : { TotalCount: body.TotalCount }) },
      });
      if (markup) return { pictures, hints: list + company.scripts, markup };
    }
    const categoriesBody = await categories;
    return { pictures, hints: list + (categoriesBody ? categoriesScript(companyId, categoriesBody) : ''), markup: '' };
  }

  // Loaded at start, so the first visitor to a list does not wait for it.
  void renderers();

  return { listPage };
}
