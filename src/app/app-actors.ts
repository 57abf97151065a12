import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { configMachine, type CompanyConfig } from '../../machines/config.machine';
import { fetchCompanyConfig } from '../api/company';
import { actorOptions } from './actor-options';
import { currentShop } from './shop-context';
import { readSession, writeSession } from '../lib/storage';
import { createHomeActor } from './browsing-actors';
import { createAuthActor, createProfileActor } from './auth-actors';
import { createCheckoutActors } from './checkout-actors';
import { createCartActors } from './cart-actors';
import { createHubActor } from '../lib/hub-client';
import { restartHubOnSessionChange } from './hub-session';

/** The long-lived actors of the app. Views subscribe to these; they never own flows. */
export interface AppActors {
  config: ActorRefFrom<typeof configMachine>;
  home: ReturnType<typeof createHomeActor>;
  auth: ReturnType<typeof createAuthActor>;
  profile: ReturnType<typeof createProfileActor>;
  checkout: ReturnType<typeof createCheckoutActors>['checkout'];
  pendingOrders: ReturnType<typeof createCheckoutActors>['pendingOrders'];
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
  const profile = createProfileActor((name) => auth.send({ type: 'auth.nameChanged', name }));
  const { checkout, pendingOrders } = createCheckoutActors(config, () => ({ ...actors }));
  const { cart, banner } = createCartActors(config, auth);
  actors = { config, home, checkout, pendingOrders, auth, profile, cart, banner, hub: createHubActor() };
  for (const actor of Object.values(actors)) actor.start();
  restartHubOnSessionChange(auth, actors.hub);
  return actors;
}

export function appActors(): AppActors {
  if (!actors) throw new Error('The app actors have not been started');
  return actors;
}
