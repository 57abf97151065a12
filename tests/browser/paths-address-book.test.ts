/**
 * Every shortest path of the address-book path model (tests/paths/address-book.paths.ts), replayed in
 * Chromium against the real server, whose location search is down. `npm run test:paths -- --list --machine address-book`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { addressBookDriver, prepareAddressShop } from '../paths/address-book.driver.js';
import { addressBookPaths } from '../paths/address-book.paths.js';

replayInBrowser(addressBookPaths, {
  // The geocoder answers nothing: the form is filled by hand.
  world: { env: { GEOCODER_URL: 'http://127.0.0.1:9/search' } },
  prepare: withCustomer(prepareAddressShop),
  driver: addressBookDriver,
});
