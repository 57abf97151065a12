/**
 * Every shortest path of the connectivity path model (tests/paths/connectivity.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine connectivity`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { connectivityDriver } from '../paths/connectivity.driver.js';
import { connectivityPaths } from '../paths/connectivity.paths.js';

replayInBrowser(connectivityPaths, {
  prepare: (world) => ({ world }),
  driver: connectivityDriver,
});
