/**
 * Every shortest path of the banner path model (tests/paths/banner.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine banner`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { bannerDriver, prepareBannerShop } from '../paths/banner.driver.js';
import { bannerPaths } from '../paths/banner.paths.js';

replayInBrowser(bannerPaths, {
  prepare: withCustomer(prepareBannerShop),
  driver: bannerDriver,
});
