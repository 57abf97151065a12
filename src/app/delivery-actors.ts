import { fromPromise } from 'xstate';
import { earliestDeliveryMachine } from '../../machines/earliest-delivery.machine';
import { getEarliestDelivery } from '../api/delivery';
import { joinApp } from './app-system';
import { currentShop } from './shop-context';

/** The earliest delivery of the branch shown (system id 'earliestDelivery'): the header, the cards and the cart show it. */
export function startEarliestDeliveryActor() {
  const shop = currentShop();
  return joinApp(
    'earliestDelivery',
    earliestDeliveryMachine.provide({
      actors: { fetchEarliest: fromPromise(({ input }) => getEarliestDelivery(input.companyId, input.branchId)) },
    }),
    { companyId: shop.companyId, branchId: shop.branchId },
  );
}
