/**
 * Every shortest path of the order-detail path model (tests/paths/order-detail.paths.ts), replayed in
 * Chromium against the real server; the shop moves orders on with its command line. `npm run test:paths -- --list --machine order-detail`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { orderDetailDriver, prepareOrderDetailShop } from '../paths/order-detail.driver.js';
import { orderDetailPaths } from '../paths/order-detail.paths.js';

replayInBrowser(orderDetailPaths, {
  prepare: withCustomer(prepareOrderDetailShop),
  driver: orderDetailDriver,
});
