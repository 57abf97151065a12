/**
 * Every shortest path of the earliest-delivery path model (tests/paths/earliest-delivery.paths.ts),
 * replayed in Chromium against the real server. `npm run test:paths -- --list --machine earliest-delivery`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { earliestDeliveryDriver, prepareEarliestShop } from '../paths/earliest-delivery.driver.js';
import { earliestDeliveryPaths } from '../paths/earliest-delivery.paths.js';

replayInBrowser(earliestDeliveryPaths, {
  prepare: prepareEarliestShop,
  driver: earliestDeliveryDriver,
});
