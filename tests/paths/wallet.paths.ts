/**
 * My wallet (spec section 8) as a signed-in customer with a refund in the wallet lives it: the
 * balance and history, a load that fails and its Try again, the live connection opening and the
 * wallet read again, and an order paid online and cancelled on another device crediting the
 * wallet live. Replayed in Chromium by tests/browser/paths-wallet.test.ts.
 */
import { setup } from 'xstate';
import { walletMachine } from '../../machines/wallet.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const walletPathModel = setup({}).createMachine({
  id: 'walletPaths',
  initial: 'loading',
  states: {
    loading: {
      ...at('loading', 'My wallet opened: Loading your wallet…'),
      on: { WALLET_ARRIVES: 'ready', WALLET_FAILS: 'loadFailed' },
    },
    loadFailed: {
      ...at('failed', 'We could not load your wallet, with Try again'),
      on: { TRY_AGAIN: 'readyAfterRetry' },
    },
    readyAfterRetry: at('ready', 'Try again: the balance and the refund in the history', ['loading']),
    ready: {
      ...at('ready', 'the balance and the refund in the history; the live connection not open yet'),
      on: { CONNECTION_OPENS: 'catchingUp' },
    },
    catchingUp: {
      ...at('catchingUp', 'the connection open: the wallet read again, the balance still shown, no Loading'),
      on: { CATCH_UP_ANSWERS: 'caughtUp' },
    },
    caughtUp: {
      ...at('ready', 'the same balance and history, read again'),
      on: { ORDER_CANCELLED_ELSEWHERE: 'credited' },
    },
    credited: at('ready', 'an order cancelled on another device: the balance up by its amount and the credit in the history, without a reload', ['loading']),
  },
});

export const walletPaths: PathModel = {
  name: 'wallet',
  machine: walletMachine,
  model: walletPathModel,
  transient: {},
  testFile: 'tests/browser/paths-wallet.test.ts',
};
