import { setImmediate as realSetImmediate } from 'node:timers';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/** Statements kept prepared per connection; the shop runs a few hundred distinct ones. */
const STATEMENT_CACHE_SIZE = 1000;
/** A batch is committed once it holds this many units, even while more are waiting. */
const MAX_BATCH_UNITS = 200;
/** …or once it has been open this long. */
const MAX_BATCH_MS = 25;

/** Prepared statements by SQL text, least recently added dropped first. */
class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly db: SQLite.Database) {}

  get(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    // A statement still being iterated by a stream cannot run again until it is done.
    if (statement?.busy) return this.db.prepare(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

interface Durability {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One acquisition of the database by Kysely: a single query or one transaction. */
class Lease implements DatabaseConnection {
  /** The batch this lease holds the writer in, while it does. */
  batch: number | null = null;
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = await this.driver.statementFor(this, query.sql);
    for (const row of statement.iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/**
 * better-sqlite3 for Kysely with group commit. SQLite commits one transaction at a time and
 * every durable commit (synchronous=FULL) costs an fsync; here the writes of many requests
 * share one. Each Kysely transaction, and each write outside one, is a unit run inside a
 * batch transaction (a unit's own transaction is a savepoint, so its failure undoes only its
 * own writes). The batch is committed when no unit is waiting for the writer — after the
 * I/O of the current event loop turn has been read, so requests that arrived together share
 * it — or when it is large or old. No unit's caller sees its result before the batch that
 * holds it has committed durably; if that commit fails, every unit of the batch fails.
 *
 * Reads outside a transaction go to a second, read-only connection when the database is a
 * file: they see only committed (durable) data and never wait for the writer. Statements are
 * prepared once per connection and reused.
 */
export class GroupCommitDriver implements Driver {
  private readonly writerStatements: StatementCache;
  private readonly readerStatements: StatementCache | null;
  private writerHeld = false;
  private readonly waiting: Array<() => void> = [];
  private batch = 0;
  private batchOpen = false;
  private batchOpenedAt = 0;
  private readonly batchUnits: Durability[] = [];
  private commitScheduled = false;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {
    this.writerStatements = new StatementCache(writer);
    this.readerStatements = reader ? new StatementCache(reader) : null;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new Lease(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.holdWriter(lease);
    this.writer.exec('savepoint shoal_unit');
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    this.assertBatch(lease);
    this.writer.exec('release shoal_unit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    // A batch SQLite already rolled back (disk full, I/O error) has no savepoint left to undo.
    if (lease.batch !== this.batch || !this.batchOpen) return;
    this.writer.exec('rollback to shoal_unit');
    this.writer.exec('release shoal_unit');
  }

  /** Hands the writer to the next unit and answers once this unit's batch is durable. */
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.batch === null) return Promise.resolve();
    const batch = lease.batch;
    lease.batch = null;
    if (batch !== this.batch || !this.batchOpen) {
      this.passWriter();
      return Promise.reject(new Error('The database transaction was rolled back; nothing was saved.'));
    }
    const durable = new Promise<void>((resolve, reject) => this.batchUnits.push({ resolve, reject }));
    if (this.batchUnits.length >= MAX_BATCH_UNITS || performance.now() - this.batchOpenedAt >= MAX_BATCH_MS) this.commit();
    this.passWriter();
    return durable;
  }

  async destroy(): Promise<void> {
    if (this.batchOpen && !this.writerHeld) this.commit();
    this.reader?.close();
    this.writer.close();
  }

  /** The statement for a query of this lease, on the connection it belongs on. */
  async statementFor(lease: Lease, sql: string): Promise<SQLite.Statement> {
    if (lease.batch === null && this.readerStatements) {
      const statement = this.readOnly(sql);
      if (statement) return statement;
    }
    if (lease.batch === null) await this.holdWriter(lease);
    this.assertBatch(lease);
    return this.writerStatements.get(sql);
  }

  async execute(lease: Lease, query: CompiledQuery): Promise<QueryResult<unknown>> {
    const statement = await this.statementFor(lease, query.sql);
    try {
      return run(statement, query.parameters);
    } catch (error) {
      if (lease.batch !== null) this.checkBatchSurvived(error);
      throw error;
    }
  }

  private readOnly(sql: string): SQLite.Statement | null {
    try {
      const statement = this.readerStatements?.get(sql);
      return statement?.readonly ? statement : null;
    } catch {
      // Not preparable on the reader (a table created in a batch not yet committed): the writer decides.
      return null;
    }
  }

  private assertBatch(lease: Lease): void {
    if (lease.batch !== this.batch || !this.batchOpen) throw new Error('The database transaction was rolled back; nothing was saved.');
  }

  private async holdWriter(lease: Lease): Promise<void> {
    if (this.writerHeld) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.writerHeld = true;
    if (!this.batchOpen) {
      try {
        this.writer.exec('begin immediate');
      } catch (error) {
        this.passWriter();
        throw error;
      }
      this.batch += 1;
      this.batchOpen = true;
      this.batchOpenedAt = performance.now();
    }
    lease.batch = this.batch;
  }

  private passWriter(): void {
    const next = this.waiting.shift();
    if (next) {
      next();
      return;
    }
    this.writerHeld = false;
    if (this.batchOpen) this.scheduleCommit();
  }

  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    // After the poll phase: requests whose bytes arrived in this turn join the batch first.
    realSetImmediate(() => {
      this.commitScheduled = false;
      if (this.batchOpen && !this.writerHeld) this.commit();
    });
  }

  private commit(): void {
    const units = this.batchUnits.splice(0);
    try {
      this.writer.exec('commit');
    } catch (error) {
      if (this.writer.inTransaction) this.writer.exec('rollback');
      this.batchOpen = false;
      for (const unit of units) unit.reject(error);
      return;
    }
    this.batchOpen = false;
    for (const unit of units) unit.resolve();
  }

  /** After a failed statement: if SQLite rolled the whole batch back, every unit in it fails. */
  private checkBatchSurvived(error: unknown): void {
    if (!this.batchOpen || this.writer.inTransaction) return;
    this.batchOpen = false;
    for (const unit of this.batchUnits.splice(0)) unit.reject(error);
  }
}

export class GroupCommitSqliteDialect implements Dialect {
  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
  ) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.writer, this.reader);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
