/**
 * Every shortest path of the profile path model (tests/paths/profile.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine profile`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { profilePaths } from '../paths/profile.paths.js';
import { profileDriver, prepareProfileShop, type ProfileShop } from '../paths/profile.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: ProfileShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareProfileShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('profile paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(profilePaths, profileDriver(shop));
  });

  shortestPaths(profilePaths).forEach((path, i) => {
    it(testNameOf(profilePaths, i, path.description), async () => {
      const driver = profileDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
