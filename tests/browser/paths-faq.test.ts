/**
 * Every shortest path of the FAQ path model (tests/paths/faq.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine faq`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { faqDriver, prepareFaqShop } from '../paths/faq.driver.js';
import { faqPaths } from '../paths/faq.paths.js';

replayInBrowser(faqPaths, {
  prepare: prepareFaqShop,
  driver: faqDriver,
});
