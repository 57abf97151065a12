/**
 * The free-delivery banner (spec sections 2, 4, 5 and 9) as a signed-in customer fills the cart
 * from a product page towards the 'DELIVERY OFFER AMOUNT' setting. The page's clock is held
 * still where the 600 ms count and the 2 s unlock flash must be seen frame by frame.
 * Replayed in Chromium by tests/browser/paths-banner.test.ts.
 */
import { setup } from 'xstate';
import { bannerMachine } from '../../machines/banner.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string) => ({ meta: { real, description } });

export const bannerPathModel = setup({}).createMachine({
  id: 'bannerPaths',
  initial: 'elsewhere',
  states: {
    elsewhere: {
      ...at('hidden', 'no banner on the FAQ page'),
      on: { OPEN_PRODUCT_PAGE: 'emptyCart' },
    },
    emptyCart: {
      ...at('active.noValue', 'FREE DELIVERY on order above ₹ {threshold}'),
      on: { ADD_ONE: 'counting', GO_TO_FAQ: 'elsewhereAgain' },
    },
    elsewhereAgain: at('hidden', 'the banner gone again on the FAQ page'),
    counting: {
      ...at('active.partway.counting', 'the amount still to buy counting down'),
      on: { COUNT_ENDS: 'partway' },
    },
    partway: {
      ...at('active.partway.settled', 'FREE DELIVERY shop for ₹ {remaining} more to unlock'),
      on: { ADD_UP_TO_THRESHOLD: 'unlocked' },
    },
    unlocked: {
      ...at('active.unlocked', 'FREE DELIVERY UNLOCKED!'),
      on: { TWO_SECONDS_PASS: 'unlockedQuiet' },
    },
    unlockedQuiet: {
      ...at('active.unlockedDone', 'the banner stepped aside, the cart still over the amount'),
      on: { REMOVE_ONE: 'rearmed' },
    },
    rearmed: {
      ...at('active.partway.settled', 'below the amount again: shop for more, the flash re-armed'),
      on: { ADD_UP_TO_THRESHOLD: 'unlocked' },
    },
  },
});

export const bannerPaths: PathModel = {
  name: 'banner',
  machine: bannerMachine,
  model: bannerPathModel,
  transient: {
    'active.deciding': 'an eventless choice between noValue, partway, unlocked and unlockedDone, left in the same step',
  },
  testFile: 'tests/browser/paths-banner.test.ts',
};
