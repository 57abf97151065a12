/**
 * Every shortest path of the address-book path model (tests/paths/address-book.paths.ts), replayed in
 * Chromium against the real server, whose location search is down. `npm run test:paths -- --list --machine address-book`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { addressBookPaths } from '../paths/address-book.paths.js';
import { addressBookDriver, prepareAddressShop, type AddressShop } from '../paths/address-book.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: AddressShop;

beforeAll(async () => {
  // The geocoder answers nothing: the form is filled by hand.
  world = await startWorld({ env: { GEOCODER_URL: 'http://127.0.0.1:9/search' } });
  shop = await prepareAddressShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('address-book paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(addressBookPaths, addressBookDriver(shop));
  });

  shortestPaths(addressBookPaths).forEach((path, i) => {
    it(testNameOf(addressBookPaths, i, path.description), async () => {
      const driver = addressBookDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
