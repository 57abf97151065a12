/**
 * Every shortest path of the hub path model (tests/paths/hub.paths.ts), replayed in
 * Chromium against the real server, stopped and started again on its port. `npm run test:paths -- --list --machine hub`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { hubDriver, prepareHubShop } from '../paths/hub.driver.js';
import { hubPaths } from '../paths/hub.paths.js';

replayInBrowser(hubPaths, {
  prepare: withCustomer(prepareHubShop),
  driver: hubDriver,
});
