import { assign, fromPromise, setup } from 'xstate';
import type { Faq } from '../src/api/types';

export interface ResourceContext<T> {
  data: T | null;
  error: string | null;
}

export type ResourceEvent = { type: 'resource.retry' };

/**
 * A read-only resource a screen loads once (the FAQ list): loading, error with retry, fetched.
 * The load actor is provided by the screen, so each use is typed by what it loads.
 */
export function createResourceMachine<T>(id: string) {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as ResourceEvent,
    },
    actors: {
      load: fromPromise<T>(async () => {
        throw new Error(`${id}: load is not provided`);
      }),
    },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'load',
          onDone: { target: 'fetched', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'error',
            actions: assign({ error: ({ event }) => (event.error instanceof Error && event.error.message ? event.error.message : 'Could not load') }),
          },
        },
      },
      fetched: {},
      error: { on: { 'resource.retry': 'loading' } },
    },
  });
}

/** The FAQ screen's list (FAQ/common). */
export const faqMachine = createResourceMachine<Faq[]>('faq');
