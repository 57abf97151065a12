/**
 * Every shortest path of the order-list path model (tests/paths/order-list.paths.ts), replayed in
 * Chromium against the real server; the shop moves orders on with its command line. `npm run test:paths -- --list --machine order-list`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { orderListPaths } from '../paths/order-list.paths.js';
import { orderListDriver, prepareOrderListShop, type OrderListShop } from '../paths/order-list.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: OrderListShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareOrderListShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('order-list paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(orderListPaths, orderListDriver(shop));
  });

  shortestPaths(orderListPaths).forEach((path, i) => {
    it(testNameOf(orderListPaths, i, path.description), async () => {
      const driver = orderListDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
