/**
 * Every shortest path of the auth path model (tests/paths/auth.paths.ts), replayed in Chromium against the
 * real server, whose texts land in its outbox. `npm run test:paths -- --list --machine auth`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { authPaths } from '../paths/auth.paths.js';
import { authDriver, prepareAuthShop, type AuthShop } from '../paths/auth.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: AuthShop;

beforeAll(async () => {
  world = await startWorld();
  shop = prepareAuthShop(world);
});

afterAll(() => stopWorld(world));

describe('auth paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(authPaths, authDriver(shop));
  });

  shortestPaths(authPaths).forEach((path, i) => {
    it(testNameOf(authPaths, i, path.description), async () => {
      const driver = authDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
