/**
 * Every shortest path of the product-list path model (tests/paths/product-list.paths.ts), replayed in
 * Chromium against the real server; the shop changes a price with its command line. `npm run test:paths -- --list --machine product-list`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { productListPaths } from '../paths/product-list.paths.js';
import { productListDriver, prepareProductListShop, type ProductListShop } from '../paths/product-list.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: ProductListShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareProductListShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('product-list paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(productListPaths, productListDriver(shop));
  });

  shortestPaths(productListPaths).forEach((path, i) => {
    it(testNameOf(productListPaths, i, path.description), async () => {
      const driver = productListDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
