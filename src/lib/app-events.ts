import type { Category, Product, SpecialCategory } from '../../contract/catalogue.schemas';
import type { Cart } from '../../contract/cart.schemas';
import type { CatalogueItems, OrderStatusUpdate, PaymentStatusUpdate } from '../../contract/hub-events';

/**
 * App events raised by the live hub (section 4: update kinds map to app events) and listened
 * to by screens and machines. Each is also dispatched as a window CustomEvent of the same
 * name, so a page can listen without importing the bus.
 */
export interface AppEventMap {
  /** SpecialCategory */
  'home.sectionUpdate': CatalogueItems<SpecialCategory>;
  /** Category */
  'category.update': CatalogueItems<Category>;
  /** Product (also the browser event 'productUpdate') */
  'home.productUpdate': CatalogueItems<Product>;
  /** ProductDetails */
  'product.detailsUpdate': CatalogueItems<Product>;
  /** CartDetails */
  'cart.update': Cart;
  /** OfferProducts */
  'offer.productUpdate': CatalogueItems<Product>;
  'order.statusUpdate': OrderStatusUpdate;
  'payment.statusUpdate': PaymentStatusUpdate;
  'hub.connected': undefined;
  'hub.reconnecting': undefined;
  'hub.reconnected': undefined;
  'hub.disconnected': undefined;
}

type Listener<K extends keyof AppEventMap> = (payload: AppEventMap[K]) => void;
const listeners = new Map<keyof AppEventMap, Set<Listener<keyof AppEventMap>>>();

export const appEvents = {
  on<K extends keyof AppEventMap>(name: K, listener: Listener<K>): () => void {
    const set = listeners.get(name) ?? new Set();
    set.add(listener as Listener<keyof AppEventMap>);
    listeners.set(name, set);
    return () => set.delete(listener as Listener<keyof AppEventMap>);
  },
  emit<K extends keyof AppEventMap>(name: K, payload: AppEventMap[K]): void {
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`app event ${name} listener failed`, error);
      }
    }
    if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(name, { detail: payload }));
  },
};
