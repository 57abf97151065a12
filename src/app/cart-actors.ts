import { createActor, fromPromise, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { cartMachine, type CartChange } from '../../machines/cart.machine';
import { bannerMachine, freeDeliveryThreshold } from '../../machines/banner.machine';
import type { configMachine } from '../../machines/config.machine';
import { changeCartQuantity, createCart, getCart, removeCartLine } from '../api/cart';
import type { Cart, LocalCartItem } from '../../contract/cart.schemas';
import { onLiveEvent } from './live-events';
import { onUnauthorized } from '../lib/http';
import { clearLocalCart, readLocalCart, toCreateLines, writeLocalCart } from '../lib/local-cart';
import { notify } from '../lib/notify';
import { getCustomerId, getToken } from '../lib/session';
import { actorOptions } from './actor-options';
import { currentShop } from './shop-context';

export const CART_SYNCED = 'Cart updated';
export const CART_SYNC_FAILED = 'Failed to sync local cart';

function sendChange({ change, cartItemId }: { change: CartChange; cartItemId: number }): Promise<Cart> {
  return change.kind === 'remove' ? removeCartLine(change.key) : changeCartQuantity(change.key, change.delta, cartItemId);
}

function syncLocalCart({ items, branchId }: { items: LocalCartItem[]; branchId: number }): Promise<Cart> {
  const customerId = getCustomerId();
  if (!customerId) return Promise.reject(new Error('Please log in to continue.'));
  return createCart(toCreateLines(items, customerId), branchId);
}

export function createCartActor() {
  const shop = currentShop();
  return createActor(
    cartMachine.provide({
      actors: {
        fetchCart: fromPromise(({ input }) => getCart(input.branchId)),
        sendChange: fromPromise(({ input }) => sendChange(input)),
        syncLocalCart: fromPromise(({ input }) => syncLocalCart(input)),
      },
      actions: {
        persistLocal: (_, { items }) => writeLocalCart(items),
        clearLocal: () => clearLocalCart(),
        notifyRefused: (_, { message }) => notify.error(message),
        notifySynced: () => notify.success(CART_SYNCED),
        notifySyncFailed: () => notify.error(CART_SYNC_FAILED),
      },
      guards: { hasSession: () => Boolean(getToken()) },
    }),
    actorOptions({ input: { branchId: shop.branchId, companyId: shop.companyId, loggedIn: Boolean(getToken()), localItems: readLocalCart() } }),
  );
}

/**
 * The cart and the free-delivery banner, linked to the rest of the app: live CartDetails
 * pushes and session changes reach the cart; the config's setting, the session and the cart's
 * lines reach the banner. The layout's banner component adds path, screen and notifications.
 */
export function createCartActors(config: ActorRefFrom<typeof configMachine>, auth: AnyActorRef) {
  const cart = createCartActor();
  const banner = createActor(bannerMachine, actorOptions({ input: { loggedIn: Boolean(getToken()), path: window.location.pathname } }));

  onLiveEvent('cart.update', (pushed) => cart.send({ type: 'cart.update', cart: pushed }));
  onUnauthorized(() => cart.send({ type: 'cart.sessionEnded' }));

  let loggedIn = Boolean(getToken());
  auth.subscribe((snapshot: { context?: { customer?: unknown } }) => {
    const now = Boolean(snapshot.context?.customer);
    if (now === loggedIn) return;
    loggedIn = now;
    banner.send({ type: 'banner.sessionChanged', loggedIn: now });
    if (!now) cart.send({ type: 'cart.sessionEnded' });
  });

  let threshold: number | null | undefined;
  let currency = '';
  config.subscribe((snapshot) => {
    const next = freeDeliveryThreshold(snapshot.context.settings);
    const symbol = snapshot.context.details?.CurrencySymbol ?? '₹';
    if (next === threshold && symbol === currency) return;
    threshold = next;
    currency = symbol;
    banner.send({ type: 'banner.configChanged', threshold: next, currency: symbol, decimals: snapshot.context.details?.DecimalValue });
  });

  let lines: Cart['lines'] | undefined;
  cart.subscribe((snapshot) => {
    const next = snapshot.context.cart?.lines ?? [];
    if (next === lines) return;
    lines = next;
    banner.send({ type: 'banner.cartChanged', lines: next });
  });

  return { cart, banner };
}
