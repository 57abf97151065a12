/**
 * Download invoice on a delivered order's page (docs/account.md, "Tax invoice") as its customer
 * lives it: the invoice prepared and saved, and a download that fails, said under the button,
 * then Try again. Replayed in Chromium by tests/browser/paths-invoice-download.test.ts.
 */
import { setup } from 'xstate';
import { invoiceDownloadMachine } from '../../machines/invoice-download.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const invoiceDownloadPathModel = setup({}).createMachine({
  id: 'invoiceDownloadPaths',
  initial: 'ready',
  states: {
    ready: {
      ...at('idle', 'a delivered order: Download invoice under its actions'),
      on: { DOWNLOAD: 'preparing' },
    },
    preparing: {
      ...at('downloading', 'Preparing invoice…, the button busy'),
      on: { INVOICE_ARRIVES: 'saved', INVOICE_FAILS: 'failed' },
    },
    saved: at('idle', 'the browser saved INV-…-<order number>.pdf: the tax invoice of this order, its total the stored one'),
    failed: {
      ...at('failed', 'the download failed: why, under the button, which reads Try again'),
      on: { TRY_AGAIN: 'savedAfterRetry' },
    },
    savedAfterRetry: at('idle', 'Try again: the invoice saved, the message gone', ['downloading']),
  },
});

export const invoiceDownloadPaths: PathModel = {
  name: 'invoice-download',
  machine: invoiceDownloadMachine,
  model: invoiceDownloadPathModel,
  transient: {},
  testFile: 'tests/browser/paths-invoice-download.test.ts',
};
