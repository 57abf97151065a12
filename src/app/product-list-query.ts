import { EAGER_LIST_CARDS, LIST_PAGE_SIZE } from '../../contract/product-list.rules';
import { acceptProductsAhead, dropProductsAhead, getProductsAhead, peekProductsAhead, type PageBody, type ProductQuery } from '../api/catalogue';
import type { Paged, Product } from '../../contract/catalogue.schemas';
import { searchRecord, toEntityId, validateProductListSearch } from '../lib/search-params';
import { imageUrl } from '../../contract/image-url.rules';
import { getToken } from '../lib/session';
import { sameSentQuery, sentWithHtml } from '../lib/sent-with-html';
import { readLastCategory } from './last-category';
import { currentShop } from './shop-context';

/** What /product shows for its search params. */
export interface ProductListChoice {
  categoryId?: number;
  search?: string;
  /** categoryId was given but is not an id: the page says the category does not exist. */
  invalidCategory: boolean;
}

/**
 * /product: a category (categoryId), search results (search) or every product. Without either,
 * the last category chosen in this visit is shown again (session storage 'lastCategoryId').
 */
export function productListChoice(params: URLSearchParams): ProductListChoice {
  const search = validateProductListSearch(searchRecord(params));
  const asked = search.categoryId !== undefined;
  const remembered = !asked && !search.search ? toEntityId(readLastCategory() ?? undefined) : undefined;
  const categoryId = asked ? toEntityId(search.categoryId) : remembered;
  return { categoryId, search: search.search, invalidCategory: asked && categoryId === undefined };
}

function firstPageQuery(choice: ProductListChoice): ProductQuery {
  return { ...currentShop(), categoryId: choice.categoryId, search: choice.search, pageNumber: 1, pageSize: LIST_PAGE_SIZE };
}

/**
 * A visit that opens on /product takes the list's first page the server sent with the HTML, or
 * asks for it at start-up, while the page's code loads and the app renders, instead of after the
 * page has mounted; the pictures of the first row (the page's largest paint) are asked for as
 * soon as the page names them.
 */
export function askForOpeningListPage(url: Location): void {
  if (url.pathname.replace(/\/$/, '') !== '/product') return;
  const choice = productListChoice(new URLSearchParams(url.search));
  if (choice.invalidCategory) return;
  const query = firstPageQuery(choice);
  const sent = pageSentWithHtml(query);
  void (sent ? acceptProductsAhead(query, sent) : getProductsAhead(query)).then((page) => {
    for (const product of page.items.slice(0, EAGER_LIST_CARDS)) {
      const picture = new Image();
      picture.fetchPriority = 'high';
      picture.src = imageUrl(product.image);
    }
  }, ignoreFailure);
}

interface SentPage {
  query: Record<string, string>;
  body: PageBody<Product>;
}

/**
 * The first page the server sent with the HTML (server/spa/opening-page.ts), when it answers
 * this very query for a visitor without a session; a signed-in list carries the customer's own
 * cart quantities, so it is asked for with the session instead.
 */
function pageSentWithHtml(query: ProductQuery): SentPage['body'] | undefined {
  const sent = sentWithHtml<SentPage>('shoal-opening-list');
  if (!sent?.query || !Array.isArray(sent.body?.Data) || getToken()) return undefined;
  return sameSentQuery(sent.query, { ...query }) ? sent.body : undefined;
}

/** A failed page asked for ahead is asked for again by the list, which shows its error. */
function ignoreFailure(): void {}

/** The list's first page if it was asked for ahead and has arrived. */
export function openingListPage(choice: ProductListChoice): Paged<Product> | undefined {
  return choice.invalidCategory ? undefined : peekProductsAhead(firstPageQuery(choice));
}

/** The list is on screen with its opening page: a later visit to the list asks anew. */
export function openingListPageShown(choice: ProductListChoice): void {
  dropProductsAhead(firstPageQuery(choice));
}
