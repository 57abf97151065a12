/**
 * Every shortest path of the pin-check path model (tests/paths/pin-check.paths.ts),
 * replayed in Chromium against the real server. `npm run test:paths -- --list --machine pin-check`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { pinCheckDriver, preparePinShop } from '../paths/pin-check.driver.js';
import { pinCheckPaths } from '../paths/pin-check.paths.js';

replayInBrowser(pinCheckPaths, {
  prepare: withCustomer(preparePinShop),
  driver: pinCheckDriver,
});
