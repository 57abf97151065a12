import { assign, fromPromise, setup } from 'xstate';
import type { Faq } from '../contract/catalogue.schemas';
import { messageOf } from './failure-message.rules';

/** Section 9: a read is retried 3 times before the screen shows its error. */
export const QUERY_RETRIES = 3;
/** Section 9: what a read brought is kept for 5 minutes, shown at once when the screen opens again. */
export const QUERY_CACHE_LIFETIME_MS = 5 * 60 * 1000;
/**
 * Waits between retries double from 1 s, capped at 30 s (1 s, 2 s, 4 s for three retries).
 * A failure the HTTP client calls transient (no answer, or 429/502/503/504) was already retried
 * there with its own back-off, so it shows at once: repeating it here would multiply the requests
 * a phone without network makes, and keep the shopper waiting for the error.
 */
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;

/** Errors of the HTTP client (ApiError) say whether they are transient. */
function isTransient(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { transient?: unknown }).transient === true;
}

export interface ResourceContext<T> {
  data: T | null;
  error: string | null;
  /** Failed attempts of the current load. */
  failures: number;
}

export type ResourceEvent = { type: 'resource.retry' };

/**
 * A read-only resource a screen loads (FAQ, delivery slots, coupons): loading, retrying, error
 * with a retry button, fetched. Data kept from an earlier visit (input `cached`) shows while the
 * fresh load runs, and stays when that load fails. The load actor and the `remember` action
 * (the cache write) are provided by the app, so each use is typed by what it loads.
 */
export function createResourceMachine<T>(id: string) {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as ResourceEvent,
      input: {} as { cached?: T | null } | undefined,
    },
    actors: {
      load: fromPromise<T>(async () => {
        throw new Error(`${id}: load is not provided`);
      }),
    },
    actions: {
      /** Stores context.data, just fetched, in the app's query cache. */
      remember: () => {},
    },
    guards: {
      canRetry: ({ context }, params: { error: unknown }) => context.failures < QUERY_RETRIES && !isTransient(params.error),
    },
    delays: {
      RETRY_DELAY: ({ context }) => Math.min(QUERY_RETRY_BASE_MS * 2 ** (context.failures - 1), QUERY_RETRY_MAX_MS),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ data: input?.cached ?? null, error: null, failures: 0 }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'load',
          onDone: {
            target: 'fetched',
            actions: [assign({ data: ({ event }) => event.output, error: null, failures: 0 }), 'remember'],
          },
          onError: [
            {
              guard: { type: 'canRetry', params: ({ event }) => ({ error: event.error }) },
              target: 'retrying',
              actions: assign({ failures: ({ context }) => context.failures + 1 }),
            },
            { target: 'error', actions: assign({ failures: 0, error: ({ event }) => messageOf(event.error, 'Could not load') }) },
          ],
        },
      },
      retrying: {
        tags: ['busy'],
        after: { RETRY_DELAY: 'loading' },
      },
      fetched: {},
      error: { on: { 'resource.retry': 'loading' } },
    },
  });
}

/** The FAQ screen's list (FAQ/common). */
export const faqMachine = createResourceMachine<Faq[]>('faq');
