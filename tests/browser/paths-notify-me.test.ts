/**
 * Every shortest path of the notify-me path model (tests/paths/notify-me.paths.ts),
 * replayed in Chromium against the real server. `npm run test:paths -- --list --machine notify-me`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { notifyMeDriver, prepareNotifyShop } from '../paths/notify-me.driver.js';
import { notifyMePaths } from '../paths/notify-me.paths.js';

replayInBrowser(notifyMePaths, {
  prepare: withCustomer(prepareNotifyShop),
  driver: notifyMeDriver,
});
