import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CustomerInfo } from '../contract/customer.schemas';
import { messageOf } from './failure-message.rules';

/** The part of GET Customer/info the wallet page reads. */
export type WalletInfo = Pick<CustomerInfo, 'WalletBalance' | 'LoyaltyPoints' | 'LoyaltyValue' | 'WalletHistory' | 'LoyaltyHistory'>;

export interface WalletContext {
  customerId: number;
  wallet: WalletInfo | null;
  error: string | null;
}

export type WalletEvent =
  | { type: 'wallet.refresh' }
  | { type: 'wallet.orderChanged' }
  /** The live connection (re)opened: read again without a spinner. */
  | { type: 'wallet.catchUp' };

export const WALLET_MESSAGES = { loadFailed: 'Your wallet could not be loaded.' } as const;

/** Rupees summed in paise, so 0.1 + 0.2 style float drift never shows as a mismatch. */
export function sumRupees(amounts: number[]): number {
  return amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;
}

/**
 * Wallet page: balance, loyalty points and both histories. It refetches on request, when
 * an order changes status (a cancel credits the wallet), and when the live connection (re)opens
 * (a change while it was away was never pushed).
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as { customerId: number },
  },
  actors: {
    fetchWallet: fromPromise<WalletInfo, { customerId: number }>(async () => {
      throw new Error('fetchWallet is not provided');
    }),
    /** The hub's order status pushes, as wallet.orderChanged (a cancel or refund elsewhere credits the wallet). */
    liveUpdates: fromCallback<WalletEvent>(() => () => {}),
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({ customerId: input.customerId, wallet: null, error: null }),
  invoke: { src: 'liveUpdates' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchWallet',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: { target: 'ready', actions: assign({ wallet: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, WALLET_MESSAGES.loadFailed) }) },
      },
    },
    ready: { on: { 'wallet.refresh': 'loading', 'wallet.orderChanged': 'loading', 'wallet.catchUp': 'catchingUp' } },
    catchingUp: {
      on: { 'wallet.refresh': 'loading', 'wallet.orderChanged': { target: 'catchingUp', reenter: true } },
      invoke: {
        src: 'fetchWallet',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: { target: 'ready', actions: assign({ wallet: ({ event }) => event.output, error: null }) },
        onError: 'ready',
      },
    },
    failed: { on: { 'wallet.refresh': 'loading', 'wallet.catchUp': 'loading' } },
  },
});
