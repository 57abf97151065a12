import type { SearchParamsOption } from 'ky';
import { getData, http, toApiError } from '../lib/http.js';
import type { Category, DeliverySlot, Faq, Offer, Paged, Product, ProductSelect, SearchSuggestions, SpecialCategory } from '../../contract/catalogue.schemas';

/** One catalogue endpoint per function (contracts: catalogue). Amounts are rupees. */

export interface PageQuery {
  pageNumber?: number;
  pageSize?: number;
}

export interface ProductQuery extends PageQuery {
  companyId: number;
  branchId: number;
  categoryId?: number;
  search?: string;
}

export interface OfferProductQuery extends PageQuery {
  branchId: number;
  categoryId?: number;
  search?: string;
}

export const DEFAULT_PAGE_SIZE = 20;

/** Drops undefined values so ky does not send them as the text 'undefined'. */
function query(values: Record<string, string | number | boolean | undefined>): SearchParamsOption {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value;
  return out;
}

/** The answer of a list endpoint: Data, with TotalCount beside it. */
export interface PageBody<T> {
  Data: T[] | null;
  TotalCount?: number;
}

function toPage<T>(body: PageBody<T>, page: PageQuery): Paged<T> {
  const items = body.Data ?? [];
  return { items, totalCount: body.TotalCount ?? items.length, pageNumber: page.pageNumber ?? 1, pageSize: page.pageSize ?? DEFAULT_PAGE_SIZE };
}

/** A list endpoint that also carries TotalCount beside Data. */
async function getPage<T>(path: string, searchParams: SearchParamsOption, page: PageQuery): Promise<Paged<T>> {
  try {
    return toPage(await http.get(path, { searchParams }).json<PageBody<T>>(), page);
  } catch (error) {
    throw toApiError(error);
  }
}

export function getCategories(companyId: number): Promise<Category[]> {
  return getData(http.get('categories', { searchParams: { companyId } }));
}

/** How long a page asked for ahead of its list may wait to be taken before it is asked for again. */
const AHEAD_MS = 10_000;

interface AskedAhead {
  at: number;
  page: Promise<Paged<Product>>;
  arrived?: Paged<Product>;
}

const askedAhead = new Map<string, AskedAhead>();

function productsRequest(q: ProductQuery): { key: string; fetch: () => Promise<Paged<Product>> } {
  const pageNumber = q.pageNumber ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const params = query({ companyId: q.companyId, branchId: q.branchId, categoryId: q.categoryId, search: q.search, pageNumber, pageSize });
  return { key: JSON.stringify(params), fetch: () => getPage<Product>('products', params, { pageNumber, pageSize }) };
}

/** The page asked for ahead with this query, if it is still fresh. */
function freshAhead(key: string): AskedAhead | undefined {
  const entry = askedAhead.get(key);
  return entry && Date.now() - entry.at < AHEAD_MS ? entry : undefined;
}

/** The page asked for ahead with this query, if it is still fresh; it can be taken once. */
function takeAhead(key: string): AskedAhead | undefined {
  const entry = freshAhead(key);
  askedAhead.delete(key);
  return entry;
}

/**
 * Asks for a page of products before the list that shows it exists (the page a visit opens on),
 * so the request runs while the list's code loads and the app renders. The list takes the
 * answer (takeProductsAhead, or its own getProducts for the same query) instead of asking again.
 */
export function getProductsAhead(q: ProductQuery): Promise<Paged<Product>> {
  const { key, fetch } = productsRequest(q);
  const entry: AskedAhead = { at: Date.now(), page: fetch() };
  entry.page.then(
    (page) => (entry.arrived = page),
    () => {
      if (askedAhead.get(key) === entry) askedAhead.delete(key);
    },
  );
  askedAhead.set(key, entry);
  return entry.page;
}

/**
 * A page the server already sent with the HTML (the answer of GET products for this query),
 * kept like a page asked for ahead that has arrived.
 */
export function acceptProductsAhead(q: ProductQuery, body: PageBody<Product>): Promise<Paged<Product>> {
  const arrived = toPage(body, q);
  const entry: AskedAhead = { at: Date.now(), page: Promise.resolve(arrived), arrived };
  askedAhead.set(productsRequest(q).key, entry);
  return entry.page;
}

/**
 * The page asked for ahead with this query if it has arrived and is fresh, for a list to start
 * with. It stays until the list that shows it is on screen (dropProductsAhead): a render React
 * throws away and starts again must find it too.
 */
export function peekProductsAhead(q: ProductQuery): Paged<Product> | undefined {
  return freshAhead(productsRequest(q).key)?.arrived;
}

/** Forgets the page asked for ahead with this query (its list is showing it). */
export function dropProductsAhead(q: ProductQuery): void {
  askedAhead.delete(productsRequest(q).key);
}

export function getProducts(q: ProductQuery): Promise<Paged<Product>> {
  const { key, fetch } = productsRequest(q);
  return takeAhead(key)?.page ?? fetch();
}

export function getSpecialCategories(companyId: number): Promise<SpecialCategory[]> {
  return getData(http.get('special-categories', { searchParams: { companyId } }));
}

export function getSpecialProducts(specialCategoryId: number, q: PageQuery & { branchId: number }): Promise<Paged<Product>> {
  const pageNumber = q.pageNumber ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return getPage<Product>(`Product/special/${specialCategoryId}`, query({ branchId: q.branchId, pageNumber, pageSize }), { pageNumber, pageSize });
}

export function getProductDetail(productId: number, q: { branchId: number; variantId?: number }): Promise<Product> {
  return getData(http.get(`Product/detail/${productId}`, { searchParams: query({ branchId: q.branchId, variantId: q.variantId }) }));
}

export function getCompanyProducts(companyId: number): Promise<ProductSelect[]> {
  return getData(http.get(`Product/company/select/${companyId}`));
}

export function getOffers(companyId: number, branchId: number): Promise<Offer[]> {
  return getData(http.get(`Offer/all/${companyId}/${branchId}`));
}

export function getOfferProducts(offerId: number, q: OfferProductQuery): Promise<Paged<Product>> {
  const pageNumber = q.pageNumber ?? 1;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return getPage<Product>(`Offer/products/${offerId}`, query({ branchId: q.branchId, categoryId: q.categoryId, search: q.search, pageNumber, pageSize }), {
    pageNumber,
    pageSize,
  });
}

export function getFaqs(companyId: number): Promise<Faq[]> {
  return getData(http.get(`FAQ/common/${companyId}`));
}

/** Slots a customer can pick; with `includeFull`, the full ones too (Full: true). */
export function getDeliverySlots(companyId: number, branchId: number, options: { includeFull?: boolean } = {}): Promise<DeliverySlot[]> {
  const searchParams = options.includeFull ? { branchId, includeFull: true } : { branchId };
  return getData(http.get(`DeliverySlot/web/${companyId}`, { searchParams }));
}

/** Suggestions are worth little once late: asked once, given up after this long. */
const SUGGESTIONS_TIMEOUT_MS = 5000;

/** GET search/suggestions (docs/api-catalogue.md): products and categories for what the shopper is typing. */
export function getSearchSuggestions(q: { companyId: number; branchId: number; query: string }, signal?: AbortSignal): Promise<SearchSuggestions> {
  return getData(
    http.get('search/suggestions', {
      searchParams: { companyId: q.companyId, branchId: q.branchId, q: q.query },
      retry: 0,
      timeout: SUGGESTIONS_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    }),
  );
}
