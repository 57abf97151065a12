import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { LiveUpdates } from '../hub/live-updates.js';
import type { MailSender } from '../senders/mail-sender.js';

/** The one thing services log: failures after the change itself has been saved. */
export interface ServiceLog {
  error(details: object, message: string): void;
}

/**
 * What the order services use: the database, the live updates to customers' browsers, mail and a
 * log. The Fastify app provides it, and so does the shop's command line, which has no app.
 */
export interface OrderDeps {
  db: Kysely<Database>;
  /** PostgreSQL takes row locks that SQLite, with its single writer, does not need. */
  dialect: SqlDialect;
  live: LiveUpdates;
  mail: MailSender;
  log: ServiceLog;
}
