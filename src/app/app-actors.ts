import { fromPromise } from 'xstate';
import { configMachine, type CompanyConfig } from '../../machines/config.machine';
import { fetchCompanyConfig } from '../api/company';
import { currentShop } from './shop-context';
import { readSession, writeSession } from '../lib/storage';
import { startHomeActor } from './browsing-actors';
import { startAuthActor } from './auth-actors';
import type { CheckoutActors } from './checkout-actors';
import { startCartActors } from './cart-actors';
import { startEarliestDeliveryActor } from './delivery-actors';
import { afterPageShown } from '../lib/after-page-shown';
import { downloadUntilLoaded } from '../lib/code-download';
import { sentWithHtml } from '../lib/sent-with-html';
import { LazyActors } from './lazy-actors';
import { restartHubOnSessionChange } from './hub-session';
import { joinApp, type AppActorRefs } from './app-system';

/** The long-lived actors of the first page, in the app's actor system (app-system.ts). Views subscribe to these; they never own flows. */
export type AppActors = Pick<AppActorRefs, 'config' | 'home' | 'auth' | 'cart' | 'banner' | 'earliestDelivery'>;

let actors: AppActors | null = null;

/**
 * The config this tab keeps, or else the one the server sent with home's HTML for this company
 * (server/spa/opening-page.ts), so the first render shows the name and logo the page's first paint showed.
 */
function startingConfig(companyId: number): CompanyConfig | null {
  const kept = readSession<CompanyConfig>('config-store');
  if (kept) return kept;
  const sent = sentWithHtml<{ companyId?: string; details?: CompanyConfig['details']; settings?: CompanyConfig['settings'] }>('shoal-opening-company');
  return sent?.companyId === String(companyId) && sent.details && Array.isArray(sent.settings) ? { details: sent.details, settings: sent.settings } : null;
}

export function startAppActors(): AppActors {
  if (actors) return actors;
  const shop = currentShop();
  const config = joinApp(
    'config',
    configMachine.provide({
      actors: { fetchConfig: fromPromise<CompanyConfig, { companyId: number }>(({ input }) => fetchCompanyConfig(input.companyId)) },
      actions: { persist: ({ context }) => writeSession('config-store', { details: context.details, settings: context.settings }) },
    }),
    { companyId: shop.companyId, cached: startingConfig(shop.companyId) },
  );
  const home = startHomeActor();
  const auth = startAuthActor();
  const { cart, banner } = startCartActors({ config, auth });
  const earliestDelivery = startEarliestDeliveryActor();
  actors = { config, home, auth, cart, banner, earliestDelivery };
  void afterPageShown().then(() => {
    void downloadUntilLoaded(() => hubActorLoader.get());
    void downloadUntilLoaded(() => connectivityActorLoader.get());
  });
  return actors;
}

export function appActors(): AppActors {
  if (!actors) throw new Error('The app actors have not been started');
  return actors;
}

/** The checkout and pending-orders actors: loaded for a customer with a session or a checkout (checkout-actors.ts). */
export const checkoutActorsLoader = new LazyActors<CheckoutActors>(() => import('./checkout-actors').then((m) => m.checkoutActors()));

/** The checkout and pending-orders actors, their code loaded and the actors started on first call. */
export function loadCheckoutActors(): Promise<CheckoutActors> {
  return checkoutActorsLoader.get();
}

/**
 * The connectivity actor (offline bar, screens that try again when the network is back), loaded
 * after the page is shown: a page that has just loaded had a network, and the first paint need
 * not wait for this code.
 */
export const connectivityActorLoader = new LazyActors(async () => {
  const { startConnectivityActor } = await import('./connectivity-actor');
  const connectivity = startConnectivityActor();
  const { config, home, cart } = appActors();
  const loadFailedStores = () => {
    if (config.getSnapshot().matches('error')) config.send({ type: 'config.fetch' });
    if (home.getSnapshot().matches('error')) home.send({ type: 'home.fetch' });
    if (cart.getSnapshot().matches({ customer: 'failed' })) cart.send({ type: 'cart.refresh' });
  };
  // Back online: the app's own stores that failed load again (screens retry through their error views).
  connectivity.on('connectivity.restored', loadFailedStores);
  // This code arrives late when the network went as the page loaded: what failed then loads again now.
  if (navigator.onLine) loadFailedStores();
  return connectivity;
});

/**
 * The live connection's actor, loaded after the page is shown (as the SignalR client always
 * was): the connection waits for that moment anyway, so its machine need not be in the first load.
 */
export const hubActorLoader = new LazyActors(async () => {
  const [{ startHubActor }] = await Promise.all([import('./hub-client'), import('@microsoft/signalr')]);
  const hub = startHubActor();
  restartHubOnSessionChange(appActors().auth, hub);
  void downloadUntilLoaded(() => import('./notify-me-actors')).then((m) => m.showBackInStockNotices());
  return hub;
});
