/**
 * Every shortest path of the banner path model (tests/paths/banner.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine banner`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { bannerPaths } from '../paths/banner.paths.js';
import { bannerDriver, prepareBannerShop, type BannerShop } from '../paths/banner.driver.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: BannerShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareBannerShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('banner paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(bannerPaths, bannerDriver(shop));
  });

  shortestPaths(bannerPaths).forEach((path, i) => {
    it(testNameOf(bannerPaths, i, path.description), async () => {
      const driver = bannerDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
