import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';

/** How long "You are back online" stays after the network returns. */
export const BACK_ONLINE_NOTICE_MS = 3000;
/**
 * While the phone says it has a network but the shop does not answer, the shop is asked again
 * after these waits (then every 30 s) until it answers, so the screens recover by themselves.
 */
export const PROBE_DELAYS_MS = [2000, 5000, 10_000] as const;
export const PROBE_FALLBACK_MS = 30_000;

export function probeDelay(attempt: number): number {
  return PROBE_DELAYS_MS[attempt] ?? PROBE_FALLBACK_MS;
}

export interface ConnectivityContext {
  /** Probes made since a request of the app last got an answer (or the browser came back online). */
  probes: number;
  /** What the browser said when the app started. */
  startedOnline: boolean;
}

export type ConnectivityEvent =
  /** The browser's offline and online events. */
  | { type: 'connectivity.browserOffline' }
  | { type: 'connectivity.browserOnline' }
  /** A request of the HTTP client got no answer, or got one. */
  | { type: 'connectivity.requestFailed' }
  | { type: 'connectivity.requestAnswered' };

/** Emitted when the network is back: screens showing a failed load try again (`actor.on`). */
export type ConnectivityEmitted = { type: 'connectivity.restored' };

/**
 * Whether the shop can be reached. Offline when the browser says so or when a request got no
 * answer; online again on the browser's online event, on any answer, or when a probe finds the
 * shop (only while the browser believes it has a network: without one a probe cannot succeed).
 * Coming back emits `connectivity.restored` and shows a short notice.
 */
export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    emitted: {} as ConnectivityEmitted,
    input: {} as { browserOnline: boolean },
  },
  actors: {
    /** Forwards the browser's online/offline events and the HTTP client's results to this machine. */
    signals: fromCallback<ConnectivityEvent>(() => () => {}),
    /** Asks the shop for something small; resolves on any answer. */
    probe: fromPromise<void>(async () => {
      throw new Error('probe is not provided');
    }),
  },
  actions: {
    forgetProbes: assign({ probes: 0 }),
  },
  guards: {
    startedOffline: ({ context }) => !context.startedOnline,
  },
  delays: {
    PROBE_DELAY: ({ context }) => probeDelay(context.probes),
    BACK_ONLINE_NOTICE: BACK_ONLINE_NOTICE_MS,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ probes: 0, startedOnline: input.browserOnline }),
  invoke: { src: 'signals' },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startedOffline', target: 'offline' }, { target: 'online' }],
    },
    online: {
      initial: 'steady',
      on: {
        'connectivity.browserOffline': 'offline.noNetwork',
        'connectivity.requestFailed': 'offline.unreachable',
      },
      states: {
        steady: {},
        restored: {
          tags: ['restored'],
          entry: emit({ type: 'connectivity.restored' }),
          after: { BACK_ONLINE_NOTICE: 'steady' },
        },
      },
    },
    offline: {
      tags: ['offline'],
      initial: 'noNetwork',
      // A probe's answer keeps the count of probes: if the screens' own requests still get none, the next probes wait longer.
      on: {
        'connectivity.browserOnline': { target: 'online.restored', actions: 'forgetProbes' },
        'connectivity.requestAnswered': { target: 'online.restored', actions: 'forgetProbes' },
        'connectivity.browserOffline': '.noNetwork',
      },
      states: {
        noNetwork: {},
        unreachable: {
          after: { PROBE_DELAY: 'probing' },
        },
        probing: {
          invoke: {
            src: 'probe',
            onDone: { target: '#connectivity.online.restored', actions: assign({ probes: ({ context }) => context.probes + 1 }) },
            onError: { target: 'unreachable', actions: assign({ probes: ({ context }) => context.probes + 1 }) },
          },
        },
      },
    },
  },
});
