/**
 * Every shortest path of the product-detail path model (tests/paths/product-detail.paths.ts), replayed in
 * Chromium against the real server; the shop changes stock with its command line. `npm run test:paths -- --list --machine product-detail`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { productDetailPaths } from '../paths/product-detail.paths.js';
import { productDetailDriver, prepareProductDetailShop, type ProductDetailShop } from '../paths/product-detail.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: ProductDetailShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareProductDetailShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('product-detail paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(productDetailPaths, productDetailDriver(shop));
  });

  shortestPaths(productDetailPaths).forEach((path, i) => {
    it(testNameOf(productDetailPaths, i, path.description), async () => {
      const driver = productDetailDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
