import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { EAGER_LIST_CARDS } from '../../contract/product-list.rules.js';
import { CARD_PICTURE_SIZES } from '../../contract/image-url.rules.js';
import type { Category, Product } from '../../contract/catalogue.schemas.js';
import { OPENING_LIST_RENDERER, type OpeningListInput } from '../../contract/opening-shell.rules.js';
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

/** What a list page's HTML is given: hints for its head and the markup of its first paint (empty without one). */
export interface ListPage {
  hints: string;
  markup: string;
}

export interface OpeningListPaint {
  /** A product list's first page for a visitor without a session, by the query the browser would ask `GET /api/products` with. */
  listPage(query: string, companyId: number): Promise<ListPage>;
}

/** The list's first paint as the build bundled it for the server, loaded from `clientDir` once, at start. */
export function openingListPaint(app: FastifyInstance, clientDir: string, companyOf: CompanyLookup): OpeningListPaint {
  let listRenderer: Promise<((input: OpeningListInput) => string) | null> | null = null;

  /** The build's renderer; null for a build without it, or one that cannot be loaded. */
  function loadListRenderer(): Promise<((input: OpeningListInput) => string) | null> {
    const file = path.join(clientDir, OPENING_LIST_RENDERER);
    listRenderer ??= !fs.existsSync(file)
      ? Promise.resolve(null)
      : import(pathToFileURL(file).href).then(
          (module: { renderOpeningList?: unknown }) =>
            typeof module.renderOpeningList === 'function' ? (module.renderOpeningList as (input: OpeningListInput) => string) : null,
          (error: unknown) => {
            app.log.warn({ err: error }, 'the product list’s first paint could not be loaded; lists are sent without it');
            return null;
          },
        );
    return listRenderer;
  }

  /**
   * A product list's first page with its first pictures' preloads, and its first paint with the
   * company's config and categories the app's first render starts from. The company is asked for
   * only with a renderer; without the renderer or the company, or when the paint fails, the page
   * gets the list and the categories and no paint.
   */
  async function listPage(query: string, companyId: number): Promise<ListPage> {
    const answer = await app.inject({ method: 'GET', url: `/api/products?${query}` });
    if (answer.statusCode !== 200) return { hints: '', markup: '' };
    const body = JSON.parse(answer.body) as { Data?: (Product & SentPicture)[] | null; TotalCount?: number };
    const pictures = (body.Data ?? [])
      .slice(0, EAGER_LIST_CARDS)
      .map((product) => picturePreload(product, CARD_PICTURE_SIZES))
      .join('');
    const list = sentScript('shoal-opening-list', { query: Object.fromEntries(new URLSearchParams(query)), body });
    const render = await loadListRenderer();
    // Asked for once: the company's lookup and the page without a paint both take these.
    const categories = categoriesOf(app, companyId);
    const company = render ? await companyOf(companyId, categories) : null;
    if (render && company) {
      const categoryId = new URLSearchParams(query).get('categoryId');
      const markup = paintList(render, {
        shop: {
          name: company.name,
          logo: company.details?.Logo ?? '',
          currencySymbol: company.details?.CurrencySymbol ?? '₹',
          decimals: company.details?.DecimalValue ?? 2,
        },
        categories: company.categories,
        ...(categoryId ? { categoryId: Number(categoryId) } : {}),
        page: { Data: body.Data ?? null, ...(body.TotalCount === undefined ? {} : { TotalCount: body.TotalCount }) },
      });
      if (markup) return { hints: pictures + list + company.scripts, markup };
    }
    const categoriesBody = await categories;
    return { hints: pictures + list + (categoriesBody ? categoriesScript(companyId, categoriesBody) : ''), markup: '' };
  }

  /** The list's first paint, or nothing when the renderer fails on this page (the page is then sent without it). */
  function paintList(render: (input: OpeningListInput) => string, input: OpeningListInput): string {
    try {
      return render(input);
    } catch (error) {
      app.log.warn({ err: error }, 'the product list’s first paint failed; the list is sent without it');
      return '';
    }
  }

  // Loaded at start, so the first visitor to a list does not wait for it.
  void loadListRenderer();

  return { listPage };
}
