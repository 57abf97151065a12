/**
 * Every shortest path of the page-code path model (tests/paths/page-code.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine page-code`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { pageCodeDriver } from '../paths/page-code.driver.js';
import { pageCodePaths } from '../paths/page-code.paths.js';

replayInBrowser(pageCodePaths, {
  prepare: (world) => ({ world }),
  driver: pageCodeDriver,
});
