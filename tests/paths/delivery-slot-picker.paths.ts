/**
 * The cart page's delivery slot picker (spec section 7) as a signed-in customer with a cart lives
 * it: the slots arriving with the earliest delivery and the days, another day picked, a time
 * picked and kept for checkout, still chosen after a reload. Replayed in Chromium by
 * tests/browser/paths-delivery-slot-picker.test.ts.
 */
import { setup } from 'xstate';
import { slotPickerMachine } from '../../machines/delivery-slot-picker.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const slotPickerPathModel = setup({}).createMachine({
  id: 'slotPickerPaths',
  initial: 'waiting',
  states: {
    waiting: {
      ...at('waiting', 'the cart page: Delivery slot with a skeleton while the slots are read'),
      on: { SLOTS_ARRIVE: 'choosing' },
    },
    choosing: {
      ...at('choosing', 'Earliest delivery: …, the days with how many slots are open, the earliest day’s times, none chosen'),
      on: { PICK_ANOTHER_DAY: 'anotherDay' },
    },
    anotherDay: {
      ...at('choosing', 'the times of the day picked'),
      on: { PICK_A_TIME: 'chosen' },
    },
    chosen: {
      ...at('choosing', 'Chosen: the slot, kept for checkout'),
      on: { RELOAD: 'keptAfterReload' },
    },
    keptAfterReload: at('choosing', 'after a reload the same day and slot are still chosen', ['waiting']),
  },
});

export const slotPickerPaths: PathModel = {
  name: 'delivery-slot-picker',
  machine: slotPickerMachine,
  model: slotPickerPathModel,
  transient: {},
  testFile: 'tests/browser/paths-delivery-slot-picker.test.ts',
};
