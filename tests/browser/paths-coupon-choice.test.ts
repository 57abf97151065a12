/**
 * Every shortest path of the coupon-choice path model (tests/paths/coupon-choice.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine coupon-choice`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { couponChoicePaths } from '../paths/coupon-choice.paths.js';
import { couponChoiceDriver, prepareCouponChoiceShop, type CouponChoiceShop } from '../paths/coupon-choice.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: CouponChoiceShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareCouponChoiceShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('coupon-choice paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(couponChoicePaths, couponChoiceDriver(shop));
  });

  shortestPaths(couponChoicePaths).forEach((path, i) => {
    it(testNameOf(couponChoicePaths, i, path.description), async () => {
      const driver = couponChoiceDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
