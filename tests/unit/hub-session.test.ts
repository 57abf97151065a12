import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, assign, fromCallback, fromPromise } from 'xstate';
import { hubMachine } from '../../machines/hub.machine';
import { restartHubOnSessionChange } from '../../src/app/hub-session';

/** A stand-in for the auth actor: only its context.customer matters here. */
const sessionMachine = createMachine({
  types: {} as { context: { customer: { customerId: number } | null }; events: { type: 'login'; customerId: number } | { type: 'logout' } },
  context: { customer: { customerId: 7 } },
  on: {
    login: { actions: assign({ customer: ({ event }) => ({ customerId: event.customerId }) }) },
    logout: { actions: assign({ customer: null }) },
  },
});

function start() {
  const connects: number[] = [];
  let stops = 0;
  const hub = createActor(
    hubMachine.provide({
      actors: {
        connect: fromPromise<void, { companyId: number }>(async ({ input }) => {
          connects.push(input.companyId);
        }),
        disconnect: fromPromise<void>(async () => {
          stops += 1;
        }),
        connectionEvents: fromCallback(() => () => {}),
      },
    }),
    { input: { companyId: 1, autoStart: true } },
  ).start();
  const auth = createActor(sessionMachine).start();
  restartHubOnSessionChange(auth, hub);
  return { hub, auth, connects, stops: () => stops };
}

describe('the live connection follows the session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes and reopens the connection when the customer logs out and when another logs in', async () => {
    const { hub, auth, connects, stops } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(hub.getSnapshot().value).toBe('Connected');
    expect(connects).toHaveLength(1);

    auth.send({ type: 'logout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(stops()).toBe(1);
    expect(connects).toHaveLength(2);
    expect(hub.getSnapshot().value).toBe('Connected');

    auth.send({ type: 'login', customerId: 8 });
    await vi.advanceTimersByTimeAsync(0);
    expect(stops()).toBe(2);
    expect(connects).toHaveLength(3);
  });

  it('leaves the connection alone when the session stays the same customer', async () => {
    const { auth, connects, stops } = start();
    await vi.advanceTimersByTimeAsync(0);
    auth.send({ type: 'login', customerId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(stops()).toBe(0);
    expect(connects).toHaveLength(1);
  });
});
