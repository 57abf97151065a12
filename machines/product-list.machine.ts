import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Paged, Product } from '../contract/catalogue.schemas';
import { appendProducts, replaceProducts } from './catalogue-items';
import { LIST_PAGE_SIZE } from '../contract/product-list.rules';
import { messageOf } from './failure-message.rules';

export { LIST_PAGE_SIZE };

/** What a list shows: a category, a search, a special category, an offer... (validated search params). */
export type ListQuery = Record<string, string | number | undefined>;

export interface PageRequest {
  query: ListQuery;
  pageNumber: number;
  pageSize: number;
}

export interface ProductListContext {
  query: ListQuery;
  items: Product[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  error: string | null;
}

export type ProductListEvent =
  | { type: 'list.load'; query: ListQuery }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.productUpdate'; items: Product[] }
  /** The live connection (re)opened: what changed while it was away was never pushed. */
  | { type: 'list.catchUp' };

/** The most one request may ask for (the API's page size limit); a longer list catches up on its first products. */
export const CATCH_UP_MAX_ITEMS = 100;

/** One request for every page shown, up to the API's limit. */
function catchUpRequest(context: ProductListContext): PageRequest {
  return { query: context.query, pageNumber: 1, pageSize: Math.min(context.pageNumber * context.pageSize, CATCH_UP_MAX_ITEMS) };
}

function sameQuery(a: ListQuery, b: ListQuery): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/** The server answered that what the list belongs to (a special category, an offer) does not exist. */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

const errorText = (error: unknown) => messageOf(error, 'Could not load products');

/**
 * A paged product list with 'Load more' (product list, special products, offer products).
 * The page fetch and the live-update feed are provided by the screen; live updates replace
 * shown products by productId so price, stock and availability change without a reload.
 * A 404 for the first page (an unknown special category or offer) ends in `notFound`.
 * When the live connection (re)opens, the pages shown are read again without a spinner; a push
 * during that read starts it over, so an answer older than the push never replaces it.
 * A list may start with its first page already fetched for its query (`firstPage`, asked for
 * while the screen's code loaded); it then shows it at once instead of asking again.
 */
export const productListMachine = setup({
  types: {
    context: {} as ProductListContext,
    events: {} as ProductListEvent,
    input: {} as { query: ListQuery; pageSize?: number; firstPage?: Paged<Product> },
  },
  actors: {
    fetchPage: fromPromise<Paged<Product>, PageRequest>(async () => {
      throw new Error('fetchPage is not provided');
    }),
    liveUpdates: fromCallback<ProductListEvent>(() => () => {}),
  },
  guards: {
    isNewQuery: ({ context, event }) => event.type === 'list.load' && !sameQuery(context.query, event.query),
    hasMore: ({ context }) => context.items.length < context.totalCount,
    hasFirstPage: ({ context }) => context.pageNumber > 0,
    /** The server answered that what the list belongs to does not exist. */
    listUnknown: (_, params: { error: unknown }) => isNotFound(params.error),
  },
  actions: {
    setQuery: assign(({ event }) => (event.type === 'list.load' ? { query: event.query } : {})),
    applyUpdate: assign(({ context, event }) => (event.type === 'list.productUpdate' ? { items: replaceProducts(context.items, event.items) } : {})),
  },
}).createMachine({
  id: 'productList',
  context: ({ input }) => ({
    query: input.query,
    items: input.firstPage?.items ?? [],
    totalCount: input.firstPage?.totalCount ?? 0,
    pageNumber: input.firstPage ? 1 : 0,
    pageSize: input.pageSize ?? LIST_PAGE_SIZE,
    error: null,
  }),
  invoke: { src: 'liveUpdates' },
  initial: 'opening',
  on: {
    'list.productUpdate': { actions: 'applyUpdate' },
    'list.load': { guard: 'isNewQuery', target: '.loading', actions: 'setQuery' },
  },
  states: {
    opening: {
      always: [{ guard: 'hasFirstPage', target: 'fetched' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      entry: assign({ items: [], totalCount: 0, pageNumber: 0, error: null }),
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, pageNumber: 1, pageSize: context.pageSize }),
        onDone: {
          target: 'fetched',
          actions: assign(({ event }) => ({ items: event.output.items, totalCount: event.output.totalCount, pageNumber: 1 })),
        },
        onError: [
          // Asking again cannot bring back a list that does not exist: say so, with no retry.
          {
            guard: { type: 'listUnknown', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
            actions: assign({ error: ({ event }) => errorText(event.error) }),
          },
          { target: 'error', actions: assign({ error: ({ event }) => errorText(event.error) }) },
        ],
      },
    },
    notFound: {},
    fetched: {
      on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' }, 'list.catchUp': 'catchingUp' },
    },
    catchingUp: {
      on: { 'list.productUpdate': { target: 'catchingUp', reenter: true, actions: 'applyUpdate' } },
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => catchUpRequest(context),
        onDone: {
          target: 'fetched',
          actions: assign(({ context, event }) => ({
            // Every shown page came back: the fresh list; else the first products are refreshed in place.
            items: context.pageNumber * context.pageSize <= CATCH_UP_MAX_ITEMS ? event.output.items : replaceProducts(context.items, event.output.items),
            totalCount: event.output.totalCount,
          })),
        },
        // What is shown stays; the next push or visit brings the rest.
        onError: 'fetched',
      },
    },
    loadingMore: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, pageNumber: context.pageNumber + 1, pageSize: context.pageSize }),
        onDone: {
          target: 'fetched',
          actions: assign(({ context, event }) => ({
            items: appendProducts(context.items, event.output.items),
            totalCount: event.output.totalCount,
            pageNumber: context.pageNumber + 1,
          })),
        },
        // A failed further page keeps what is shown; the error sits beside the 'Load more' button.
        onError: { target: 'fetched', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    error: {
      on: { 'list.retry': 'loading', 'list.catchUp': 'loading' },
    },
  },
});
