import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { PinCheck } from '../contract/delivery.schemas';
import { isPinCode, PIN_CODE_PROBLEM } from '../contract/delivery.rules';
import { messageOf } from './failure-message.rules';
import { notProvided } from './not-provided';

/** The PIN code a shopper chose and the branch that delivers there, remembered across visits. */
export interface PinChoice {
  pinCode: string;
  companyId: number;
  branchId: number;
  branchName: string;
}

export interface PinCheckContext {
  companyId: number;
  /** The branch the shop shows now (prices, stock, the cart). */
  branchId: number;
  /** Items in the cart of that branch: a PIN code served by another branch leaves them behind. */
  cartItems: number;
  /** The PIN code in force, if the shopper chose one. */
  chosen: PinChoice | null;
  /** The PIN code asked about last. */
  pinCode: string;
  /** The server's answer for it. */
  answer: PinCheck | null;
  /** Why the PIN code was refused before asking, or why asking failed. */
  error: string | null;
}

export type PinCheckEvent =
  | { type: 'pin.submit'; pinCode: string }
  | { type: 'pin.retry' }
  | { type: 'pin.edit' }
  | { type: 'pin.confirmSwitch' }
  | { type: 'pin.keepBranch' }
  | { type: 'pin.cartCounted'; items: number };

export interface PinCheckInput {
  companyId: number;
  branchId: number;
  chosen: PinChoice | null;
  cartItems?: number;
}

/** What the confirm step says when a PIN code is served by another branch than the cart's. */
export function switchWarning(count: number, from: string, to: string): string {
  const items = count === 1 ? '1 item' : `${count} items`;
  return `Your cart has ${items} priced by our ${from} shop. ${to} has its own prices and stock, so those items stay with ${from}; your cart at ${to} starts separately.`;
}

/**
 * Where the shopper wants delivery: they type a PIN code, the `checkPin` actor asks the server
 * whether a branch delivers there. Served: the choice is remembered (`remember`) and, when the
 * branch differs from the one shown, the shop switches to it (`switchBranch`). A cart holding
 * lines of the current branch is never moved silently: the shopper confirms the switch first,
 * told that those lines stay with their branch. Not served: the server's sentence ("We don't
 * deliver to 695001 yet."). A failed check can be tried again.
 */
export const pinCheckMachine = setup({
  types: {
    context: {} as PinCheckContext,
    events: {} as PinCheckEvent,
    input: {} as PinCheckInput,
  },
  actors: {
    checkPin: fromPromise<PinCheck, { companyId: number; pinCode: string }>(async () => notProvided('checkPin')),
  },
  actions: {
    /** Keeps the choice for later visits. */
    remember: (_, _params: { choice: PinChoice }) => {},
    /** Shows the shop of another branch: its prices, stock and cart. */
    switchBranch: (_, _params: { branchId: number }) => {},
  },
  guards: {
    notAPinCode: ({ event }) => event.type === 'pin.submit' && !isPinCode(event.pinCode.trim()),
    notServed: ({ event }) => (event as unknown as { output: PinCheck }).output.Served === false,
    leavesCartBehind: ({ context, event }) => {
      const answer = (event as unknown as { output: PinCheck }).output;
      return answer.BranchId !== context.branchId && context.cartItems > 0;
    },
  },
}).createMachine({
  id: 'pinCheck',
  context: ({ input }) => ({
    companyId: input.companyId,
    branchId: input.branchId,
    cartItems: input.cartItems ?? 0,
    chosen: input.chosen,
    pinCode: input.chosen?.pinCode ?? '',
    answer: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'pin.cartCounted': { actions: assign({ cartItems: ({ event }) => event.items }) },
    // From any state: a new PIN code is checked (the view offers no submit while one is being checked).
    'pin.submit': [
      { guard: 'notAPinCode', target: '.invalid', actions: assign({ pinCode: ({ event }) => event.pinCode.trim(), error: PIN_CODE_PROBLEM, answer: null }) },
      { target: '.checking', actions: assign({ pinCode: ({ event }) => event.pinCode.trim(), error: null, answer: null }) },
    ],
  },
  states: {
    idle: {},
    /** Not six digits starting 1 to 9: said at once, without asking the server. */
    invalid: {
      on: { 'pin.edit': 'idle' },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'checkPin',
        input: ({ context }) => ({ companyId: context.companyId, pinCode: context.pinCode }),
        onDone: [
          { guard: 'notServed', target: 'notServed', actions: assign({ answer: ({ event }) => event.output }) },
          { guard: 'leavesCartBehind', target: 'confirmingSwitch', actions: assign({ answer: ({ event }) => event.output }) },
          { target: 'served', actions: assign({ answer: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, 'We could not check that PIN code') }) },
      },
    },
    notServed: {
      on: { 'pin.edit': 'idle' },
    },
    failed: {
      on: { 'pin.retry': 'checking', 'pin.edit': 'idle' },
    },
    confirmingSwitch: {
      on: {
        'pin.confirmSwitch': 'served',
        'pin.keepBranch': { target: 'idle', actions: assign({ answer: null, pinCode: ({ context }) => context.chosen?.pinCode ?? '' }) },
      },
    },
    served: {
      entry: enqueueActions(({ context, enqueue }) => {
        const answer = context.answer;
        if (!answer?.Served || answer.BranchId === null) return;
        const choice: PinChoice = { pinCode: answer.PinCode, companyId: context.companyId, branchId: answer.BranchId, branchName: answer.BranchName ?? '' };
        enqueue.assign({ chosen: choice });
        enqueue({ type: 'remember', params: { choice } });
        if (answer.BranchId !== context.branchId) enqueue({ type: 'switchBranch', params: { branchId: answer.BranchId } });
      }),
      on: { 'pin.edit': 'idle' },
    },
  },
});
