/**
 * Every shortest path of the product-detail path model (tests/paths/product-detail.paths.ts), replayed in
 * Chromium against the real server; the shop changes stock with its command line. `npm run test:paths -- --list --machine product-detail`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { productDetailDriver, prepareProductDetailShop } from '../paths/product-detail.driver.js';
import { productDetailPaths } from '../paths/product-detail.paths.js';

replayInBrowser(productDetailPaths, {
  prepare: withCustomer(prepareProductDetailShop),
  driver: productDetailDriver,
});
