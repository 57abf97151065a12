import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { INVOICE_TEXT, invoiceDownloadMachine } from '../../machines/invoice-download.machine';
import { describeModel, Deferred, httpError } from './model-harness';

const PDF = { blob: new Blob(['%PDF-1.3'], { type: 'application/pdf' }), fileName: 'INV-000001-SH1.pdf' };

function start() {
  const deferred = new Deferred();
  const saved: string[] = [];
  const actor = createActor(
    invoiceDownloadMachine.provide({
      actors: deferred.actors('fetchInvoice'),
      actions: { saveFile: (_, file) => saved.push(file.fileName) },
    }),
    { input: { orderId: 42 } },
  ).start();
  return { actor, deferred, saved };
}

const at = (real: string, description: string) => ({ meta: { real, description } });

describeModel('invoice download machine, every shortest path (download, failure, try again)', {
  machine: invoiceDownloadMachine,
  model: setup({}).createMachine({
    id: 'invoiceDownloadModel',
    initial: 'idle',
    states: {
      idle: { ...at('idle', '"Download invoice" offered'), on: { DOWNLOAD: 'downloading' } },
      downloading: { ...at('downloading', 'the PDF being fetched, the button busy'), on: { SERVER_SENDS: 'saved', SERVER_REFUSES: 'failed' } },
      saved: { ...at('idle', 'the PDF handed to the browser under the server’s file name'), on: { DOWNLOAD: 'downloading' } },
      failed: { ...at('failed', 'the server’s words and Try again'), on: { RETRY: 'downloading' } },
    },
  }),
  start,
  events: ({ actor, deferred }) => ({
    DOWNLOAD: () => actor.send({ type: 'invoice.download' }),
    RETRY: () => actor.send({ type: 'invoice.retry' }),
    SERVER_SENDS: () => deferred.settle('fetchInvoice', { output: PDF }),
    SERVER_REFUSES: () => deferred.settle('fetchInvoice', { error: httpError(409, 'A tax invoice is issued once the order has been delivered.') }),
  }),
  states: ({ actor, deferred, saved }) => ({
    downloading: () => {
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(deferred.open('fetchInvoice').map((c) => c.input)).toEqual([{ orderId: 42 }]);
    },
    saved: () => {
      expect(saved.at(-1)).toBe('INV-000001-SH1.pdf');
      expect(actor.getSnapshot().context.error).toBeNull();
    },
    failed: () => expect(actor.getSnapshot().context.error).toBe('A tax invoice is issued once the order has been delivered.'),
  }),
});

describe('invoice download machine', () => {
  it('falls back to its own words when the failure has none, and clears them on Try again', async () => {
    const actor = createActor(
      invoiceDownloadMachine.provide({
        actors: {
          fetchInvoice: fromPromise<{ blob: Blob; fileName: string }, { orderId: number }>(async () => {
            throw new Error('');
          }),
        },
      }),
      { input: { orderId: 1 } },
    ).start();
    actor.send({ type: 'invoice.download' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(INVOICE_TEXT.failed);
    actor.send({ type: 'invoice.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
