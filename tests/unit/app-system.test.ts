import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type InspectionEvent } from 'xstate';
import { appMachine } from '../../machines/app.machine';

/** A small actor that counts what it is sent: enough to see which actor an id reaches. */
const counter = setup({ types: { context: {} as { count: number; label: string }, input: {} as { label: string } } }).createMachine({
  context: ({ input }) => ({ count: 0, label: input.label }),
  on: { bump: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});

const roots: Array<{ stop(): void }> = [];
afterEach(() => roots.splice(0).forEach((root) => root.stop()));

function startRoot(inspect?: (event: InspectionEvent) => void) {
  const root = createActor(appMachine, { inspect }).start();
  roots.push(root);
  return root;
}

describe('the app actor system', () => {
  it('starts a joining actor under its id, with its input, reachable through the system', () => {
    const root = startRoot();
    root.send({ type: 'app.join', id: 'cart', logic: counter, input: { label: 'cart' } });
    const cart = root.system.get('cart');
    expect(cart.getSnapshot().context).toEqual({ count: 0, label: 'cart' });
    cart.send({ type: 'bump' });
    expect(cart.getSnapshot().context.count).toBe(1);
    expect(root.getSnapshot().context.joined).toEqual(['cart']);
  });

  it('keeps the running actor when an id joins again', () => {
    const root = startRoot();
    root.send({ type: 'app.join', id: 'hub', logic: counter, input: { label: 'first' } });
    root.system.get('hub').send({ type: 'bump' });
    root.send({ type: 'app.join', id: 'hub', logic: counter, input: { label: 'second' } });
    expect(root.system.get('hub').getSnapshot().context).toEqual({ count: 1, label: 'first' });
    expect(root.getSnapshot().context.joined).toEqual(['hub']);
  });

  it('lets the inspector see every joined actor as part of one system', () => {
    const seen = new Set<string>();
    const root = startRoot((event) => {
      if (event.type === '@xstate.actor') seen.add(event.actorRef.sessionId);
    });
    root.send({ type: 'app.join', id: 'config', logic: counter, input: { label: 'config' } });
    root.send({ type: 'app.join', id: 'auth', logic: counter, input: { label: 'auth' } });
    expect(seen).toEqual(new Set([root.sessionId, root.system.get('config').sessionId, root.system.get('auth').sessionId]));
  });

  it('stops every app actor with the root', () => {
    const root = createActor(appMachine).start();
    root.send({ type: 'app.join', id: 'banner', logic: counter, input: { label: 'banner' } });
    const banner = root.system.get('banner');
    root.stop();
    expect(banner.getSnapshot().status).toBe('stopped');
  });
});
