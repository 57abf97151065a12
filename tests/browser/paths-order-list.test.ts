/**
 * Every shortest path of the order-list path model (tests/paths/order-list.paths.ts), replayed in
 * Chromium against the real server; the shop moves orders on with its command line. `npm run test:paths -- --list --machine order-list`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { orderListDriver, prepareOrderListShop } from '../paths/order-list.driver.js';
import { orderListPaths } from '../paths/order-list.paths.js';

replayInBrowser(orderListPaths, {
  prepare: withCustomer(prepareOrderListShop),
  driver: orderListDriver,
});
