/**
 * Every shortest path of the home path model (tests/paths/home.paths.ts), replayed in
 * Chromium against the real server; the shop changes a price with its command line. `npm run test:paths -- --list --machine home`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { homePaths } from '../paths/home.paths.js';
import { homeDriver, prepareHomeShop, type HomeShop } from '../paths/home.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: HomeShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareHomeShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('home paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(homePaths, homeDriver(shop));
  });

  shortestPaths(homePaths).forEach((path, i) => {
    it(testNameOf(homePaths, i, path.description), async () => {
      const driver = homeDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
