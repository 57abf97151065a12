import type { Compilable, CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const MARK = '\u0000shoal-parameter-';
/**
 * Compiled shapes kept per query and kind of database: one per length of its list parameters
 * and per set of columns of its row parameters. A call of a shape beyond these is built and
 * compiled afresh.
 */
const MAX_SHAPES = 32;

/**
 * Where a compiled parameter's value comes from in a call: its parameter, the element of a list
 * parameter (or -1) and the column of a row parameter (or null).
 */
type Slot = readonly [param: number, element: number, column: string | null];

interface Prepared<O> {
  query: CompiledQuery<O>;
  slots: (Slot | null)[];
}

/** A value Kysely sends as one parameter, as it is. */
function isPlainValue(value: unknown): boolean {
  return value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array;
}

/** A row of plain values (an insert's values, an update's set), its columns in order, undefined ones left out as Kysely leaves them. */
function rowColumns(value: unknown): string[] | null {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const columns = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  return columns.every((k) => isPlainValue((value as Record<string, unknown>)[k])) ? columns : null;
}

/**
 * The shape of one parameter: '' for a plain value, its length for a list of plain values, its
 * columns for a row, or its length and columns for a list of rows with the same columns; null
 * when it is none of these (an expression, a nested object), which is compiled afresh.
 */
function shapeOf(value: unknown): string | null {
  if (isPlainValue(value)) return '';
  if (Array.isArray(value)) {
    if (value.every(isPlainValue)) return `${value.length}`;
    const columns = value.map((v) => {
      const c = rowColumns(v);
      return c === null ? null : JSON.stringify(c);
    });
    const first = columns[0] ?? null;
    return first !== null && columns.every((c) => c === first) ? `${value.length}x${first}` : null;
  }
  const columns = rowColumns(value);
  return columns === null ? null : JSON.stringify(columns);
}

function marker(slot: Slot): string {
  return `${MARK}${JSON.stringify(slot)}`;
}

function slotOf(value: unknown): Slot | null {
  return typeof value === 'string' && value.startsWith(MARK) ? (JSON.parse(value.slice(MARK.length)) as Slot) : null;
}

/** The parameter with a marker in place of every value it holds, and those markers' slots. */
function markersOf(value: unknown, param: number): { markers: unknown; slots: Slot[] } {
  // shapeOf has accepted the parameter, so every row in it has its columns.
  const row = (r: unknown, element: number, slots: Slot[]) =>
    Object.fromEntries(
      (rowColumns(r) ?? []).map((k) => {
        const slot: Slot = [param, element, k];
        slots.push(slot);
        return [k, marker(slot)];
      }),
    );
  const slots: Slot[] = [];
  if (isPlainValue(value)) {
    const slot: Slot = [param, -1, null];
    return { markers: marker(slot), slots: [slot] };
  }
  if (Array.isArray(value)) {
    const markers = value.map((v, j) => {
      if (isPlainValue(v)) {
        const slot: Slot = [param, j, null];
        slots.push(slot);
        return marker(slot);
      }
      return row(v, j, slots);
    });
    return { markers, slots };
  }
  return { markers: row(value, -1, slots), slots };
}

function prepare<P extends unknown[], O>(db: Db, build: (db: Kysely<Database>, ...params: P) => Compilable<O>, params: P): Prepared<O> {
  const marked = params.map(markersOf);
  const query = build(db as Kysely<Database>, ...(marked.map((m) => m.markers) as P)).compile();
  const compiledSlots = query.parameters.map(slotOf);
  for (const slot of marked.flatMap((m) => m.slots)) {
    const key = JSON.stringify(slot);
    if (compiledSlots.filter((s) => s !== null && JSON.stringify(s) === key).length !== 1)
      throw new Error(`preparedQuery: parameter ${slot[0]} must appear exactly once, unchanged, in the query`);
  }
  return { query, slots: compiledSlots };
}

function valueAt(params: readonly unknown[], [param, element, column]: Slot): unknown {
  const value = element < 0 ? params[param] : (params[param] as unknown[])[element];
  return column === null ? value : (value as Record<string, unknown>)[column];
}

/**
 * Builds `build`'s query once per kind of database and shape of its parameters, with marker
 * values, and returns a runner that afterwards only puts each call's values where the markers
 * were (see preparedQuery).
 */
function preparedRunner<P extends unknown[], O>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<O>,
): (db: Db, ...params: P) => Promise<QueryResult<O>> {
  const compiled = new WeakMap<object, Map<string, Prepared<O>>>();
  return async (db, ...params) => {
    // The adapter is shared by a database and its transactions, and differs between dialects.
    const adapter = db.getExecutor().adapter;
    let shapes = compiled.get(adapter);
    if (!shapes) {
      shapes = new Map();
      compiled.set(adapter, shapes);
    }
    const parts = params.map(shapeOf);
    const shape = parts.includes(null) ? null : JSON.stringify(parts);
    let entry = shape === null ? undefined : shapes.get(shape);
    if (!entry) {
      if (shape === null || shapes.size >= MAX_SHAPES) return db.executeQuery<O>(build(db as Kysely<Database>, ...params).compile());
      entry = prepare(db, build, params);
      shapes.set(shape, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => {
      const slot = slots[i];
      return slot ? valueAt(params, slot) : p;
    });
    return db.executeQuery<O>({ ...query, parameters });
  };
}

/**
 * A query whose shape never changes, on the hot path: Kysely builds and compiles a query on
 * every call, which for a primary-key lookup costs more than running it. This builds it once
 * per kind of database with marker values, compiles it, and afterwards only puts each call's
 * values where the markers were. `build` must pass its parameters through unchanged. A
 * parameter may be a plain value, a list of them (for `in`), a row (an insert's values, an
 * update's set) or a list of rows: such a query is compiled once per length and set of columns
 * it is called with.
 */
export function preparedQuery<P extends unknown[], O>(build: (db: Kysely<Database>, ...params: P) => Compilable<O>): (db: Db, ...params: P) => Promise<O[]> {
  const run = preparedRunner(build);
  return async (db, ...params) => (await run(db, ...params)).rows;
}

/** A write (an insert, update or delete) prepared as preparedQuery prepares a read; answers how many rows it changed. */
export function preparedWrite<P extends unknown[], O>(build: (db: Kysely<Database>, ...params: P) => Compilable<O>): (db: Db, ...params: P) => Promise<number> {
  const run = preparedRunner(build);
  return async (db, ...params) => Number((await run(db, ...params)).numAffectedRows ?? 0);
}
