import fs from 'node:fs/promises';
import { setImmediate as realSetImmediate } from 'node:timers';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { PlanStableSqliteQueryCompiler } from './sqlite-plan-stable-compiler.js';

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
    let first = true;
    for (const row of statement.iterate(query.parameters as unknown[])) {
      // The read began at its first row: what it saw must be on disk before anyone is shown it.
      if (first && this.batch === null) await this.driver.durable();
      first = false;
      yield { rows: [row as R] };
    }
  }
}

/**
 * better-sqlite3 for Kysely with group commit. SQLite commits one transaction at a time and
 * every durable commit costs an fsync; here the writes of many requests share one. Each Kysely
 * transaction, and each write outside one, is a unit run inside a batch transaction (a unit's
 * own transaction is a savepoint, so its failure undoes only its own writes). The batch is
 * committed when no unit is waiting for the writer — after the I/O of the current event loop
 * turn has been read, so requests that arrived together share it — or when it is large or old.
 *
 * With a write-ahead log file (`walFile`, the writer at synchronous=NORMAL), the commit itself
 * only writes the log; the log is then synced to disk on libuv's thread pool (the sync
 * synchronous=FULL would have run on the event loop, stopping every request for its length)
 * while the next batch is already being written. No unit's caller sees its result before a sync
 * that began after its batch committed has finished; if that sync fails, its units fail and
 * the database takes no more writes. Without a log file (in memory) a commit answers at once.
 *
 * Reads outside a transaction go to a second, read-only connection when the database is a
 * file: they never wait for the writer, and they see only committed data, which they answer
 * with once it is on disk. Statements are prepared once per connection and reused.
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
  /** Batches committed, and how many of them are known to be on disk. */
  private committedBatches = 0;
  private durableBatches = 0;
  /** Units of committed batches whose log has not been synced yet. */
  private readonly unsynced: Durability[] = [];
  /** Reads (and a closing database) waiting for the batches they saw to reach the disk. */
  private readonly durabilityWaiters: Array<Durability & { upTo: number }> = [];
  private syncing = false;
  /** Set when syncing the log failed: what SQLite has committed since may not be on disk. */
  private failed: unknown = null;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
    private readonly walFile: string | null,
    private readonly syncLogFile: (file: string) => Promise<void> = syncFile,
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
    await this.durable().catch(() => undefined);
    this.reader?.close();
    this.writer.close();
  }

  /** Resolves once every batch committed so far is on disk. */
  durable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const upTo = this.committedBatches;
    if (this.durableBatches >= upTo) return Promise.resolve();
    return new Promise((resolve, reject) => this.durabilityWaiters.push({ upTo, resolve, reject }));
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
    let result: QueryResult<unknown>;
    try {
      result = run(statement, query.parameters);
    } catch (error) {
      if (lease.batch !== null) this.checkBatchSurvived(error);
      throw error;
    }
    // A read outside a batch may have seen batches whose log is still being synced.
    if (lease.batch === null) await this.durable();
    return result;
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
    if (this.failed) throw this.failed;
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
    this.committedBatches += 1;
    if (!this.walFile) {
      this.durableBatches = this.committedBatches;
      for (const unit of units) unit.resolve();
      return;
    }
    this.unsynced.push(...units);
    if (!this.syncing) void this.syncLog();
  }

  /**
   * Syncs the write-ahead log until every committed batch is on disk, one sync at a time: the
   * batches committed while a sync runs share the next one. The file is opened by its name for
   * each sync, so the sync always reaches the log SQLite is writing.
   */
  private async syncLog(): Promise<void> {
    this.syncing = true;
    while (this.durableBatches < this.committedBatches && !this.failed) {
      const upTo = this.committedBatches;
      const units = this.unsynced.splice(0);
      try {
        await this.syncLogFile(this.walFile as string);
      } catch (error) {
        this.failed = error;
        for (const unit of units) unit.reject(error);
        break;
      }
      this.durableBatches = upTo;
      for (const unit of units) unit.resolve();
      this.wakeDurabilityWaiters();
    }
    this.syncing = false;
    if (this.failed) {
      for (const unit of this.unsynced.splice(0)) unit.reject(this.failed);
      this.wakeDurabilityWaiters();
    }
  }

  private wakeDurabilityWaiters(): void {
    const still: typeof this.durabilityWaiters = [];
    for (const waiter of this.durabilityWaiters.splice(0)) {
      if (this.failed) waiter.reject(this.failed);
      else if (waiter.upTo <= this.durableBatches) waiter.resolve();
      else still.push(waiter);
    }
    this.durabilityWaiters.push(...still);
  }

  /** After a failed statement: if SQLite rolled the whole batch back, every unit in it fails. */
  private checkBatchSurvived(error: unknown): void {
    if (!this.batchOpen || this.writer.inTransaction) return;
    this.batchOpen = false;
    for (const unit of this.batchUnits.splice(0)) unit.reject(error);
  }
}

/** fdatasync of a file on the thread pool. A log that is gone was checkpointed into the (synced) database file when its last connection closed. */
async function syncFile(file: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export class GroupCommitSqliteDialect implements Dialect {
  /**
   * @param walFile the writer's write-ahead log, synced after each commit (the writer runs at
   *   synchronous=NORMAL); null for a database in memory.
   * @param syncLogFile how the log is synced (fdatasync on the thread pool).
   */
  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database | null,
    private readonly walFile: string | null,
    private readonly syncLogFile: (file: string) => Promise<void> = syncFile,
  ) {}

  createDriver(): Driver {
    return new GroupCommitDriver(this.writer, this.reader, this.walFile, this.syncLogFile);
  }

  createQueryCompiler(): QueryCompiler {
    return new PlanStableSqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
