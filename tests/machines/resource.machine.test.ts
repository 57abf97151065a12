import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createResourceMachine, QUERY_CACHE_LIFETIME_MS, QUERY_RETRIES } from '../../machines/resource.machine';
import { createQueryCache } from '../../src/lib/query-cache';
import { ApiError, OFFLINE_MESSAGE } from '../../src/lib/http';

const machine = createResourceMachine<string[]>('test');

function start(results: (string[] | Error)[], cached: string[] | null = null) {
  let calls = 0;
  const remembered: (string[] | null)[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        load: fromPromise(async () => {
          const result = results[Math.min(calls++, results.length - 1)] ?? [];
          if (result instanceof Error) throw result;
          return result;
        }),
      },
      actions: { remember: ({ context }) => remembered.push(context.data) },
    }),
    { input: { cached } },
  ).start();
  return { actor, calls: () => calls, remembered };
}

describe('resource machine (query retries and cache of section 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed read 3 times, 1 s, 2 s and 4 s apart, before showing the error', async () => {
    const { actor, calls } = start([new Error('Network error')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    for (const [wait, expected] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(calls()).toBe(expected - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls()).toBe(expected);
    }
    expect(QUERY_RETRIES).toBe(3);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Network error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(4);
  });

  it('a retry that succeeds shows the data and stores it in the cache', async () => {
    const { actor, remembered } = start([new Error('Network error'), ['a', 'b']]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('fetched')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(['a', 'b']);
    expect(remembered).toEqual([['a', 'b']]);
  });

  it('shows cached data at once, refreshes it, and keeps it when the refresh fails', async () => {
    const { actor } = start([new Error('Network error')], ['kept']);
    expect(actor.getSnapshot().context.data).toEqual(['kept']);
    await vi.advanceTimersByTimeAsync(7000);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(['kept']);
  });

  it.each([
    ['no answer (offline)', new ApiError(0, OFFLINE_MESSAGE, undefined, true)],
    ['a busy shop (503)', new ApiError(503, 'Busy')],
  ])('shows %s at once: the HTTP client has already retried it', async (_, failure) => {
    const { actor, calls } = start([failure]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(failure.message);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(1);
  });

  it('still retries a server error the client does not retry (500)', async () => {
    const { calls } = start([new ApiError(500, 'Oops')]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(calls()).toBe(4);
  });

  it('after the error, Try again starts a fresh round of retries', async () => {
    const { actor, calls } = start([new Error('down'), new Error('down'), new Error('down'), new Error('down'), ['back']]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    actor.send({ type: 'resource.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(5);
    expect(actor.getSnapshot().context.data).toEqual(['back']);
  });
});

describe('query cache', () => {
  it('keeps an entry for 5 minutes, then forgets it', () => {
    let now = 0;
    const cache = createQueryCache(QUERY_CACHE_LIFETIME_MS, () => now);
    cache.write('faq:1', ['q']);
    now = 5 * 60 * 1000;
    expect(cache.read('faq:1')).toEqual(['q']);
    now += 1;
    expect(cache.read('faq:1')).toBeNull();
    expect(cache.read('unknown')).toBeNull();
  });
});
