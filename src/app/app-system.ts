import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { appMachine, type AppActorId } from '../../machines/app.machine';
import type { configMachine } from '../../machines/config.machine';
import type { homeMachine } from '../../machines/home.machine';
import type { authMachine } from '../../machines/auth.machine';
import type { cartMachine } from '../../machines/cart.machine';
import type { bannerMachine } from '../../machines/banner.machine';
import type { pinCheckMachine } from '../../machines/pin-check.machine';
import type { earliestDeliveryMachine } from '../../machines/earliest-delivery.machine';
import type { hubMachine } from '../../machines/hub.machine';
import type { connectivityMachine } from '../../machines/connectivity.machine';
import type { checkoutMachine } from '../../machines/checkout.machine';
import type { pendingOrdersMachine } from '../../machines/pending-orders.machine';
import type { profileMachine } from '../../machines/profile.machine';
import { actorOptions } from './actor-options';

/** Each app actor's reference by its id in the system. */
export interface AppActorRefs {
  config: ActorRefFrom<typeof configMachine>;
  home: ActorRefFrom<typeof homeMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  banner: ActorRefFrom<typeof bannerMachine>;
  pinCheck: ActorRefFrom<typeof pinCheckMachine>;
  earliestDelivery: ActorRefFrom<typeof earliestDeliveryMachine>;
  hub: ActorRefFrom<typeof hubMachine>;
  connectivity: ActorRefFrom<typeof connectivityMachine>;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  pendingOrders: ActorRefFrom<typeof pendingOrdersMachine>;
  profile: ActorRefFrom<typeof profileMachine>;
}

type AppRoot = ReturnType<typeof createActor<typeof appMachine>>;
let root: AppRoot | null = null;

/** The root actor of the app (machines/app.machine.ts), created and started once, with the inspector when it is on. */
export function appRoot(): AppRoot {
  root ??= createActor(appMachine, actorOptions()).start();
  return root;
}

/**
 * Starts an app actor as a child of the root, known to the system by `id`, and gives its
 * reference. An id joins once: asking again gives the actor already running.
 */
export function joinApp<K extends AppActorId>(id: K, logic: AnyActorLogic, input?: unknown): AppActorRefs[K] {
  appRoot().send({ type: 'app.join', id, logic, input });
  return appActor(id) as AppActorRefs[K];
}

/** The running app actor of that id, or null while its code has not loaded. */
export function appActor<K extends AppActorId>(id: K): AppActorRefs[K] | null {
  return (appRoot().system.get(id) as AppActorRefs[K] | undefined) ?? null;
}

/** Resolves with the app actor of that id once it has joined (at once if it has). */
export function whenJoined<K extends AppActorId>(id: K): Promise<AppActorRefs[K]> {
  const app = appRoot();
  return new Promise((resolve) => {
    const joined = appActor(id);
    if (joined) return resolve(joined);
    const subscription = app.subscribe((snapshot) => {
      if (!snapshot.context.joined.includes(id)) return;
      subscription.unsubscribe();
      resolve(appActor(id) as AppActorRefs[K]);
    });
  });
}

/** For a view: the app actor of that id once it has joined, else null; the view renders again when it joins. */
export function useAppActor<K extends AppActorId>(id: K): AppActorRefs[K] | null {
  const joined = useSelector(appRoot(), (snapshot) => snapshot.context.joined.includes(id));
  return joined ? appActor(id) : null;
}
