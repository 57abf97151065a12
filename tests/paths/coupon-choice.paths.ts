/**
 * The cart page's coupon choice (spec section 7) as a signed-in customer with a cart lives it:
 * a coupon applied and kept for checkout (still there after a reload) and removed again, a code
 * copied to the clipboard, and a browser that refuses the clipboard. Replayed in Chromium by
 * tests/browser/paths-coupon-choice.test.ts.
 */
import { setup } from 'xstate';
import { couponChoiceMachine } from '../../machines/coupon-choice.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const couponChoicePathModel = setup({}).createMachine({
  id: 'couponChoicePaths',
  initial: 'ready',
  states: {
    ready: {
      ...at('ready', 'the cart page: Coupons for you, each with Apply and Copy, none applied'),
      on: { APPLY_A_COUPON: 'applied', COPY_A_CODE: 'copied', COPY_WHERE_THE_BROWSER_REFUSES: 'copyRefused' },
    },
    applied: {
      ...at('ready', 'Coupon … will be applied at checkout, the Applied badge and Remove on that coupon'),
      on: { RELOAD: 'keptAfterReload' },
    },
    keptAfterReload: {
      ...at('ready', 'after a reload the coupon is still applied'),
      on: { REMOVE: 'removed' },
    },
    removed: at('ready', 'Remove: no coupon applied, Apply back on every coupon, nothing kept for checkout'),
    copied: at('ready', 'Copied …, and the clipboard holds the code', ['copying']),
    copyRefused: at('ready', 'Could not copy the code, nothing applied', ['copying']),
  },
});

export const couponChoicePaths: PathModel = {
  name: 'coupon-choice',
  machine: couponChoiceMachine,
  model: couponChoicePathModel,
  transient: {},
  testFile: 'tests/browser/paths-coupon-choice.test.ts',
};
