/**
 * The product list (spec sections 2 and 5) as a signed-in customer lives it on /product: the
 * first page, a first page that fails and its Try again, Load more failing and pressed again,
 * the shop changing a price live and then a special category the shop does not have, and the
 * live connection dropping and coming back. Replayed in Chromium by tests/browser/paths-product-list.test.ts.
 */
import { setup } from 'xstate';
import { productListMachine } from '../../machines/product-list.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const productListPathModel = setup({}).createMachine({
  id: 'productListPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'All products opened: the product cards still loading'),
      on: { PAGE_ARRIVES: 'ready', PAGE_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('error', 'We could not load the products, with Try again'),
      on: { TRY_AGAIN: 'readyAfterRetry' },
    },
    readyAfterRetry: at('fetched', 'Try again: the first twenty products', ['loading']),
    ready: {
      ...at('fetched', 'the first twenty products, the count of all of them and Load more'),
      on: {
        LOAD_MORE_FAILS: 'moreFailed',
        SHOP_CHANGES_A_PRICE: 'priceChanged',
        CONNECTION_DROPS_AND_RETURNS: 'catchingUp',
      },
    },
    moreFailed: {
      ...at('fetched', 'Load more failed: the twenty still shown, the error beside Load more', ['loadingMore']),
      on: { LOAD_MORE_AGAIN: 'loadingMore' },
    },
    loadingMore: {
      ...at('loadingMore', 'Load more pressed again: Loading, the twenty still shown'),
      on: { MORE_ARRIVE: 'moreShown' },
    },
    moreShown: at('fetched', 'the next products below the first twenty, the error gone'),
    priceChanged: {
      ...at('fetched', 'a price the shop changed shows on its card at once, without a reload'),
      on: { OPEN_AN_UNKNOWN_SPECIAL_CATEGORY: 'notFound' },
    },
    catchingUp: {
      ...at('catchingUp', 'the connection back: the products read again, no skeleton, the cards still shown'),
      on: { CATCH_UP_ANSWERS: 'caughtUp' },
    },
    caughtUp: at('fetched', 'the products read again shown, the live note gone, no reload'),
    notFound: at('notFound', 'an unknown special category: Not Found', ['loading']),
  },
});

export const productListPaths: PathModel = {
  name: 'product-list',
  machine: productListMachine,
  model: productListPathModel,
  transient: {
    opening: 'an eventless choice between fetched (a first page asked for ahead) and loading, left in the same step',
  },
  testFile: 'tests/browser/paths-product-list.test.ts',
};
