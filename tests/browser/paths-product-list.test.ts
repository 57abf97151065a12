/**
 * Every shortest path of the product-list path model (tests/paths/product-list.paths.ts), replayed in
 * Chromium against the real server; the shop changes a price with its command line. `npm run test:paths -- --list --machine product-list`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { productListDriver, prepareProductListShop } from '../paths/product-list.driver.js';
import { productListPaths } from '../paths/product-list.paths.js';

replayInBrowser(productListPaths, {
  prepare: withCustomer(prepareProductListShop),
  driver: productListDriver,
});
