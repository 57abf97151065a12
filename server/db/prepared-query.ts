import type { Compilable, CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const MARK = '\u0000shoal-parameter-';

/**
 * A query whose shape never changes, on the hot path: Kysely builds and compiles a query on
 * every call, which for a primary-key lookup costs more than running it. This builds it once
 * per kind of database with marker values, compiles it, and afterwards only puts each call's
 * values where the markers were. `build` must pass its parameters through unchanged.
 */
export function preparedQuery<P extends unknown[], O>(build: (db: Kysely<Database>, ...params: P) => Compilable<O>): (db: Db, ...params: P) => Promise<O[]> {
  const compiled = new WeakMap<object, { query: CompiledQuery<O>; slots: number[] }>();
  return async (db, ...params) => {
    // The adapter is shared by a database and its transactions, and differs between dialects.
    const key = db.getExecutor().adapter;
    let entry = compiled.get(key);
    if (!entry) {
      const markers = params.map((_, i) => `${MARK}${i}`) as P;
      const query = build(db as Kysely<Database>, ...markers).compile();
      const slots = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
      for (let i = 0; i < params.length; i += 1) {
        if (slots.filter((s) => s === i).length !== 1) throw new Error(`preparedQuery: parameter ${i} must appear exactly once, unchanged, in the query`);
      }
      entry = { query, slots };
      compiled.set(key, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i] ?? -1;
      return slot >= 0 ? params[slot] : p;
    });
    return (await db.executeQuery<O>({ ...query, parameters })).rows;
  };
}
