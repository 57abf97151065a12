import { CompiledQuery, type Compilable, type DatabaseConnection, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { SqlDialect } from './database.js';

/**
 * A transaction's last writes, each of which must change exactly one row, sent with its commit.
 *
 * Every order of a product updates that product's stock row, and every order for a slot the
 * slot's row. On PostgreSQL an updated row stays locked until its transaction commits, so these
 * transactions take turns on it. Sent one by one, each such update holds the lock while its
 * answer waits for the server's event loop to read it and send the next statement, and a busy
 * server takes milliseconds for that: orders of a popular product then queue behind each other's
 * round trips, not behind the database. Here, on PostgreSQL, the writes and the `COMMIT` leave in
 * one message (a `DO` block that checks each write's row count, then `COMMIT`), so a lock is held
 * for the updates and the commit's log flush and nothing else. A write that changes no row raises
 * inside the block: the database skips the `COMMIT`, the transaction is rolled back and
 * `GuardedWriteFailed` names the write. On SQLite, whose one writer commits for everyone, the
 * writes run one by one in the transaction and it commits as usual.
 *
 * The caller returns from its transaction right after: nothing may run in it afterwards.
 */

/** A final write changed no row (its guard failed): nothing of the transaction was kept. */
export class GuardedWriteFailed extends Error {
  constructor(readonly index: number) {
    super(`guarded write ${index} changed no row`);
    this.name = 'GuardedWriteFailed';
  }
}

/** Connections whose transaction already committed with its final writes; the driver then sends no COMMIT of its own. */
const committedEarly = new WeakSet<DatabaseConnection>();

/**
 * Whether this connection's transaction was committed by `finishTransaction`, and forgets it: the
 * driver asks at the transaction's commit or rollback, so a pooled connection never carries it on.
 */
export function takeEarlyCommit(connection: DatabaseConnection): boolean {
  return committedEarly.delete(connection);
}

/** The tag that quotes the DO block's body; a statement holding it is sent the ordinary way. */
const BODY_TAG = '$shoal_final$';
/** Raised by the block with the failed write's index as its message. */
const GUARD_STATE = 'SH001';

/** A parameter as an SQL literal, or null when it cannot be written as one safely. */
function literal(value: unknown): string | null {
  if (value === null) return 'NULL';
  // Negative in brackets: after a minus in the statement, `--` would start a comment.
  if (typeof value === 'number') return !Number.isFinite(value) ? null : value < 0 ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  // A backslash is left to the ordinary way: with standard_conforming_strings off it would escape the quote.
  if (typeof value === 'string') return /[\0\\]/.test(value) || value.includes(BODY_TAG) ? null : `'${value.replace(/'/g, "''")}'`;
  return null;
}

/** A compiled PostgreSQL statement with its `$n` parameters written in, or null when one cannot be. */
function inlined(query: CompiledQuery): string | null {
  if (query.sql.includes(BODY_TAG) || query.sql.includes("'")) return null;
  let ok = true;
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = literal(query.parameters[Number(n) - 1]);
    if (value === null) ok = false;
    return value ?? '';
  });
  return ok ? text : null;
}

/** The writes, each checked to change one row, and the commit, as one PostgreSQL message. */
function commitMessage(queries: readonly CompiledQuery[]): string | null {
  const statements = queries.map(inlined);
  if (statements.some((statement) => statement === null)) return null;
  const body = statements
    .map(
      (statement, index) =>
        `${statement}; get diagnostics shoal_rows_changed = row_count; if shoal_rows_changed <> 1 then raise exception using errcode = '${GUARD_STATE}', message = '${index}'; end if;`,
    )
    .join(' ');
  return `do ${BODY_TAG} declare shoal_rows_changed bigint; begin ${body} end ${BODY_TAG}; commit`;
}

/** Runs the transaction's final writes: see the module's comment. Throws GuardedWriteFailed when one changes no row. */
export async function finishTransaction<DB = Database>(trx: Transaction<DB>, writes: readonly Compilable[], dialect: SqlDialect): Promise<void> {
  const queries = writes.map((write) => write.compile());
  const message = dialect === 'postgres' && queries.length > 0 ? commitMessage(queries) : null;
  if (message === null) {
    for (const [index, query] of queries.entries()) {
      const result = await trx.executeQuery(query);
      if (result.numAffectedRows !== 1n) throw new GuardedWriteFailed(index);
    }
    return;
  }
  await trx.getExecutor().provideConnection(async (connection) => {
    try {
      await connection.executeQuery(CompiledQuery.raw(message));
    } catch (error) {
      const { code, message: index } = error as { code?: string; message?: string };
      if (code === GUARD_STATE) throw new GuardedWriteFailed(Number(index));
      throw error;
    }
    committedEarly.add(connection);
  });
}
