/**
 * Every shortest path of the page-code path model (tests/paths/page-code.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine page-code`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { pageCodePaths } from '../paths/page-code.paths.js';
import { pageCodeDriver } from '../paths/page-code.driver.js';
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

describe('page-code paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(pageCodePaths, pageCodeDriver({ world: requireWorld() }));
  });

  shortestPaths(pageCodePaths).forEach((path, i) => {
    it(testNameOf(pageCodePaths, i, path.description), async () => {
      const driver = pageCodeDriver({ world: requireWorld() });
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
