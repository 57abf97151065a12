/**
 * Every shortest path of the coupon-choice path model (tests/paths/coupon-choice.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine coupon-choice`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { couponChoiceDriver, prepareCouponChoiceShop } from '../paths/coupon-choice.driver.js';
import { couponChoicePaths } from '../paths/coupon-choice.paths.js';

replayInBrowser(couponChoicePaths, {
  prepare: withCustomer(prepareCouponChoiceShop),
  driver: couponChoiceDriver,
});
