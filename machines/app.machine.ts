import { assign, setup, type AnyActorLogic } from 'xstate';

/**
 * The app's long-lived actors by their id in the actor system: any actor, or the app's wiring,
 * reaches another with `system.get(id)`.
 */
export type AppActorId =
  'config' | 'home' | 'auth' | 'cart' | 'banner' | 'pinCheck' | 'earliestDelivery' | 'hub' | 'connectivity' | 'checkout' | 'pendingOrders' | 'profile';

export type AppEvent = { type: 'app.join'; id: AppActorId; logic: AnyActorLogic; input?: unknown };

export interface AppContext {
  /** The ids of the actors that have joined, in order. */
  joined: AppActorId[];
}

/**
 * The root of the app's actor system. The actors the first page needs join as the app starts;
 * those whose code loads later (the live connection, connectivity, checkout and pending
 * orders, the profile) join when it has loaded. Each runs as a child of this actor, known to
 * the system by its id, so the Stately inspector shows the whole app as one system. An id joins once; asking
 * again keeps the running actor.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  guards: {
    isNewActor: ({ context, event }) => !context.joined.includes(event.id),
  },
}).createMachine({
  id: 'app',
  context: { joined: [] },
  on: {
    'app.join': {
      guard: 'isNewActor',
      actions: assign({
        joined: ({ context, event, spawn }) => {
          spawn(event.logic, { systemId: event.id, input: event.input });
          return [...context.joined, event.id];
        },
      }),
    },
  },
});
