/**
 * Every shortest path of the auth path model (tests/paths/auth.paths.ts), replayed in Chromium against the
 * real server, whose texts land in its outbox. `npm run test:paths -- --list --machine auth`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { authDriver, prepareAuthShop } from '../paths/auth.driver.js';
import { authPaths } from '../paths/auth.paths.js';

replayInBrowser(authPaths, {
  prepare: prepareAuthShop,
  driver: authDriver,
});
