/**
 * Every shortest path of the wallet path model (tests/paths/wallet.paths.ts), replayed in
 * Chromium against the real server; another device pays and cancels an order. `npm run test:paths -- --list --machine wallet`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { walletDriver, prepareWalletShop } from '../paths/wallet.driver.js';
import { walletPaths } from '../paths/wallet.paths.js';

replayInBrowser(walletPaths, {
  prepare: withCustomer(prepareWalletShop),
  driver: walletDriver,
});
