/**
 * Every shortest path of the config path model (tests/paths/config.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine config`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { configPaths } from '../paths/config.paths.js';
import { configDriver, prepareConfigShop, type ConfigShop } from '../paths/config.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: ConfigShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareConfigShop(world);
});

afterAll(() => stopWorld(world));

describe('config paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(configPaths, configDriver(shop));
  });

  shortestPaths(configPaths).forEach((path, i) => {
    it(testNameOf(configPaths, i, path.description), async () => {
      const driver = configDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
