import { SqliteQueryCompiler } from 'kysely';

/**
 * Kysely's SQLite compiler with every bound value written as `+?` instead of `?`.
 *
 * SQLite (3.54, as better-sqlite3 builds it, with SQLITE_ENABLE_STAT4) lets the planner look at
 * the value bound to a `?` that it compares with a column, in any statement that also orders its
 * rows (`where customer_id = ? order by …`), and marks the statement to be planned again whenever
 * that parameter is bound. better-sqlite3 binds every parameter on every run, so such a
 * statement was prepared anew each time it ran: a cart's lines (four tables) took 41 µs a run
 * instead of 2, and a customer's orders 8 µs instead of 2. Only a bare parameter is looked at;
 * `+?` is the same value (SQLite's unary plus changes neither value nor affinity, and a parameter
 * has no affinity of its own) and the same plan, but the planner treats it as an expression and
 * the statement stays prepared. The shop has no partial indexes, the one thing such a value could
 * have chosen (`tests/server/query-plans.test.ts` checks the plans).
 */
export class PlanStableSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}
