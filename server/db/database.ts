import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, type LogEvent, type Migration, type MigrationProvider } from 'kysely';
import type { AppConfig } from '../config/env.js';
import type { Database } from './schema.js';
import { migrationList } from './migrations/migration-list.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';
import { OwnSchemaPostgresDialect } from './schema-introspector.js';
import { PreparingPool } from './postgres-statements.js';

export type SqlDialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded SQLite file is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  pgSchema?: string;
  /** Folder holding shoal.db for SQLite. */
  dataDir: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL: prepare statements with parameters once per connection (postgres-statements.ts); on unless false. */
  preparedStatements?: boolean;
  /** Called with every statement run, as sent to the database (tests read the query plans). */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** The PostgreSQL schema in use, when not the default. */
  pgSchema?: string;
  /**
   * A number that changes whenever another connection (the shop's command line, another process)
   * has committed to the database since it was last read; SQLite's `data_version` of the
   * connection this process writes through. None for PostgreSQL, whose other instances are the rule.
   */
  outsideWrites?: () => number;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (COUNT, SUM) as text; every such value here fits a JS number.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

function queryLog(onQuery: DatabaseOptions['onQuery']): { log?: (event: LogEvent) => void } {
  if (!onQuery) return {};
  return { log: (event) => onQuery({ sql: event.query.sql, parameters: event.query.parameters }) };
}

/** The database the shop's configuration names, as the server and the command line both open it. */
export function configuredDatabase(config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'databasePreparedStatements' | 'dataDir'>): DatabaseOptions {
  return {
    databaseUrl: config.databaseUrl,
    pgSchema: config.databaseSchema,
    preparedStatements: config.databasePreparedStatements,
    dataDir: config.dataDir,
  };
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const schema = options.pgSchema;
    if (schema !== undefined && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
    // search_path is set by the server at connect time, before any query of the pool runs.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // Statements with parameters are prepared once per connection (postgres-statements.ts).
    const dialect = new OwnSchemaPostgresDialect({ pool: options.preparedStatements === false ? pool : new PreparingPool(pool) });
    const db = new Kysely<Database>({ dialect, ...queryLog(options.onQuery) });
    return { db, dialect: 'postgres', pgSchema: schema, close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? 'shoal.db';
  let location = file;
  if (file !== ':memory:') {
    fs.mkdirSync(options.dataDir, { recursive: true });
    location = path.join(options.dataDir, file);
  }
  const sqlite = new SQLite(location);
  sqlite.pragma('journal_mode = WAL');
  // A committed payment survives a power cut, not only a process crash: the group commit syncs
  // the write-ahead log after every commit, before any caller is answered, on a thread instead
  // of inside the commit (NORMAL is FULL without that sync; sqlite-group-commit.ts).
  sqlite.pragma(location === ':memory:' ? 'synchronous = FULL' : 'synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A file database gets a read-only second connection: reads see only committed data and never queue behind writes.
  let reader: SQLite.Database | null = null;
  let checkpointer: SqliteCheckpointer | null = null;
  if (location !== ':memory:') {
    reader = new SQLite(location, { readonly: true });
    reader.pragma('busy_timeout = 5000');
    // Checkpoints run on a worker thread instead of inside a commit on the event loop.
    sqlite.pragma('wal_autocheckpoint = 0');
    checkpointer = new SqliteCheckpointer(location);
  }
  const walFile = location === ':memory:' ? null : `${location}-wal`;
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite, reader, walFile), ...queryLog(options.onQuery) });
  return {
    db,
    dialect: 'sqlite',
    outsideWrites: () => sqlite.pragma('data_version', { simple: true }) as number,
    async close() {
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

class ListMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: SqlDialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(Object.fromEntries(migrationList.map(([name, make]) => [name, make(this.dialect)])));
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // The migrator looks for its own tables in the schema in use, not in any schema of the database.
  const migrator = new Migrator({
    db: handle.db,
    provider: new ListMigrationProvider(handle.dialect),
    ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}
