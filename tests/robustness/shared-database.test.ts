import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { admin, postgresUrl } from './helpers/backends.js';

/**
 * A PostgreSQL database the shop shares with others (other shops' schemas, other test runs):
 * schemas come and go while the shop migrates its own. The migrator looks only at the shop's
 * schema, so nothing another schema does can fail a migration.
 */
const CHURN_SCHEMAS = 40;
const MIGRATIONS = 6;

describe('PostgreSQL shared with other schemas', () => {
  it('migrates its own schema while other schemas are created and dropped', async () => {
    const prefix = `churn_${crypto.randomBytes(4).toString('hex')}`;
    let churning = true;
    // Another tenant: schemas with a few tables, made and dropped over and over.
    const churn = admin(async (client) => {
      for (let round = 0; churning && round < 1000; round++) {
        const names = Array.from({ length: CHURN_SCHEMAS }, (_, i) => `${prefix}_${round}_${i}`);
        for (const name of names) await client.query(`CREATE SCHEMA "${name}"; CREATE TABLE "${name}".t (id int, note text)`);
        for (const name of names) await client.query(`DROP SCHEMA "${name}" CASCADE`);
      }
    });
    const schemas = Array.from({ length: MIGRATIONS }, () => `own_${crypto.randomBytes(5).toString('hex')}`);
    const outcomes: string[] = [];
    try {
      for (const schema of schemas) {
        await admin((client) => client.query(`CREATE SCHEMA "${schema}"`));
        const handle = openDatabase({ dataDir: '', databaseUrl: postgresUrl, pgSchema: schema, poolSize: 2 });
        try {
          await migrateToLatest(handle);
          const { rows } = await admin((client) =>
            client.query<{ n: string | number }>(`select count(*) as n from information_schema.tables where table_schema = $1 and table_name = 'orders'`, [
              schema,
            ]),
          );
          outcomes.push(Number(rows[0]?.n) === 1 ? 'migrated' : 'no orders table');
        } catch (error) {
          outcomes.push(error instanceof Error ? error.message : String(error));
        } finally {
          await handle.close();
        }
      }
    } finally {
      churning = false;
      await churn;
      await admin(async (client) => {
        for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      });
    }
    expect(outcomes).toEqual(schemas.map(() => 'migrated'));
  });
});
