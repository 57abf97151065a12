import type { Migration } from 'kysely';
import type { SqlDialect } from '../database.js';
import { initialMigration } from './001-initial.js';
import { orderValueMigration } from './002-order-value.js';
import { tokenVersionMigration } from './003-token-version.js';
import { uploadCleanupMigration } from './004-upload-cleanup.js';
import { orderIdempotencyKeyMigration } from './005-order-idempotency-key.js';
import { sandboxPaymentMethodsMigration } from './006-sandbox-payment-methods.js';
import { orderItemListRateMigration } from './007-order-item-list-rate.js';
import { productRatingsMigration } from './008-product-ratings.js';
import { productSearchMigration } from './009-product-search.js';
import { catchWeightMigration } from './010-catch-weight.js';
import { branchPincodesMigration } from './011-branch-pincodes.js';
import { stockNoticesAndGstMigration } from './012-stock-notices-and-gst.js';
import { listOrderMigration } from './013-list-order.js';
import { productPhotosMigration } from './014-product-photos.js';
import { searchTermSourcesMigration } from './015-search-term-sources.js';
import { cartLineOrderMigration } from './016-cart-line-order.js';
import { orderCustomerStatusMigration } from './017-order-customer-status.js';

/** Every migration in order; names sort the way they run. */
export const migrationList: [string, (dialect: SqlDialect) => Migration][] = [
  ['001-initial', initialMigration],
  ['002-order-value', orderValueMigration],
  ['003-token-version', tokenVersionMigration],
  ['004-upload-cleanup', uploadCleanupMigration],
  ['005-order-idempotency-key', orderIdempotencyKeyMigration],
  ['006-sandbox-payment-methods', sandboxPaymentMethodsMigration],
  ['007-order-item-list-rate', orderItemListRateMigration],
  ['008-product-ratings', productRatingsMigration],
  ['009-product-search', productSearchMigration],
  ['010-catch-weight', catchWeightMigration],
  ['011-branch-pincodes', branchPincodesMigration],
  ['012-stock-notices-and-gst', stockNoticesAndGstMigration],
  ['013-list-order', listOrderMigration],
  ['014-product-photos', productPhotosMigration],
  ['015-search-term-sources', searchTermSourcesMigration],
  ['016-cart-line-order', cartLineOrderMigration],
  ['017-order-customer-status', orderCustomerStatusMigration],
];
