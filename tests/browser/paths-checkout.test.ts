/**
 * Every shortest path of the checkout path model (tests/paths/checkout.paths.ts), replayed in
 * Chromium against the real server and payment sandbox. `npm run test:paths -- --list --machine checkout`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { checkoutDriver, prepareCheckoutShop } from '../paths/checkout.driver.js';
import { checkoutPaths } from '../paths/checkout.paths.js';

replayInBrowser(checkoutPaths, {
  prepare: withCustomer(prepareCheckoutShop),
  driver: checkoutDriver,
});
