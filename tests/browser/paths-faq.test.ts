/**
 * Every shortest path of the FAQ path model (tests/paths/faq.paths.ts), replayed in Chromium
 * against the real server. `npm run test:paths -- --list --machine faq`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { faqPaths } from '../paths/faq.paths.js';
import { faqDriver, prepareFaqShop, type FaqShop } from '../paths/faq.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: FaqShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareFaqShop(world);
});

afterAll(() => stopWorld(world));

describe('faq paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(faqPaths, faqDriver(shop));
  });

  shortestPaths(faqPaths).forEach((path, i) => {
    it(testNameOf(faqPaths, i, path.description), async () => {
      const driver = faqDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
