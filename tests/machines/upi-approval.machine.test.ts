import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { PAYMENT_POLL_ATTEMPTS, PAYMENT_POLL_MS, paymentStatusMachine, type PaymentStatusInput } from '../../machines/payment-status.machine';
import { UPI_COUNTDOWN_TICK_MS, UPI_WAIT_LIMIT_SECONDS, upiApprovalMachine } from '../../machines/upi-approval.machine';
import type { PaymentStatusRecord } from '../../contract/payment.schemas';

const ORDER = { orderId: 77, providerOrderId: 'order_UPI77' };
const record = (Status: PaymentStatusRecord['Status'], TransactionNo = ''): PaymentStatusRecord[] => [
  { Status, OrderId: 77, OrderNo: 'SH2026112600077', TransactionNo },
];

interface Call {
  input: unknown;
  resolve(v: PaymentStatusRecord[]): void;
  reject(e: unknown): void;
}

function harness(secondsLeft: number) {
  const calls: Call[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  // The polls and the last look ask the same endpoint, in turn.
  const checkStatus = fromPromise<PaymentStatusRecord[], PaymentStatusInput>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  const machine = upiApprovalMachine.provide({
    actors: { checkStatus, paymentStatus: paymentStatusMachine.provide({ actors: { checkStatus } }) },
  });
  const actor = createActor(machine, { input: { ...ORDER, secondsLeft } }).start();
  return {
    actor,
    calls,
    errors,
    snap: () => actor.getSnapshot(),
    /** Answers the status check that is waiting. */
    async answer(outcome: { output: PaymentStatusRecord[] } | { error: unknown }) {
      const call = calls.at(-1);
      if (!call) throw new Error('no status check is waiting');
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

type Harness = ReturnType<typeof harness>;

/** A minute: twenty polls fit in it, so the countdown ends the wait before the polls run out. */
const SECONDS = 60;

const model = createTestModel(
  setup({}).createMachine({
    id: 'upiApprovalModel',
    initial: 'waiting',
    states: {
      waiting: {
        on: {
          POLL_PENDING: 'stillWaiting',
          POLL_FAILS_TO_ANSWER: 'stillWaiting',
          POLL_CAPTURED: 'approved',
          POLL_DECLINED: 'lastCheckAfterDecline',
          COUNTDOWN_ENDS: 'lastCheck',
        },
      },
      stillWaiting: { on: { POLL_CAPTURED: 'approved', COUNTDOWN_ENDS: 'lastCheck' } },
      lastCheck: { on: { LAST_CHECK_CAPTURED: 'approvedAtTheEnd', LAST_CHECK_PENDING: 'expired', LAST_CHECK_FAILS_TO_ANSWER: 'expired' } },
      lastCheckAfterDecline: { on: { LAST_CHECK_DECLINED: 'declined' } },
      approved: {},
      approvedAtTheEnd: {},
      declined: {},
      expired: {},
    },
  }),
);

function executors(h: Harness) {
  const poll = async (outcome: Parameters<Harness['answer']>[0]) => {
    const before = h.calls.length;
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(h.calls).toHaveLength(before + 1);
    await h.answer(outcome);
  };
  return {
    POLL_PENDING: () => poll({ output: record('PENDING') }),
    POLL_FAILS_TO_ANSWER: () => poll({ error: new TypeError('Failed to fetch') }),
    POLL_CAPTURED: () => poll({ output: record('CAPTURED', 'pay_UPI1') }),
    POLL_DECLINED: () => poll({ output: record('FAILED', 'pay_UPI1') }),
    COUNTDOWN_ENDS: async () => {
      // The polls due meanwhile answer that the request still waits.
      for (let second = h.snap().context.secondsLeft; second > 0; second -= 1) {
        const before = h.calls.length;
        await vi.advanceTimersByTimeAsync(UPI_COUNTDOWN_TICK_MS);
        if (h.calls.length > before && second > 1) await h.answer({ output: record('PENDING') });
      }
    },
    LAST_CHECK_CAPTURED: () => h.answer({ output: record('CAPTURED', 'pay_UPI2') }),
    LAST_CHECK_PENDING: () => h.answer({ output: record('PENDING') }),
    LAST_CHECK_DECLINED: () => h.answer({ output: record('FAILED', 'pay_UPI1') }),
    LAST_CHECK_FAILS_TO_ANSWER: () => h.answer({ error: new TypeError('Failed to fetch') }),
  };
}

function checks(h: Harness) {
  const waitingWith = (secondsLeft: number) => {
    expect(h.snap().hasTag('awaitingApproval')).toBe(true);
    expect(h.snap().status).toBe('active');
    expect(h.snap().context.secondsLeft).toBe(secondsLeft);
  };
  return {
    waiting: () => waitingWith(SECONDS),
    stillWaiting: () => waitingWith(SECONDS - PAYMENT_POLL_MS / UPI_COUNTDOWN_TICK_MS),
    lastCheck: () => {
      expect(h.snap().matches('lastCheck')).toBe(true);
      expect(h.snap().context.secondsLeft).toBe(0);
      expect(h.calls.at(-1)?.input).toEqual(ORDER);
    },
    lastCheckAfterDecline: () => {
      expect(h.snap().matches('lastCheck')).toBe(true);
      expect(h.snap().context.secondsLeft).toBeGreaterThan(0);
      expect(h.calls.at(-1)?.input).toEqual(ORDER);
    },
    approved: () => expect(h.snap().output).toEqual({ Status: 'CAPTURED', TransactionNo: 'pay_UPI1' }),
    approvedAtTheEnd: () => expect(h.snap().output).toEqual({ Status: 'CAPTURED', TransactionNo: 'pay_UPI2' }),
    declined: () => expect(h.snap().output).toEqual({ Status: 'FAILED', TransactionNo: '' }),
    expired: () => expect(h.snap().output).toEqual({ Status: 'FAILED', TransactionNo: '' }),
  };
}

describe('UPI approval machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe('every shortest path', () => {
    for (const path of model.getShortestPaths()) {
      it(path.description, async () => {
        const h = harness(SECONDS);
        await path.test({ events: executors(h), states: checks(h) });
        h.actor.stop();
      });
    }
  });

  it('counts down once a second, and asks the status every 3 s, not sooner', async () => {
    const h = harness(10);
    await vi.advanceTimersByTimeAsync(UPI_COUNTDOWN_TICK_MS);
    expect(h.snap().context.secondsLeft).toBe(9);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS - UPI_COUNTDOWN_TICK_MS - 1);
    expect(h.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(1);
    expect(h.snap().context.secondsLeft).toBe(7);
  });

  it('ends a request with no life left at once, after one last look', async () => {
    const h = harness(0);
    expect(h.snap().matches('lastCheck')).toBe(true);
    await h.answer({ output: record('PENDING') });
    expect(h.snap().output).toEqual({ Status: 'FAILED', TransactionNo: '' });
  });

  it('waits no longer than the spec polls a payment, 5 minutes, whatever life the request claims', async () => {
    expect(UPI_WAIT_LIMIT_SECONDS).toBe((PAYMENT_POLL_ATTEMPTS * PAYMENT_POLL_MS) / 1000);
    const h = harness(3600);
    expect(h.snap().context.secondsLeft).toBe(UPI_WAIT_LIMIT_SECONDS);
    for (let poll = 1; poll < PAYMENT_POLL_ATTEMPTS; poll += 1) {
      await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
      await h.answer({ error: new TypeError('Failed to fetch') });
    }
    expect(h.snap().hasTag('awaitingApproval')).toBe(true);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS);
    expect(h.snap().matches('lastCheck')).toBe(true);
    expect(h.errors).toHaveBeenCalledTimes(PAYMENT_POLL_ATTEMPTS - 1);
    await h.answer({ output: record('PENDING') });
    expect(h.snap().output?.Status).toBe('FAILED');
  });
});
