import { fromPromise } from 'xstate';
import { cartMachine, type CartChange } from '../../machines/cart.machine';
import { bannerMachine, freeDeliveryThreshold } from '../../machines/banner.machine';
import { changeCartQuantity, createCart, getCart, removeCartLine } from '../api/cart';
import type { Cart, LocalCartItem } from '../../contract/cart.schemas';
import { onLiveEvent } from './live-events';
import { onUnauthorized } from '../lib/http';
import { clearLocalCart, readLocalCart, toCreateLines, writeLocalCart } from '../lib/local-cart';
import { notify } from '../lib/notify';
import { getCustomerId, getToken } from '../lib/session';
import { joinApp, type AppActorRefs } from './app-system';
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

/** The cart's logic with its real effects, and its input. */
function cartActorLogic() {
  const shop = currentShop();
  return {
    logic: cartMachine.provide({
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
    input: { branchId: shop.branchId, companyId: shop.companyId, loggedIn: Boolean(getToken()), localItems: readLocalCart() },
  };
}

/**
 * The cart and the free-delivery banner (system ids 'cart', 'banner'), linked to the rest of the
 * app: live CartDetails pushes and session changes reach the cart; the config's setting, the
 * session and the cart's lines reach the banner. The layout's banner component adds path,
 * screen and notifications.
 */
export function startCartActors({ config, auth }: Pick<AppActorRefs, 'config' | 'auth'>) {
  const banner = joinApp('banner', bannerMachine, { loggedIn: Boolean(getToken()), path: window.location.pathname });
  const { logic, input } = cartActorLogic();
  const cart = joinApp('cart', logic, input);

  onLiveEvent('cart.update', (pushed) => cart.send({ type: 'cart.update', cart: pushed }));
  // A change made before the connection opened, or while it was away, was never pushed.
  onLiveEvent('hub.connected', () => cart.send({ type: 'cart.catchUp' }));
  onLiveEvent('hub.reconnected', () => cart.send({ type: 'cart.catchUp' }));
  onUnauthorized(() => cart.send({ type: 'cart.sessionEnded' }));

  let loggedIn = Boolean(getToken());
  auth.subscribe((snapshot) => {
    const now = Boolean(snapshot.context.customer);
    if (now === loggedIn) return;
    loggedIn = now;
    banner.send({ type: 'banner.sessionChanged', loggedIn: now });
    if (!now) cart.send({ type: 'cart.sessionEnded' });
  });

  let threshold: number | null | undefined;
  let currency = '';
  const configChanged = (snapshot: ReturnType<typeof config.getSnapshot>) => {
    const next = freeDeliveryThreshold(snapshot.context.settings);
    const symbol = snapshot.context.details?.CurrencySymbol ?? '₹';
    if (next === threshold && symbol === currency) return;
    threshold = next;
    currency = symbol;
    banner.send({ type: 'banner.configChanged', threshold: next, currency: symbol, decimals: snapshot.context.details?.DecimalValue });
  };

  let lines: Cart['lines'] | undefined;
  const cartChanged = (snapshot: ReturnType<typeof cart.getSnapshot>) => {
    const next = snapshot.context.cart?.lines ?? [];
    if (next === lines) return;
    lines = next;
    banner.send({ type: 'banner.cartChanged', lines: next });
  };
  // The config and the cart are running already: the banner learns where they stand, then each change.
  configChanged(config.getSnapshot());
  config.subscribe(configChanged);
  cartChanged(cart.getSnapshot());
  cart.subscribe(cartChanged);

  return { cart, banner };
}
