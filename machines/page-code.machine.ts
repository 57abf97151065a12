import { assign, fromPromise, setup } from 'xstate';

/**
 * Waits before each new download of a page's code after a failed one. A page file usually fails
 * because the connection dropped for a moment or because a new version of the shop was deployed
 * and the old file is gone; two retries cover the first, the build check after them the second.
 */
export const PAGE_CODE_RETRY_DELAYS_MS = [1000, 2000] as const;
/** Downloads of a page's code before the build check: the first one and one per retry delay. */
export const PAGE_CODE_ATTEMPTS = PAGE_CODE_RETRY_DELAYS_MS.length + 1;
/** A reload that has not happened by then (the browser kept the page) ends in the error screen. */
export const PAGE_CODE_RELOAD_TIMEOUT_MS = 10_000;

export interface PageCodeContext {
  /** The build this page's scripts belong to, or null when the app cannot tell (a dev server). */
  ownBuild: string | null;
  /** The build this tab last reloaded for (session storage): it never reloads twice for one build. */
  reloadedFor: string | null;
  /** Downloads that have failed since the last start or Try again. */
  failures: number;
  /** What the page's code module answered, once loaded. */
  code: unknown;
  /** Why the last download failed, for the error screen's Show Error. */
  error: unknown;
  /** The build the server says is deployed, once asked. */
  deployedBuild: string | null;
}

export type PageCodeEvent = { type: 'page.retry' };

/**
 * The code of one lazily loaded page. A download's outcome stays in the actor, so rendering the
 * page again never starts another download: only the back-off below or Try again does. After
 * the last retry it asks which build is deployed; a newer one than this tab's reloads the tab
 * once (never twice for the same build, so a broken deploy cannot loop), otherwise the page
 * shows the error screen with Try again.
 */
export const pageCodeMachine = setup({
  types: {
    context: {} as PageCodeContext,
    events: {} as PageCodeEvent,
    input: {} as { ownBuild: string | null; reloadedFor: string | null },
    tags: {} as 'busy',
  },
  actors: {
    loadCode: fromPromise<unknown>(async () => {
      throw new Error('loadCode is not provided');
    }),
    fetchDeployedBuild: fromPromise<string | null>(async () => {
      throw new Error('fetchDeployedBuild is not provided');
    }),
  },
  actions: {
    countFailure: assign(({ context }, params: { error: unknown }) => ({ failures: context.failures + 1, error: params.error })),
    /** Remembers the build in session storage, then reloads the tab onto it. */
    reloadForBuild: (_, _params: { build: string }) => {},
  },
  guards: {
    /** Checked as a download fails, before that failure is counted. */
    mayRetry: ({ context }) => context.failures + 1 < PAGE_CODE_ATTEMPTS,
    newerBuildNotReloadedFor: ({ context }, params: { build: string | null }) =>
      context.ownBuild !== null && params.build !== null && params.build !== context.ownBuild && params.build !== context.reloadedFor,
  },
  delays: {
    retryDelay: ({ context }) => PAGE_CODE_RETRY_DELAYS_MS[Math.min(context.failures, PAGE_CODE_RETRY_DELAYS_MS.length) - 1] ?? 0,
    reloadTimeout: PAGE_CODE_RELOAD_TIMEOUT_MS,
  },
}).createMachine({
  id: 'pageCode',
  context: ({ input }) => ({ ownBuild: input.ownBuild, reloadedFor: input.reloadedFor, failures: 0, code: null, error: null, deployedBuild: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadCode',
        onDone: { target: 'loaded', actions: assign({ code: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'mayRetry', target: 'waiting', actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'checkingBuild', actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    waiting: {
      tags: ['busy'],
      after: { retryDelay: 'loading' },
    },
    checkingBuild: {
      tags: ['busy'],
      invoke: {
        src: 'fetchDeployedBuild',
        onDone: [
          {
            guard: { type: 'newerBuildNotReloadedFor', params: ({ event }) => ({ build: event.output }) },
            target: 'reloading',
            actions: assign({ deployedBuild: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ deployedBuild: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    reloading: {
      tags: ['busy'],
      entry: [
        { type: 'reloadForBuild', params: ({ context }) => ({ build: context.deployedBuild ?? '' }) },
        assign({ reloadedFor: ({ context }) => context.deployedBuild }),
      ],
      after: { reloadTimeout: 'failed' },
    },
    failed: {
      on: { 'page.retry': { target: 'loading', actions: assign({ failures: 0 }) } },
    },
    loaded: { type: 'final' },
  },
});
