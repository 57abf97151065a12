/**
 * Every shortest path of the connectivity path model (tests/paths/connectivity.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine connectivity`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectivityPaths } from '../paths/connectivity.paths.js';
import { connectivityDriver } from '../paths/connectivity.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => stopWorld(world));

function requireWorld(): World {
  if (!world) throw new Error('The shop did not start');
  return world;
}

describe('connectivity paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(connectivityPaths, connectivityDriver({ world: requireWorld() }));
  });

  shortestPaths(connectivityPaths).forEach((path, i) => {
    it(testNameOf(connectivityPaths, i, path.description), async () => {
      const driver = connectivityDriver({ world: requireWorld() });
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
