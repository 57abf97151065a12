import { assign, fromPromise, setup } from 'xstate';

/** What the coupon list tells the customer. */
export const COUPON_MESSAGES = {
  applied: (code: string) => `Coupon ${code} will be applied at checkout`,
  copied: (code: string) => `Copied ${code}`,
  copyFailed: 'Could not copy the code',
} as const;

export type CouponChoiceEvent = { type: 'coupon.apply'; code: string } | { type: 'coupon.remove' } | { type: 'coupon.copy'; code: string };

export interface CouponChoiceContext {
  /** The coupon kept for checkout. */
  applied: string | null;
  /** The code being copied to the clipboard. */
  copying: string | null;
}

/**
 * The cart page's coupon choice: the customer applies one of their coupons, which the named
 * `remember` effect keeps for checkout (with a notification), or removes it; and may copy a code
 * to the clipboard (the `copyCode` actor), told whether it worked.
 */
export const couponChoiceMachine = setup({
  types: {
    context: {} as CouponChoiceContext,
    events: {} as CouponChoiceEvent,
    input: {} as { applied: string | null },
  },
  actors: {
    copyCode: fromPromise<void, { code: string }>(async () => {
      throw new Error('copyCode is not provided');
    }),
  },
  actions: {
    remember: (_, _params: { code: string | null }) => {},
    notifySuccess: (_, _params: { message: string }) => {},
    notifyInfo: (_, _params: { message: string }) => {},
    notifyError: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'couponChoice',
  context: ({ input }) => ({ applied: input.applied, copying: null }),
  initial: 'ready',
  on: {
    'coupon.apply': {
      actions: [
        assign({ applied: ({ event }) => event.code }),
        { type: 'remember', params: ({ event }) => ({ code: event.code }) },
        { type: 'notifySuccess', params: ({ event }) => ({ message: COUPON_MESSAGES.applied(event.code) }) },
      ],
    },
    'coupon.remove': { actions: [assign({ applied: null }), { type: 'remember', params: { code: null } }] },
  },
  states: {
    ready: {
      on: { 'coupon.copy': { target: 'copying', actions: assign({ copying: ({ event }) => event.code }) } },
    },
    copying: {
      invoke: {
        src: 'copyCode',
        input: ({ context }) => ({ code: context.copying ?? '' }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'notifyInfo', params: ({ context }) => ({ message: COUPON_MESSAGES.copied(context.copying ?? '') }) }, assign({ copying: null })],
        },
        onError: { target: 'ready', actions: [{ type: 'notifyError', params: { message: COUPON_MESSAGES.copyFailed } }, assign({ copying: null })] },
      },
    },
  },
});
