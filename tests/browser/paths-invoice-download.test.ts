/**
 * Every shortest path of the invoice-download path model (tests/paths/invoice-download.paths.ts),
 * replayed in Chromium against the real server; the shop delivers the order with its command
 * line. `npm run test:paths -- --list --machine invoice-download`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { invoiceDownloadDriver, prepareInvoiceShop } from '../paths/invoice-download.driver.js';
import { invoiceDownloadPaths } from '../paths/invoice-download.paths.js';

replayInBrowser(invoiceDownloadPaths, {
  prepare: withCustomer(prepareInvoiceShop),
  driver: invoiceDownloadDriver,
});
