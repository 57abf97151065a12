import { assign, fromPromise, setup } from 'xstate';
import type { StockNotice } from '../contract/stock-notice.schemas';
import { notProvided } from './not-provided';

/** What the "Notify me" button says and what it tells the shopper. */
export const NOTIFY_ME_TEXT = {
  press: 'Notify me',
  waiting: 'We’ll tell you',
  cancel: 'Cancel',
  asked: 'We’ll tell you when it is back in stock.',
  cancelled: 'You will not be told about it.',
  failed: 'Could not ask for a notice.',
  cancelFailed: 'Could not cancel the notice.',
  retry: 'Try again',
  loginFirst: 'Please log in to be told when it is back.',
} as const;

/** The sold-out line the button is about, in the shopper's branch. */
export interface NotifyMeLine {
  branchId: number;
  productId: number;
  variantId: number;
}

export interface NotifyMeContext {
  line: NotifyMeLine;
  /** Whether the shopper was signed in when the button appeared; a guest is sent to log in. */
  signedIn: boolean;
  /** The waiting notice, once asked for. */
  noticeId: number | null;
  error: string | null;
}

export type NotifyMeEvent = { type: 'notify.press' } | { type: 'notify.retry' } | { type: 'notify.cancel' };

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The "Notify me" button of a sold-out product or variant. A signed-in shopper's button first
 * looks up whether they already wait for it (`findNotice`), then: idle → asking (`requestNotice`)
 * → waiting ("We'll tell you", with Cancel) → cancelling (`cancelNotice`) → idle. A failed ask
 * or cancel shows the server's words and Try again. A guest who presses is sent to log in
 * (`goToLogin`), and comes back to the product.
 */
export const notifyMeMachine = setup({
  types: {
    context: {} as NotifyMeContext,
    events: {} as NotifyMeEvent,
    input: {} as { line: NotifyMeLine; signedIn: boolean },
  },
  actors: {
    findNotice: fromPromise<StockNotice | null, NotifyMeLine>(async () => notProvided('findNotice')),
    requestNotice: fromPromise<StockNotice, NotifyMeLine>(async () => notProvided('requestNotice')),
    cancelNotice: fromPromise<void, { noticeId: number }>(async () => notProvided('cancelNotice')),
  },
  actions: {
    goToLogin: () => {},
    notifySuccess: (_, _params: { message: string }) => {},
    notifyInfo: (_, _params: { message: string }) => {},
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    alreadyWaiting: (_, params: { notice: StockNotice | null }) => params.notice !== null,
  },
}).createMachine({
  id: 'notifyMe',
  context: ({ input }) => ({ line: input.line, signedIn: input.signedIn, noticeId: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'signedIn', target: 'checking' }, { target: 'idle' }],
    },
    checking: {
      tags: ['busy'],
      invoke: {
        src: 'findNotice',
        input: ({ context }) => context.line,
        onDone: [
          {
            guard: { type: 'alreadyWaiting', params: ({ event }) => ({ notice: event.output }) },
            target: 'waiting',
            actions: assign({ noticeId: ({ event }) => event.output?.NoticeId ?? null }),
          },
          { target: 'idle' },
        ],
        // Not knowing is no reason to hide the button: asking again is harmless.
        onError: 'idle',
      },
    },
    idle: {
      on: {
        'notify.press': [
          { guard: 'signedIn', target: 'asking' },
          { actions: [{ type: 'notifyInfo', params: { message: NOTIFY_ME_TEXT.loginFirst } }, 'goToLogin'] },
        ],
      },
    },
    asking: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'requestNotice',
        input: ({ context }) => context.line,
        onDone: {
          target: 'waiting',
          actions: [assign({ noticeId: ({ event }) => event.output.NoticeId }), { type: 'notifySuccess', params: { message: NOTIFY_ME_TEXT.asked } }],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, NOTIFY_ME_TEXT.failed) }) },
      },
    },
    failed: {
      on: { 'notify.retry': 'asking' },
    },
    waiting: {
      on: { 'notify.cancel': 'cancelling' },
    },
    cancelling: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'cancelNotice',
        input: ({ context }) => ({ noticeId: context.noticeId ?? 0 }),
        onDone: { target: 'idle', actions: [assign({ noticeId: null }), { type: 'notifyInfo', params: { message: NOTIFY_ME_TEXT.cancelled } }] },
        onError: { target: 'cancelFailed', actions: assign({ error: ({ event }) => messageOf(event.error, NOTIFY_ME_TEXT.cancelFailed) }) },
      },
    },
    cancelFailed: {
      on: { 'notify.retry': 'cancelling' },
    },
  },
});
