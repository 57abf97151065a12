import type { Migration } from 'kysely';
import type { SqlDialect } from '../database.js';
import { initialMigration } from './001-initial.js';
import { paymentsProviderOrderMigration } from './002-payments-provider-order.js';

/** Every migration in order; names sort the way they run. */
export const migrationList: [string, (dialect: SqlDialect) => Migration][] = [
  ['001-initial', initialMigration],
  ['002-payments-provider-order', paymentsProviderOrderMigration],
];
