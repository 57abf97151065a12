/**
 * Every shortest path of the hub path model (tests/paths/hub.paths.ts), replayed in
 * Chromium against the real server, stopped and started again on its port. `npm run test:paths -- --list --machine hub`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { hubPaths } from '../paths/hub.paths.js';
import { hubDriver, prepareHubShop, type HubShop } from '../paths/hub.driver.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: HubShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareHubShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('hub paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(hubPaths, hubDriver(shop));
  });

  shortestPaths(hubPaths).forEach((path, i) => {
    it(testNameOf(hubPaths, i, path.description), async () => {
      const driver = hubDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
