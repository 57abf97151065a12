import { assign, fromPromise, setup } from 'xstate';
import type { PaymentStatusRecord } from '../contract/payment.schemas';
import { notProvided } from './not-provided';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_MS, type PaymentStatusInput, type SettledPayment } from './payment-status.machine';

/** The countdown the customer watches moves once a second. */
export const UPI_COUNTDOWN_TICK_MS = 1000;

export const UPI_APPROVAL_MESSAGES = {
  title: 'Approve the payment in your UPI app',
  hint: 'Open your UPI app and approve the request from the shop. This page updates by itself.',
} as const;

export interface UpiApprovalInput extends PaymentStatusInput {
  /** What is left of the UPI request's life when the wait starts, as the server counts it. */
  secondsLeft: number;
}

interface UpiApprovalContext extends PaymentStatusInput {
  secondsLeft: number;
  pollCount: number;
  settled: SettledPayment;
}

const FAILED: SettledPayment = { Status: 'FAILED', TransactionNo: '' };

type Records = { records: PaymentStatusRecord[] };

/**
 * A UPI request waits in the customer's UPI app: the shop shows a countdown of its life and asks
 * the payment's status every 3 s (100 times at most), while the hub's push may settle it sooner
 * (the parent hears it). When the countdown ends the status is asked once more, so a payment
 * approved in the last second is kept; whatever is not captured then has failed.
 */
export const upiApprovalMachine = setup({
  types: {
    context: {} as UpiApprovalContext,
    input: {} as UpiApprovalInput,
    output: {} as SettledPayment,
  },
  actors: {
    checkStatus: fromPromise<PaymentStatusRecord[], PaymentStatusInput>(async () => notProvided('checkStatus')),
  },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    countPoll: assign({ pollCount: ({ context }) => context.pollCount + 1 }),
    takeCapture: assign((_, { records }: Records) => ({ settled: { Status: 'CAPTURED' as const, TransactionNo: records[0]?.TransactionNo ?? '' } })),
    /** Section 8: a payment status fetch failure is logged only. */
    logError: (_, params: { error: unknown }) => console.error('Payment status fetch failed', params.error),
  },
  delays: { COUNTDOWN_TICK: UPI_COUNTDOWN_TICK_MS, PAYMENT_POLL_INTERVAL: PAYMENT_POLL_MS },
  guards: {
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    timeIsUp: ({ context }) => context.secondsLeft <= 0,
    isCaptured: (_, { records }: Records) => records[0]?.Status === 'CAPTURED',
    isFailed: (_, { records }: Records) => records[0]?.Status === 'FAILED',
    pollsExhausted: ({ context }) => context.pollCount + 1 >= PAYMENT_POLL_ATTEMPTS,
  },
}).createMachine({
  id: 'upiApproval',
  context: ({ input }) => ({
    orderId: input.orderId,
    providerOrderId: input.providerOrderId,
    secondsLeft: Math.max(0, Math.ceil(input.secondsLeft)),
    pollCount: 0,
    settled: FAILED,
  }),
  initial: 'waiting',
  states: {
    waiting: {
      tags: ['awaitingApproval'],
      always: { guard: 'timeIsUp', target: 'lastCheck' },
      type: 'parallel',
      states: {
        countdown: {
          initial: 'ticking',
          states: {
            // A compound region, so that the tick re-enters only itself and not the polls beside it.
            ticking: {
              after: {
                COUNTDOWN_TICK: [
                  { guard: 'lastSecond', target: '#upiApproval.lastCheck', actions: 'tick' },
                  { target: 'ticking', reenter: true, actions: 'tick' },
                ],
              },
            },
          },
        },
        polling: {
          initial: 'resting',
          states: {
            resting: { after: { PAYMENT_POLL_INTERVAL: 'checking' } },
            checking: {
              invoke: {
                src: 'checkStatus',
                input: ({ context }) => ({ orderId: context.orderId, providerOrderId: context.providerOrderId }),
                onDone: [
                  {
                    guard: { type: 'isCaptured', params: ({ event }) => ({ records: event.output }) },
                    target: '#upiApproval.settled',
                    actions: { type: 'takeCapture', params: ({ event }) => ({ records: event.output }) },
                  },
                  { guard: { type: 'isFailed', params: ({ event }) => ({ records: event.output }) }, target: '#upiApproval.settled' },
                  { guard: 'pollsExhausted', target: '#upiApproval.lastCheck', actions: 'countPoll' },
                  { target: 'resting', actions: 'countPoll' },
                ],
                onError: [
                  {
                    guard: 'pollsExhausted',
                    target: '#upiApproval.lastCheck',
                    actions: ['countPoll', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
                  },
                  { target: 'resting', actions: ['countPoll', { type: 'logError', params: ({ event }) => ({ error: event.error }) }] },
                ],
              },
            },
          },
        },
      },
    },
    lastCheck: {
      tags: ['awaitingApproval'],
      invoke: {
        src: 'checkStatus',
        input: ({ context }) => ({ orderId: context.orderId, providerOrderId: context.providerOrderId }),
        onDone: [
          {
            guard: { type: 'isCaptured', params: ({ event }) => ({ records: event.output }) },
            target: 'settled',
            actions: { type: 'takeCapture', params: ({ event }) => ({ records: event.output }) },
          },
          { target: 'settled' },
        ],
        onError: { target: 'settled', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settled: { type: 'final' },
  },
  output: ({ context }) => context.settled,
});
