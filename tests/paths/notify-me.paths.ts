/**
 * Notify me on a sold-out product's page (docs/screens.md, "Notify me") as a signed-in customer
 * lives it: the waiting notices read as the page opens, a notice asked for (kept across a reload),
 * cancelled, and both failing once before Try again. Replayed in Chromium by
 * tests/browser/paths-notify-me.test.ts; a guest's way through login is
 * tests/browser/notify-me.test.ts.
 */
import { setup } from 'xstate';
import { notifyMeMachine } from '../../machines/notify-me.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const notifyMePathModel = setup({}).createMachine({
  id: 'notifyMePaths',
  initial: 'checking',
  states: {
    checking: {
      ...at('checking', 'the sold-out product’s page: the shopper’s waiting notices read, the button busy'),
      on: { NOTICES_ARRIVE: 'idle' },
    },
    idle: {
      ...at('idle', 'Notify me where Add would be; no notice on the server'),
      on: { PRESS: 'asking' },
    },
    asking: {
      ...at('asking', 'Notify me pressed: busy, nothing stored yet'),
      on: { ASK_ANSWERS: 'waiting', ASK_FAILS: 'askFailed' },
    },
    waiting: {
      ...at('waiting', 'We’ll tell you when it is back in stock.: We’ll tell you with Cancel, the notice stored'),
      on: { RELOAD: 'waitingAfterReload', CANCEL: 'cancelling' },
    },
    waitingAfterReload: at('waiting', 'after a reload: still We’ll tell you', ['checking']),
    askFailed: {
      ...at('failed', 'the ask failed: why, and Try again; nothing stored'),
      on: { TRY_AGAIN: 'waitingAfterRetry' },
    },
    waitingAfterRetry: at('waiting', 'Try again: We’ll tell you, the notice stored once', ['asking']),
    cancelling: {
      ...at('cancelling', 'Cancel pressed: busy, the notice still stored'),
      on: { CANCEL_ANSWERS: 'cancelled', CANCEL_FAILS: 'cancelFailed' },
    },
    cancelled: at('idle', 'You will not be told about it.: Notify me again, no notice on the server'),
    cancelFailed: {
      ...at('cancelFailed', 'the cancel failed: why, and Try again; the notice still stored'),
      on: { TRY_AGAIN: 'cancelledAfterRetry' },
    },
    cancelledAfterRetry: at('idle', 'Try again: Notify me again, no notice on the server', ['cancelling']),
  },
});

export const notifyMePaths: PathModel = {
  name: 'notify-me',
  machine: notifyMeMachine,
  model: notifyMePathModel,
  transient: { starting: 'an eventless choice between checking (signed in) and idle (a guest), left in the same step' },
  testFile: 'tests/browser/paths-notify-me.test.ts',
};
