import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';

/** What the order page's invoice control says. */
export const INVOICE_TEXT = {
  download: 'Download invoice',
  downloading: 'Preparing invoice…',
  failed: 'Could not download the invoice.',
  retry: 'Try again',
} as const;

export interface InvoiceDownloadContext {
  orderId: number;
  error: string | null;
}

export type InvoiceDownloadEvent = { type: 'invoice.download' } | { type: 'invoice.retry' };

/**
 * "Download invoice" on a delivered order's page: idle → downloading (`fetchInvoice`, then the
 * named `saveFile` effect hands the PDF to the browser) → idle, or failed with the server's words
 * and Try again.
 */
export const invoiceDownloadMachine = setup({
  types: {
    context: {} as InvoiceDownloadContext,
    events: {} as InvoiceDownloadEvent,
    input: {} as { orderId: number },
  },
  actors: {
    fetchInvoice: fromPromise<{ blob: Blob; fileName: string }, { orderId: number }>(async () => notProvided('fetchInvoice')),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; fileName: string }) => {},
  },
}).createMachine({
  id: 'invoiceDownload',
  context: ({ input }) => ({ orderId: input.orderId, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'invoice.download': 'downloading' },
    },
    downloading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchInvoice',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, INVOICE_TEXT.failed) }) },
      },
    },
    failed: {
      on: { 'invoice.retry': 'downloading', 'invoice.download': 'downloading' },
    },
  },
});
