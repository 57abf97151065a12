/**
 * Every shortest path of the checkout path model (tests/paths/checkout.paths.ts), replayed in
 * Chromium against the real server and payment sandbox. `npm run test:paths -- --list --machine checkout`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { checkoutPaths } from '../paths/checkout.paths.js';
import { checkoutDriver, prepareCheckoutShop, type CheckoutShop } from '../paths/checkout.driver.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: CheckoutShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareCheckoutShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('checkout paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(checkoutPaths, checkoutDriver(shop));
  });

  shortestPaths(checkoutPaths).forEach((path, i) => {
    it(testNameOf(checkoutPaths, i, path.description), async () => {
      const driver = checkoutDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
