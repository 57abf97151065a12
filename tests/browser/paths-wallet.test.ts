/**
 * Every shortest path of the wallet path model (tests/paths/wallet.paths.ts), replayed in
 * Chromium against the real server; another device pays and cancels an order. `npm run test:paths -- --list --machine wallet`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiLogin } from '../helpers/login.js';
import { walletPaths } from '../paths/wallet.paths.js';
import { walletDriver, prepareWalletShop, type WalletShop } from '../paths/wallet.driver.js';
import { expectCompleteDriver, startWorld, stopWorld, type World } from '../paths/browser-world.js';
import { shortestPaths, testNameOf } from '../paths/path-model.js';

let world: World | undefined;
let shop: WalletShop;

beforeAll(async () => {
  world = await startWorld();
  shop = await prepareWalletShop(world, await apiLogin(world.server.url, world.server.dataDir));
});

afterAll(() => stopWorld(world));

describe('wallet paths in the browser', () => {
  it('has a step for every event and a check for every state of the model', () => {
    expectCompleteDriver(walletPaths, walletDriver(shop));
  });

  shortestPaths(walletPaths).forEach((path, i) => {
    it(testNameOf(walletPaths, i, path.description), async () => {
      const driver = walletDriver(shop);
      try {
        await path.test({ states: driver.states, events: driver.events });
      } finally {
        await driver.close();
      }
    });
  });
});
