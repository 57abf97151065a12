/**
 * The home page (spec sections 3 and 4) as a signed-in customer lives it on '/': the categories
 * and the fresh-today products, a load that fails and its Try again, the shop changing a price
 * live, and the live connection dropping and coming back, with a price changed while home is
 * read again. Replayed in Chromium by tests/browser/paths-home.test.ts.
 */
import { setup } from 'xstate';
import { homeMachine } from '../../machines/home.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const homePathModel = setup({}).createMachine({
  id: 'homePaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'Home opened: the hero, and skeletons where the categories and products go'),
      on: { HOME_ARRIVES: 'ready', HOME_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('error', 'the categories still shown, and under Fresh today: We could not load the products, with Try again'),
      on: { TRY_AGAIN: 'readyAfterRetry' },
    },
    readyAfterRetry: at('fetched', 'Try again: the categories and the fresh-today products', ['loading']),
    ready: {
      ...at('fetched', 'the categories under Shop by category and twelve products under Fresh today'),
      on: { SHOP_CHANGES_A_PRICE: 'priceChanged', CONNECTION_DROPS_AND_RETURNS: 'catchingUp' },
    },
    priceChanged: at('fetched', 'a price the shop changed shows on its card at once, without a reload'),
    catchingUp: {
      ...at('catchingUp', 'the connection back: home read again, no skeleton, the cards still shown'),
      on: { CATCH_UP_ANSWERS: 'caughtUp', SHOP_CHANGES_A_PRICE_DURING_THE_READ: 'pushedDuringRead' },
    },
    caughtUp: at('fetched', 'home read again shown, the live note gone, no reload'),
    pushedDuringRead: {
      ...at('catchingUp', 'a price changed while home was read again: the new price on its card at once'),
      on: { CATCH_UP_ANSWERS: 'readAgainAfterPush' },
    },
    readAgainAfterPush: at('fetched', 'the answer older than the push was not shown: home read once more, the new price kept', ['catchingUp']),
  },
});

export const homePaths: PathModel = {
  name: 'home',
  machine: homeMachine,
  model: homePathModel,
  transient: {},
  testFile: 'tests/browser/paths-home.test.ts',
};
