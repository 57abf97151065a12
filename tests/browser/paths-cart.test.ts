/**
 * Every shortest path of the cart path model (tests/paths/cart.paths.ts), replayed in Chromium against the
 * real server; the shop changes stock with its command line. `npm run test:paths -- --list --machine cart`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { cartDriver, prepareCartShop } from '../paths/cart.driver.js';
import { cartPaths } from '../paths/cart.paths.js';

replayInBrowser(cartPaths, {
  prepare: prepareCartShop,
  driver: cartDriver,
});
