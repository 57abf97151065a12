/**
 * Every shortest path of the profile path model (tests/paths/profile.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine profile`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { profileDriver, prepareProfileShop } from '../paths/profile.driver.js';
import { profilePaths } from '../paths/profile.paths.js';

replayInBrowser(profilePaths, {
  prepare: withCustomer(prepareProfileShop),
  driver: profileDriver,
});
