import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { BACK_ONLINE_NOTICE_MS, connectivityMachine, PROBE_DELAYS_MS, PROBE_FALLBACK_MS, probeDelay } from '../../machines/connectivity.machine';
import { Deferred, describeModel, flush } from './model-harness';

const at = (real: string, description: string) => ({ meta: { real, description } });

function startWith(probe: ReturnType<typeof fromPromise<void>>, browserOnline = true) {
  const restored = vi.fn();
  const actor = createActor(connectivityMachine.provide({ actors: { probe } }), { input: { browserOnline } });
  actor.on('connectivity.restored', restored);
  actor.start();
  return { actor, restored };
}

describeModel('connectivity machine, every shortest path', {
  machine: connectivityMachine,
  transient: { starting: 'left at once for online or offline, by what the browser said at start' },
  model: setup({}).createMachine({
    id: 'connectivityModel',
    initial: 'online',
    states: {
      online: { ...at('online.steady', 'requests get answers'), on: { BROWSER_OFFLINE: 'noNetwork', REQUEST_GETS_NO_ANSWER: 'unreachable' } },
      noNetwork: { ...at('offline.noNetwork', 'the phone lost its network'), on: { BROWSER_ONLINE: 'restored' } },
      unreachable: {
        ...at('offline.unreachable', 'a request got no answer though the phone has a network'),
        on: { PROBE_TIME: 'probing', REQUEST_ANSWERED: 'restored', BROWSER_OFFLINE: 'noNetwork' },
      },
      probing: { ...at('offline.probing', 'asking the shop whether it answers'), on: { PROBE_ANSWERED: 'restored', PROBE_GETS_NO_ANSWER: 'stillUnreachable' } },
      stillUnreachable: { ...at('offline.unreachable', 'the next probe waits longer'), on: { PROBE_TIME: 'probingAgain' } },
      probingAgain: at('offline.probing', 'the second probe, 5 s after the first failed'),
      restored: { ...at('online.restored', 'back online, screens told to try again'), on: { NOTICE_ENDS: 'steady' } },
      steady: at('online.steady', 'the notice has gone'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const restored = vi.fn();
    const actor = createActor(connectivityMachine.provide({ actors: deferred.actors('probe') }), { input: { browserOnline: true } });
    actor.on('connectivity.restored', restored);
    actor.start();
    return { actor, deferred, restored };
  },
  events: ({ actor, deferred }) => ({
    BROWSER_OFFLINE: () => actor.send({ type: 'connectivity.browserOffline' }),
    BROWSER_ONLINE: () => actor.send({ type: 'connectivity.browserOnline' }),
    REQUEST_GETS_NO_ANSWER: () => actor.send({ type: 'connectivity.requestFailed' }),
    REQUEST_ANSWERED: () => actor.send({ type: 'connectivity.requestAnswered' }),
    PROBE_TIME: () => vi.advanceTimersByTimeAsync(probeDelay(actor.getSnapshot().context.probes)),
    PROBE_ANSWERED: () => deferred.settle('probe', { output: undefined }),
    PROBE_GETS_NO_ANSWER: () => deferred.settle('probe', { error: new TypeError('Failed to fetch') }),
    NOTICE_ENDS: () => vi.advanceTimersByTimeAsync(BACK_ONLINE_NOTICE_MS),
  }),
  states: ({ actor, deferred, restored }) => ({
    online: () => expect(actor.getSnapshot().hasTag('offline')).toBe(false),
    noNetwork: () => {
      expect(actor.getSnapshot().hasTag('offline')).toBe(true);
      expect(deferred.calls.probe).toHaveLength(0);
    },
    unreachable: () => expect(actor.getSnapshot().hasTag('offline')).toBe(true),
    probing: () => expect(deferred.open('probe')).toHaveLength(1),
    stillUnreachable: () => expect(actor.getSnapshot().context.probes).toBe(1),
    probingAgain: () => expect(deferred.calls.probe).toHaveLength(2),
    restored: () => {
      expect(restored).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().hasTag('restored')).toBe(true);
    },
    steady: () => {
      expect(actor.getSnapshot().hasTag('restored')).toBe(false);
      expect(restored).toHaveBeenCalledTimes(1);
    },
  }),
});

describe('connectivity machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while the shop does not answer, probes it 2 s, 5 s, 10 s and then every 30 s after each failure, one at a time', async () => {
    let probes = 0;
    const { actor, restored } = startWith(
      fromPromise<void>(async () => {
        probes += 1;
        throw new TypeError('Failed to fetch');
      }),
    );
    actor.send({ type: 'connectivity.requestFailed' });
    const waits = [...PROBE_DELAYS_MS, PROBE_FALLBACK_MS, PROBE_FALLBACK_MS];
    expect(waits).toEqual([2000, 5000, 10_000, 30_000, 30_000]);
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(probes).toBe(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes).toBe(i + 1);
    }
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    expect(restored).not.toHaveBeenCalled();
  });

  it('when the shop answers probes but the screens still get no answer, probes keep backing off', async () => {
    let probes = 0;
    const { actor, restored } = startWith(
      fromPromise<void>(async () => {
        probes += 1;
      }),
    );
    for (const [i, wait] of [2000, 5000, 10_000, 30_000].entries()) {
      actor.send({ type: 'connectivity.requestFailed' });
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(probes).toBe(i);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes).toBe(i + 1);
      expect(restored).toHaveBeenCalledTimes(i + 1);
    }
    expect(probes).toBe(4);
    // A screen's own request answered: the next trouble starts from 2 s again.
    actor.send({ type: 'connectivity.requestFailed' });
    actor.send({ type: 'connectivity.requestAnswered' });
    actor.send({ type: 'connectivity.requestFailed' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(probes).toBe(5);
  });

  it('never probes while the phone says it has no network', async () => {
    const probe = vi.fn(async (): Promise<void> => undefined);
    const { actor } = startWith(fromPromise(probe));
    actor.send({ type: 'connectivity.browserOffline' });
    actor.send({ type: 'connectivity.requestFailed' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(probe).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ offline: 'noNetwork' })).toBe(true);
  });

  it('starts offline when the browser says so at start, and tells screens when the network returns', async () => {
    const { actor, restored } = startWith(
      fromPromise<void>(async () => undefined),
      false,
    );
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    actor.send({ type: 'connectivity.browserOnline' });
    await flush();
    expect(restored).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('offline')).toBe(false);
  });

  it('a failure while back online is offline again, and the next return is told again', async () => {
    const { actor, restored } = startWith(fromPromise<void>(async () => undefined));
    actor.send({ type: 'connectivity.browserOffline' });
    actor.send({ type: 'connectivity.browserOnline' });
    actor.send({ type: 'connectivity.requestFailed' });
    expect(actor.getSnapshot().hasTag('offline')).toBe(true);
    actor.send({ type: 'connectivity.requestAnswered' });
    expect(restored).toHaveBeenCalledTimes(2);
    // Answers while online say nothing new.
    actor.send({ type: 'connectivity.requestAnswered' });
    expect(restored).toHaveBeenCalledTimes(2);
  });
});
