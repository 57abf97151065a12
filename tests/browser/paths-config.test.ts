/**
 * Every shortest path of the config path model (tests/paths/config.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine config`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { configDriver, prepareConfigShop } from '../paths/config.driver.js';
import { configPaths } from '../paths/config.paths.js';

replayInBrowser(configPaths, {
  prepare: prepareConfigShop,
  driver: configDriver,
});
