import { assign, fromPromise, setup } from 'xstate';
import type { PaymentStatusRecord } from '../contract/payment.schemas';
import { notProvided } from './not-provided';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_MS, paymentStatusMachine, type PaymentStatusInput, type SettledPayment } from './payment-status.machine';

/** The countdown the customer watches moves once a second. */
export const UPI_COUNTDOWN_TICK_MS = 1000;

/** The shop waits at most as long as the spec polls a payment: 100 polls 3 s apart, 5 minutes. */
export const UPI_WAIT_LIMIT_SECONDS = (PAYMENT_POLL_ATTEMPTS * PAYMENT_POLL_MS) / 1000;

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
  settled: SettledPayment;
}

const FAILED: SettledPayment = { Status: 'FAILED', TransactionNo: '' };

/**
 * A UPI request waits in the customer's UPI app: the shop shows a countdown of its life (at most
 * the spec's 5 minutes of polling) and polls the payment's status every 3 s, 100 times at most
 * (the paymentStatus machine), while the hub's push may settle it sooner (the parent hears it).
 * When the countdown ends, or the polls do without a capture, the status is asked once more, so a
 * payment approved in the last second is kept; whatever is not captured then has failed.
 */
export const upiApprovalMachine = setup({
  types: {
    context: {} as UpiApprovalContext,
    input: {} as UpiApprovalInput,
    output: {} as SettledPayment,
  },
  actors: {
    checkStatus: fromPromise<PaymentStatusRecord[], PaymentStatusInput>(async () => notProvided('checkStatus')),
    paymentStatus: paymentStatusMachine,
  },
  actions: {
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    settle: assign((_, settled: SettledPayment) => ({ settled })),
    /** Section 8: a payment status fetch failure is logged only. */
    logError: (_, params: { error: unknown }) => console.error('Payment status fetch failed', params.error),
  },
  delays: { COUNTDOWN_TICK: UPI_COUNTDOWN_TICK_MS },
  guards: {
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    timeIsUp: ({ context }) => context.secondsLeft <= 0,
    isCaptured: (_, report: { Status: string }) => report.Status === 'CAPTURED',
  },
}).createMachine({
  id: 'upiApproval',
  context: ({ input }) => ({
    orderId: input.orderId,
    providerOrderId: input.providerOrderId,
    secondsLeft: Math.min(UPI_WAIT_LIMIT_SECONDS, Math.max(0, Math.ceil(input.secondsLeft))),
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
          invoke: {
            src: 'paymentStatus',
            input: ({ context }) => ({ orderId: context.orderId, providerOrderId: context.providerOrderId }),
            onDone: [
              {
                guard: { type: 'isCaptured', params: ({ event }) => event.output },
                target: '#upiApproval.settled',
                actions: { type: 'settle', params: ({ event }) => event.output },
              },
              { target: '#upiApproval.lastCheck' },
            ],
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
            guard: { type: 'isCaptured', params: ({ event }) => ({ Status: event.output[0]?.Status ?? 'PENDING' }) },
            target: 'settled',
            actions: { type: 'settle', params: ({ event }) => ({ Status: 'CAPTURED' as const, TransactionNo: event.output[0]?.TransactionNo ?? '' }) },
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
