import { EventEmitter } from 'node:events';

import type { CatalogueUpdateType, CustomerUpdateType } from '../../contract/hub-events.js';

export interface CatalogueChange {
  companyId: number;
  branchId: number | null;
  type: CatalogueUpdateType;
  /** Ids of the products, categories or offers that changed, when known. */
  ids: number[];
}

export interface CustomerChange {
  customerId: number;
  type: CustomerUpdateType;
  data: unknown;
}

/**
 * What the shop tells the live hub. Routes and services announce changes here; the hub
 * turns them into pushes for the right connections (and, with Redis, other instances).
 */
export class LiveUpdates {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  catalogueChanged(change: CatalogueChange): void {
    this.emitter.emit('catalogue', change);
  }

  customerChanged(change: CustomerChange): void {
    this.emitter.emit('customer', change);
  }

  onCatalogue(listener: (change: CatalogueChange) => void): () => void {
    this.emitter.on('catalogue', listener);
    return () => this.emitter.off('catalogue', listener);
  }

  onCustomer(listener: (change: CustomerChange) => void): () => void {
    this.emitter.on('customer', listener);
    return () => this.emitter.off('customer', listener);
  }
}
