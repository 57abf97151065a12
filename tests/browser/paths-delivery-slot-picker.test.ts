/**
 * Every shortest path of the delivery-slot-picker path model (tests/paths/delivery-slot-picker.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine delivery-slot-picker`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { slotPickerPaths } from '../paths/delivery-slot-picker.paths.js';
import { slotPickerDriver, prepareSlotPickerShop, type SlotPickerShop } from '../paths/delivery-slot-picker.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: SlotPickerShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareSlotPickerShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('delivery-slot-picker paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(slotPickerPaths, slotPickerDriver(shop));
  });

  shortestPaths(slotPickerPaths).forEach((path, i) => {
    it(testNameOf(slotPickerPaths, i, path.description), async () => {
      const driver = slotPickerDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
