import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Statements kept prepared on one connection; a statement beyond these is sent unnamed on it. */
export const STATEMENTS_PER_CONNECTION = 300;
/** Statement texts given a name in this process; a text beyond these is always sent unnamed. */
const MAX_NAMED_TEXTS = 5000;
/** What PostgreSQL answers when a prepared statement's result columns changed under it (a column added by a migration). */
const FEATURE_NOT_SUPPORTED = '0A000';
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

/** One name per statement text, the same on every connection, so a name never means two statements. */
const names = new Map<string, string>();

function nameFor(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED_TEXTS) return null;
    name = `shoal_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

function isResultTypeChange(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === FEATURE_NOT_SUPPORTED && typeof message === 'string' && RESULT_TYPE_CHANGED.test(message);
}

/** Whether a statement without parameters opens or ends a transaction (Kysely's begin, commit and rollback, and a commit sent with the final writes). */
function transactionAfter(text: string, inTransaction: boolean): boolean {
  const statement = text.trim().toLowerCase();
  if (statement === 'begin' || statement.startsWith('start transaction')) return true;
  if (statement === 'commit' || statement === 'rollback' || statement.endsWith('; commit')) return false;
  return inTransaction;
}

/**
 * A pooled connection whose statements with parameters are prepared once and then only bound
 * and executed: PostgreSQL parses and plans an unnamed statement on every call, which for the
 * shop's primary-key lookups and one-row writes costs more than running them. A statement with
 * parameters is a single statement sent by the extended protocol either way; one without
 * (begin, commit, a DO block, a migration's DDL) is sent as it is. At most
 * STATEMENTS_PER_CONNECTION statements are kept per connection, the first ones seen, which on a
 * serving shop are its hot paths.
 *
 * A migration that adds a column under a running instance (another instance starting) changes
 * what `select *` answers, and PostgreSQL refuses a prepared statement whose result columns
 * changed. The statement is then sent unnamed on this connection from that call on, and the call
 * is repeated at once when it was not inside a transaction (it was refused before it ran); inside
 * one, the transaction is already lost and the error goes to its caller, whose next try succeeds.
 */
class PreparingClient implements PostgresPoolClient {
  /** Texts prepared on this connection. */
  private readonly prepared = new Set<string>();
  /** Texts whose prepared statement went stale here: sent unnamed on this connection. */
  private readonly stale = new Set<string>();
  private inTransaction = false;

  constructor(
    readonly client: pg.PoolClient,
    private readonly maxStatements: number,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never) as unknown as PostgresCursor<R>;
    return this.run<R>(sqlOrCursor, parameters ?? []);
  }

  release(): void {
    this.client.release();
  }

  private name(text: string): string | null {
    if (this.stale.has(text)) return null;
    if (!this.prepared.has(text) && this.prepared.size >= this.maxStatements) return null;
    return nameFor(text);
  }

  private async run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const values = [...parameters];
    if (values.length === 0) {
      const result = await this.client.query(text, values);
      this.inTransaction = transactionAfter(text, this.inTransaction);
      return result as unknown as PostgresQueryResult<R>;
    }
    const name = this.name(text);
    if (name === null) return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
    try {
      this.prepared.add(text);
      return (await this.client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (!isResultTypeChange(error)) throw error;
      this.prepared.delete(text);
      this.stale.add(text);
      if (this.inTransaction) throw error;
      return (await this.client.query(text, values)) as unknown as PostgresQueryResult<R>;
    }
  }
}

/**
 * The pool Kysely draws its connections from, each wrapped once as a PreparingClient that lives
 * as long as its connection.
 */
export class PreparingPool implements PostgresPool {
  private readonly clients = new WeakMap<pg.PoolClient, PreparingClient>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly maxStatements = STATEMENTS_PER_CONNECTION,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let preparing = this.clients.get(client);
    if (!preparing) {
      preparing = new PreparingClient(client, this.maxStatements);
      this.clients.set(client, preparing);
    }
    return preparing;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
