/**
 * The earliest delivery (not in the spec: docs/api-catalogue.md, "PIN codes and the earliest
 * delivery") as a visitor lives it: read as the shop opens and shown in the header and on the
 * cards, read again on the next page without the line going blank, and a read that fails leaving
 * the line out until the next page reads it. Replayed in Chromium by
 * tests/browser/paths-earliest-delivery.test.ts.
 */
import { setup } from 'xstate';
import { earliestDeliveryMachine } from '../../machines/earliest-delivery.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const earliestDeliveryPathModel = setup({}).createMachine({
  id: 'earliestDeliveryPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'home opened: no earliest delivery in the header yet'),
      on: { EARLIEST_ARRIVES: 'shown', EARLIEST_FAILS: 'failed' },
    },
    shown: {
      ...at('shown', 'the earliest slot the server offers, in the header and on the product cards'),
      on: { OPEN_THE_PRODUCT_LIST: 'readAgain' },
    },
    readAgain: {
      ...at('loading', 'the product list: the earliest delivery read again, the header still showing it'),
      on: { EARLIEST_ARRIVES: 'shownAgain' },
    },
    shownAgain: at('shown', 'the same earliest slot, in the header and on the list’s cards'),
    failed: {
      ...at('failed', 'the read failed: no earliest delivery shown, no error, the shop usable'),
      on: { OPEN_THE_PRODUCT_LIST: 'shownAfterFailure' },
    },
    shownAfterFailure: at('shown', 'the next page read it: the earliest slot in the header and on the cards', ['loading']),
  },
});

export const earliestDeliveryPaths: PathModel = {
  name: 'earliest-delivery',
  machine: earliestDeliveryMachine,
  model: earliestDeliveryPathModel,
  transient: {},
  testFile: 'tests/browser/paths-earliest-delivery.test.ts',
};
