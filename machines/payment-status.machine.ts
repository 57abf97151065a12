import { assign, fromPromise, setup } from 'xstate';
import type { PaymentStatusRecord } from '../contract/payment.schemas';

/** Section 9: the payment status is polled every 3 s, at most 100 times; then it counts as FAILED. */
export const PAYMENT_POLL_MS = 3000;
export const PAYMENT_POLL_ATTEMPTS = 100;

export interface PaymentStatusInput {
  orderId: number;
  providerOrderId: string;
}

/** The settled fate of a payment. */
export interface SettledPayment {
  Status: 'CAPTURED' | 'FAILED';
  TransactionNo: string;
}

interface PaymentStatusContext extends PaymentStatusInput {
  pollCount: number;
  settled: SettledPayment;
}

/**
 * Polls GET Order/status/checkPayment until Data[0].Status is CAPTURED or FAILED. A fetch failure
 * is logged and counts as one attempt, so a dead network also ends as FAILED.
 */
export const paymentStatusMachine = setup({
  types: {
    context: {} as PaymentStatusContext,
    input: {} as PaymentStatusInput,
    output: {} as SettledPayment,
  },
  actors: {
    checkStatus: fromPromise<PaymentStatusRecord[], PaymentStatusInput>(async () => {
      throw new Error('checkStatus is not provided');
    }),
  },
  actions: {
    /** Section 8: a payment status fetch failure is logged only. */
    logError: (_, params: { error: unknown }) => console.error('Payment status fetch failed', params.error),
    countPoll: assign({ pollCount: ({ context }) => context.pollCount + 1 }),
  },
  delays: { PAYMENT_POLL_INTERVAL: PAYMENT_POLL_MS },
  guards: {
    isCaptured: (_, params: { records: PaymentStatusRecord[] }) => params.records[0]?.Status === 'CAPTURED',
    isFailed: (_, params: { records: PaymentStatusRecord[] }) => params.records[0]?.Status === 'FAILED',
    pollsExhausted: ({ context }) => context.pollCount + 1 >= PAYMENT_POLL_ATTEMPTS,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({ ...input, pollCount: 0, settled: { Status: 'FAILED', TransactionNo: '' } }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { PAYMENT_POLL_INTERVAL: 'checking' },
    },
    checking: {
      invoke: {
        src: 'checkStatus',
        input: ({ context }) => ({ orderId: context.orderId, providerOrderId: context.providerOrderId }),
        onDone: [
          {
            guard: { type: 'isCaptured', params: ({ event }) => ({ records: event.output }) },
            target: 'settled',
            actions: assign({ settled: ({ event }) => ({ Status: 'CAPTURED' as const, TransactionNo: event.output[0]?.TransactionNo ?? '' }) }),
          },
          { guard: { type: 'isFailed', params: ({ event }) => ({ records: event.output }) }, target: 'settled' },
          { guard: 'pollsExhausted', target: 'settled', actions: 'countPoll' },
          { target: 'waiting', actions: 'countPoll' },
        ],
        onError: [
          { guard: 'pollsExhausted', target: 'settled', actions: ['countPoll', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
          { target: 'waiting', actions: ['countPoll', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    settled: { type: 'final' },
  },
  output: ({ context }) => context.settled,
});
