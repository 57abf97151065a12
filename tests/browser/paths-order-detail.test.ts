/**
 * Every shortest path of the order-detail path model (tests/paths/order-detail.paths.ts), replayed in
 * Chromium against the real server; the shop moves orders on with its command line. `npm run test:paths -- --list --machine order-detail`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { orderDetailPaths } from '../paths/order-detail.paths.js';
import { orderDetailDriver, prepareOrderDetailShop, type OrderDetailShop } from '../paths/order-detail.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: OrderDetailShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareOrderDetailShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('order-detail paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(orderDetailPaths, orderDetailDriver(shop));
  });

  shortestPaths(orderDetailPaths).forEach((path, i) => {
    it(testNameOf(orderDetailPaths, i, path.description), async () => {
      const driver = orderDetailDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
