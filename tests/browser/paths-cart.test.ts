/**
 * Every shortest path of the cart path model (tests/paths/cart.paths.ts), replayed in Chromium against the
 * real server; the shop changes stock with its command line. `npm run test:paths -- --list --machine cart`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cartPaths } from '../paths/cart.paths.js';
import { cartDriver, prepareCartShop, type CartShop } from '../paths/cart.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: CartShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareCartShop(world);
});

afterAll(() => stopWorld(world));

describe('cart paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(cartPaths, cartDriver(shop));
  });

  shortestPaths(cartPaths).forEach((path, i) => {
    it(testNameOf(cartPaths, i, path.description), async () => {
      const driver = cartDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
