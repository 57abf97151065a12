import {
  PostgresDialect,
  PostgresDriver,
  sql,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  type PostgresDialectConfig,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import { takeEarlyCommit } from './final-writes.js';

/**
 * Kysely's PostgreSQL introspector lists every schema of the database, and asks
 * has_schema_privilege() of each by name: a schema another process drops meanwhile makes that
 * call fail with "schema … does not exist", and the migration with it. The shop only ever needs
 * its own schema (the first of its search_path), so this one looks there and nowhere else.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      schema: string;
      kind: string;
      column: string | null;
      type: string | null;
      notNull: boolean | null;
      hasDefault: boolean | null;
      serial: string | null;
    }>`
      select c.relname as "table", ns.nspname as "schema", c.relkind as "kind",
             a.attname as "column", typ.typname as "type", a.attnotnull as "notNull", a.atthasdef as "hasDefault",
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as "serial"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type typ on typ.oid = a.atttypid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_')) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }));
      if (row.column === null) continue;
      table.columns.push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: !row.notNull,
        hasDefaultValue: Boolean(row.hasDefault),
        isAutoIncrementing: row.serial !== null,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/**
 * Sends no COMMIT or ROLLBACK for a transaction that already committed with its final writes
 * (final-writes.ts): there is no transaction left to end.
 */
class FinalWritesPostgresDriver extends PostgresDriver {
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (takeEarlyCommit(connection)) return;
    await super.commitTransaction(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (takeEarlyCommit(connection)) return;
    await super.rollbackTransaction(connection);
  }
}

/**
 * PostgreSQL, introspected (by the migrator) within the connection's own schema only, whose
 * transactions may commit with their final writes.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FinalWritesPostgresDriver(this.#config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
