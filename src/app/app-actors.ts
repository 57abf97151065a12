import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { configMachine, type CompanyConfig } from '../../machines/config.machine';
import { fetchCompanyConfig } from '../api/company';
import { actorOptions } from './actor-options';
import { currentShop } from './shop-context';
import { readSession, writeSession } from '../lib/storage';
import { createHomeActor } from './browsing-actors';
import { createAuthActor } from './auth-actors';
import type { CheckoutActors } from './checkout-actors';
import { createCartActors } from './cart-actors';
import { createHubActor } from '../lib/hub-client';
import { restartHubOnSessionChange } from './hub-session';

/** The long-lived actors of the app. Views subscribe to these; they never own flows. */
export interface AppActors {
  config: ActorRefFrom<typeof configMachine>;
  home: ReturnType<typeof createHomeActor>;
  auth: ReturnType<typeof createAuthActor>;
  cart: ReturnType<typeof createCartActors>['cart'];
  banner: ReturnType<typeof createCartActors>['banner'];
  hub: ReturnType<typeof createHubActor>;
}

let actors: AppActors | null = null;

export function startAppActors(): AppActors {
  if (actors) return actors;
  const shop = currentShop();
  const config = createActor(
    configMachine.provide({
      actors: { fetchConfig: fromPromise<CompanyConfig, { companyId: number }>(({ input }) => fetchCompanyConfig(input.companyId)) },
      actions: { persist: ({ context }) => writeSession('config-store', { details: context.details, settings: context.settings }) },
    }),
    actorOptions({ input: { companyId: shop.companyId, cached: readSession<CompanyConfig>('config-store') } }),
  );
  const home = createHomeActor();
  const auth = createAuthActor();
  const { cart, banner } = createCartActors(config, auth);
  actors = { config, home, auth, cart, banner, hub: createHubActor() };
  for (const actor of Object.values(actors)) actor.start();
  restartHubOnSessionChange(auth, actors.hub);
  return actors;
}

export function appActors(): AppActors {
  if (!actors) throw new Error('The app actors have not been started');
  return actors;
}

let checkout: Promise<CheckoutActors> | null = null;
let loadedCheckout: CheckoutActors | null = null;
const checkoutListeners = new Set<() => void>();

/** The checkout and pending-orders actors, their code loaded and the actors started on first call. */
export function loadCheckoutActors(): Promise<CheckoutActors> {
  checkout ??= import('./checkout-actors').then((m) => m.checkoutActors());
  return checkout;
}

/** Called once by checkout-actors.ts when it has started the actors. */
export function announceCheckoutActors(started: CheckoutActors): void {
  loadedCheckout = started;
  // A page may start them while rendering: tell the subscribed views after that render.
  queueMicrotask(() => checkoutListeners.forEach((listener) => listener()));
}

/** The checkout actors if their code has loaded, else null; subscribe with onCheckoutActorsLoaded. */
export function loadedCheckoutActors(): CheckoutActors | null {
  return loadedCheckout;
}

export function onCheckoutActorsLoaded(listener: () => void): () => void {
  checkoutListeners.add(listener);
  return () => checkoutListeners.delete(listener);
}
