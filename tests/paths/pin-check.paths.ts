/**
 * The PIN-code check (docs/screens.md; decision 017) as a signed-in customer with a line in the
 * cart at Fort Kochi lives it from the header: a code that is not one, said at once and cleared
 * by typing; a code the shop does not serve; Fort Kochi's own code, taken (and a check that fails
 * once before Try again); and a Kakkanad code, where the customer is told the cart stays with its
 * branch and keeps it or switches. Replayed in Chromium by tests/browser/paths-pin-check.test.ts.
 */
import { setup } from 'xstate';
import { pinCheckMachine } from '../../machines/pin-check.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const pinCheckPathModel = setup({}).createMachine({
  id: 'pinCheckPaths',
  initial: 'idle',
  states: {
    idle: {
      ...at('idle', 'Enter PIN code pressed: Where should we deliver?, an empty PIN code field and Check'),
      on: {
        CHECK_A_CODE_THAT_IS_NOT_ONE: 'invalid',
        CHECK_A_CODE_NOT_SERVED: 'checkingNotServed',
        CHECK_FORT_KOCHIS_CODE: 'checking',
        CHECK_A_KAKKANAD_CODE: 'checkingOtherBranch',
      },
    },
    invalid: {
      ...at('invalid', 'Enter a 6-digit PIN code that does not start with 0. under the field; nothing asked'),
      on: { TYPE_AGAIN: 'typingAgain' },
    },
    typingAgain: at('idle', 'typing again: the message gone, nothing asked'),
    checkingNotServed: {
      ...at('checking', 'Checking…, the answer on its way'),
      on: { ANSWER_ARRIVES: 'notServed' },
    },
    notServed: at('notServed', "We don't deliver to 695001 yet.; the header still says Enter PIN code"),
    checking: {
      ...at('checking', 'Checking…, the answer on its way'),
      on: { ANSWER_ARRIVES: 'served', CHECK_FAILS: 'failed' },
    },
    served: {
      ...at('served', 'We deliver to 682001 from our Fort Kochi shop. and Done'),
      on: { DONE: 'chosen' },
    },
    chosen: at('served', 'the header says Deliver to 682001 and the earliest delivery; the choice kept for the next visit'),
    failed: {
      ...at('failed', 'the check failed: why, and Try again'),
      on: { TRY_AGAIN: 'servedAfterRetry' },
    },
    servedAfterRetry: at('served', 'Try again: We deliver to 682001 from our Fort Kochi shop.', ['checking']),
    checkingOtherBranch: {
      ...at('checking', 'Checking…, the answer on its way'),
      on: { ANSWER_ARRIVES: 'confirming' },
    },
    confirming: {
      ...at('confirmingSwitch', 'Kakkanad serves it: the cart’s items stay with Fort Kochi, Shop at Kakkanad or Keep Fort Kochi'),
      on: { KEEP_FORT_KOCHI: 'kept', SHOP_AT_KAKKANAD: 'switched' },
    },
    kept: at('idle', 'Keep Fort Kochi: nothing remembered, the header and the cart as before'),
    switched: at('served', 'Shop at Kakkanad: the shop reloads on Kakkanad, its cart empty; the Fort Kochi cart keeps its line'),
  },
});

export const pinCheckPaths: PathModel = {
  name: 'pin-check',
  machine: pinCheckMachine,
  model: pinCheckPathModel,
  transient: {},
  testFile: 'tests/browser/paths-pin-check.test.ts',
};
