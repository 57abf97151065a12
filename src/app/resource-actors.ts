import { fromPromise } from 'xstate';
import { createResourceMachine, faqMachine } from '../../machines/resource.machine';
import { getDeliverySlots, getFaqs } from '../api/catalogue';
import { getCustomerCoupons } from '../api/coupon';
import type { DeliverySlot } from '../../contract/catalogue.schemas';
import type { Coupon } from '../../contract/order.schemas';
import { queryCache } from '../lib/query-cache';
import { getCustomerId } from '../lib/session';
import { currentShop } from './shop-context';

type ResourceMachine<T> = ReturnType<typeof createResourceMachine<T>>;

// The cart page's two side panels are resources of the same shape as the FAQ (docs/machines/resource.md).
const deliverySlotsMachine = createResourceMachine<DeliverySlot[]>('deliverySlots');
const couponsMachine = createResourceMachine<Coupon[]>('coupons');

/** A resource machine wired to its endpoint and to the query cache under `key`; `input` carries what the cache holds. */
function cachedResource<T>(machine: ResourceMachine<T>, key: string, load: () => Promise<T>) {
  return {
    logic: machine.provide({
      actors: { load: fromPromise(load) },
      actions: { remember: ({ context }) => queryCache.write(key, context.data) },
    }),
    input: { cached: queryCache.read<T>(key) },
  };
}

/** /FAQ: FAQ/common of the shop's company. */
export function faqResource() {
  const { companyId } = currentShop();
  return cachedResource(faqMachine, `faq:${companyId}`, () => getFaqs(companyId));
}

/** The cart page's slot picker: DeliverySlot/web for the shop's branch, full slots included (shown as Full). */
export function deliverySlotsResource(companyId: number) {
  const { branchId } = currentShop();
  return cachedResource(deliverySlotsMachine, `slots:${companyId}:${branchId}`, () => getDeliverySlots(companyId, branchId, { includeFull: true }));
}

/** The cart page's coupon list; kept per customer so a new login never sees another's coupons. */
export function couponsResource(companyId: number) {
  return cachedResource(couponsMachine, `coupons:${companyId}:${getCustomerId() ?? 0}`, () => getCustomerCoupons(companyId));
}
