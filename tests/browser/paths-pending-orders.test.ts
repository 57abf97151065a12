/**
 * Every shortest path of the pending-orders path model (tests/paths/pending-orders.paths.ts), replayed in
 * Chromium against the real server and payment sandbox. `npm run test:paths -- --list --machine pending-orders`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { pendingOrdersPaths } from '../paths/pending-orders.paths.js';
import { pendingOrdersDriver, preparePendingShop, type PendingShop } from '../paths/pending-orders.driver.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: PendingShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await preparePendingShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('pending-orders paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(pendingOrdersPaths, pendingOrdersDriver(shop));
  });

  shortestPaths(pendingOrdersPaths).forEach((path, i) => {
    it(testNameOf(pendingOrdersPaths, i, path.description), async () => {
      const driver = pendingOrdersDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
