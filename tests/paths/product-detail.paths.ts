/**
 * A product's page (spec section 5) as a signed-in customer lives it: the product with its
 * weights and cuts, another one picked, the shop changing that one's stock live, a product the
 * shop does not have, a load that fails and its Try again, and the live connection dropping and
 * coming back. Replayed in Chromium by tests/browser/paths-product-detail.test.ts.
 */
import { setup } from 'xstate';
import { productDetailMachine } from '../../machines/product-detail.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const productDetailPathModel = setup({}).createMachine({
  id: 'productDetailPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'a product opened: Loading product', ['idle']),
      on: { PRODUCT_ARRIVES: 'ready', PRODUCT_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('error', 'We could not load this product, with Try again'),
      on: { TRY_AGAIN: 'readyAfterRetry' },
    },
    readyAfterRetry: at('fetched', 'Try again: the product with its first weight chosen', ['loading']),
    ready: {
      ...at('fetched', 'the product, its price, In stock and its weights, the first one chosen'),
      on: { PICK_ANOTHER_VARIANT: 'otherVariant', CONNECTION_DROPS_AND_RETURNS: 'catchingUp' },
    },
    otherVariant: {
      ...at('fetched', 'another weight chosen: its price, the link names it, nothing asked of the server'),
      on: { SHOP_SETS_ITS_STOCK_TO_THREE: 'stockChanged' },
    },
    stockChanged: {
      ...at('fetched', 'the shop changed its stock: In stock: only 3 left, without a reload'),
      on: { OPEN_AN_UNKNOWN_PRODUCT: 'notFound' },
    },
    notFound: at('notFound', 'a product the shop does not have: This product is not in our shop any more', ['loading']),
    catchingUp: {
      ...at('catchingUp', 'the connection back: the product read again, no skeleton, the product still shown'),
      on: { CATCH_UP_ANSWERS: 'caughtUp' },
    },
    caughtUp: at('fetched', 'the product read again shown, the live note gone, no reload'),
  },
});

export const productDetailPaths: PathModel = {
  name: 'product-detail',
  machine: productDetailMachine,
  model: productDetailPathModel,
  transient: {},
  testFile: 'tests/browser/paths-product-detail.test.ts',
};
