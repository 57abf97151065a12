/**
 * Every shortest path of the home path model (tests/paths/home.paths.ts), replayed in
 * Chromium against the real server; the shop changes a price with its command line. `npm run test:paths -- --list --machine home`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { homeDriver, prepareHomeShop } from '../paths/home.driver.js';
import { homePaths } from '../paths/home.paths.js';

replayInBrowser(homePaths, {
  prepare: withCustomer(prepareHomeShop),
  driver: homeDriver,
});
