/**
 * Every shortest path of the pending-orders path model (tests/paths/pending-orders.paths.ts), replayed in
 * Chromium against the real server and payment sandbox. `npm run test:paths -- --list --machine pending-orders`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { pendingOrdersDriver, preparePendingShop } from '../paths/pending-orders.driver.js';
import { pendingOrdersPaths } from '../paths/pending-orders.paths.js';

replayInBrowser(pendingOrdersPaths, {
  prepare: withCustomer(preparePendingShop),
  driver: pendingOrdersDriver,
});
