import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DatabaseHandle, SqlDialect } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: SqlDialect;
  }
}

/** Hands the opened, migrated database to every plugin and route; closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, options: { handle: DatabaseHandle; closeWithApp: boolean }) => {
    app.decorate('db', options.handle.db);
    app.decorate('dialect', options.handle.dialect);
    if (options.closeWithApp) {
      app.addHook('onClose', async () => {
        await options.handle.close();
      });
    }
  },
  { name: 'db' },
);
