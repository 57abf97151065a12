import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';

/**
 * A hash of every row of every table, independent of row order, so "the database is
 * unchanged" is one comparison. Numbers are normalised (PostgreSQL and SQLite type them
 * differently) and the migration bookkeeping is left out.
 */
const tableLists = new WeakMap<Kysely<Database>, Promise<string[]>>();

/** The tables to hash, read once per handle (introspection is slow on PostgreSQL). */
function tablesOf(db: Kysely<Database>): Promise<string[]> {
  let list = tableLists.get(db);
  if (!list) {
    list = db.introspection.getTables().then((tables) =>
      tables
        .map((t) => t.name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort(),
    );
    tableLists.set(db, list);
  }
  return list;
}

export async function databaseChecksum(db: Kysely<Database>): Promise<string> {
  const tables = await tablesOf(db);
  const whole = crypto.createHash('sha256');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((row) =>
      JSON.stringify(
        Object.entries(row)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]),
      ),
    );
    lines.sort();
    whole.update(`${table}\n${lines.join('\n')}\n`);
  }
  return whole.digest('hex');
}

/** Per-table hashes, to name the table a rejected request changed. */
export async function tableChecksums(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await tablesOf(db);
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = crypto
      .createHash('sha256')
      .update(
        rows.rows
          .map((r) => JSON.stringify(r))
          .sort()
          .join('\n'),
      )
      .digest('hex');
  }
  return out;
}
