import { fromPromise } from 'xstate';
import { pinCheckMachine } from '../../machines/pin-check.machine';
import type { CartSnapshot } from '../../machines/cart.machine';
import { localQty } from '../../contract/local-cart.rules';
import { checkPinCode } from '../api/delivery';
import { appActor, joinApp, type AppActorRefs } from './app-system';
import { appActors } from './app-actors';
import { chooseBranch, currentShop, readPinChoice, rememberPinChoice } from './shop-context';

/** Items in the cart of the branch shown, counted as the header's badge counts them: a visitor's local lines of that branch, a customer's server cart. */
function itemsHere(snapshot: CartSnapshot): number {
  const { localItems, branchId, cart } = snapshot.context;
  if (!snapshot.matches('guest')) return cart?.totalQty ?? 0;
  return localItems.filter((item) => item.branchId === branchId).reduce((sum, item) => sum + localQty(item), 0);
}

/**
 * The PIN check (system id 'pinCheck'), started the first time its dialog opens: the first page
 * never shows the dialog, so its machine is not in the first load. Until then the header reads
 * the PIN code this browser chose (shop-context.ts). A PIN code served by another branch switches
 * the shop by loading the page again on that branch, so every list, price and the cart are read
 * afresh from it; the cart of the branch left keeps its lines.
 */
export function startPinCheckActor(): AppActorRefs['pinCheck'] {
  const running = appActor('pinCheck');
  if (running) return running;
  const { cart } = appActors();
  const shop = currentShop();
  const pinCheck = joinApp(
    'pinCheck',
    pinCheckMachine.provide({
      actors: { checkPin: fromPromise(({ input }) => checkPinCode(input.companyId, input.pinCode)) },
      actions: {
        remember: (_, { choice }) => rememberPinChoice(choice),
        switchBranch: (_, { branchId }) => {
          chooseBranch(branchId);
          window.location.reload();
        },
      },
    }),
    { companyId: shop.companyId, branchId: shop.branchId, chosen: readPinChoice(), cartItems: itemsHere(cart.getSnapshot()) },
  );
  let items = itemsHere(cart.getSnapshot());
  cart.subscribe((snapshot) => {
    const now = itemsHere(snapshot);
    if (now === items) return;
    items = now;
    pinCheck.send({ type: 'pin.cartCounted', items: now });
  });
  return pinCheck;
}
