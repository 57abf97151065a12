/**
 * What the local machine inspector records of a running actor system, in a form that can be
 * kept, sent to another tab (BroadcastChannel clones it) and saved as JSON: actor refs, machine
 * objects, functions and cycles are replaced by short descriptions.
 */
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One state of a machine, in the order the machine writes them (parents before their children). */
export interface StateInfo {
  /** Keys from the machine's root, joined by dots: `customer.idle`. */
  path: string;
  key: string;
  type: string;
}

export interface ActorInfo {
  /** Unique within the tab (XState's session id). */
  sessionId: string;
  /** Counts the tab's actors in the order they were created (a parent before the children it starts). */
  order: number;
  /** The id its parent gave it (an invoke or spawn id), or XState's own for a root. */
  id: string;
  /** The name the app's actor system knows it by (`cart`, `banner`), if any. */
  systemId: string | null;
  parentId: string | null;
  /** The name of the logic its parent invoked or spawned (`fetchCart`), if it named one. */
  src: string | null;
  /** For a machine: its id (the name of its page in docs/machines) and its states. */
  machine: { id: string; states: StateInfo[] } | null;
}

export interface ActorRecord {
  kind: 'actor';
  seq: number;
  /** Milliseconds since the epoch. */
  at: number;
  actor: ActorInfo;
}

export interface SnapshotRecord {
  kind: 'snapshot';
  seq: number;
  at: number;
  actorId: string;
  /** The event that led to this snapshot (`xstate.init` for the first). */
  event: { type: string; payload: Json };
  /** Who sent the event: a session id of the same tab, or null when it came from outside the actors (a view, a timer). */
  sourceId: string | null;
  status: string;
  /** A machine's state value. */
  value: Json;
  context: Json;
  /** A machine's children: their session ids by the id it gave them. */
  children: Record<string, string>;
  /** The output of a finished actor, or its error. */
  output: Json;
}

export type InspectionRecord = ActorRecord | SnapshotRecord;

const MAX_DEPTH = 8;
const MAX_ITEMS = 200;
const MAX_STRING = 2000;

function isActorRef(value: object): value is AnyActorRef {
  return 'sessionId' in value && typeof (value as { send?: unknown }).send === 'function';
}

function isMachine(value: object): value is AnyStateMachine {
  return 'root' in value && 'config' in value && typeof (value as { transition?: unknown }).transition === 'function';
}

/** A JSON copy of any value an actor holds, cut at a depth and a size so a large context stays cheap. */
export function toJson(value: unknown, depth = 0, seen: Set<object> = new Set()): Json {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[function ${value.name || 'anonymous'}]`;
  }
  const object = value as object;
  if (isActorRef(object)) return { '@actor': object.sessionId, id: object.id };
  if (isMachine(object)) return `[machine ${object.id}]`;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (object instanceof Error) return { '@error': object.name, message: object.message };
  if (seen.has(object)) return '[circular]';
  if (depth >= MAX_DEPTH) return Array.isArray(object) ? `[${object.length} items]` : '[…]';
  seen.add(object);
  try {
    if (Array.isArray(object) || object instanceof Set) {
      const items = [...object];
      const copy = items.slice(0, MAX_ITEMS).map((item) => toJson(item, depth + 1, seen));
      if (items.length > MAX_ITEMS) copy.push(`… ${items.length - MAX_ITEMS} more`);
      return copy;
    }
    const entries: [unknown, unknown][] = object instanceof Map ? [...object.entries()] : Object.entries(object);
    const copy: Record<string, Json> = {};
    for (const [key, item] of entries.slice(0, MAX_ITEMS)) copy[String(key)] = toJson(item, depth + 1, seen);
    if (entries.length > MAX_ITEMS) copy['…'] = `${entries.length - MAX_ITEMS} more`;
    return copy;
  } finally {
    seen.delete(object);
  }
}

/** Every state of a machine with its dotted path, parents first, in the order the machine writes them. */
export function machineStates(machine: AnyStateMachine): StateInfo[] {
  const states: StateInfo[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const child of Object.values(node.states)) {
      states.push({ path: child.path.join('.'), key: child.key, type: child.type });
      visit(child);
    }
  };
  visit(machine.root);
  return states;
}

/** The dotted paths of every state a state value is in, parents included: `{ customer: 'idle' }` gives `customer`, `customer.idle`. */
export function activePaths(value: Json, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  if (typeof value === 'string') return [join(value)];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [join(key), ...activePaths(inner, join(key))]);
}

/** The state value as one line: `customer.idle`, or `active.partway.counting, …` for parallel states. */
export function stateLabel(value: Json): string {
  const paths = activePaths(value);
  const leaves = paths.filter((path) => !paths.some((other) => other.startsWith(`${path}.`)));
  return leaves.join(', ');
}

function actorInfo(actorRef: AnyActorRef, order: number): ActorInfo {
  const logic = (actorRef as { logic?: unknown }).logic;
  const machine = logic && typeof logic === 'object' && isMachine(logic) ? logic : null;
  const parent = (actorRef as { _parent?: AnyActorRef })._parent;
  return {
    sessionId: actorRef.sessionId,
    order,
    id: actorRef.id,
    systemId: (actorRef as { systemId?: string }).systemId ?? null,
    parentId: parent?.sessionId ?? null,
    src: typeof actorRef.src === 'string' ? actorRef.src : null,
    machine: machine ? { id: machine.id, states: machineStates(machine) } : null,
  };
}

function eventOf(event: { type: string }): SnapshotRecord['event'] {
  const { type, ...payload } = event;
  return { type, payload: toJson(payload) };
}

/**
 * Turns XState's inspection events into records, numbered in the order they happen. An actor is
 * described with its first snapshot, as XState reports its creation before it has its system id,
 * and a child's first snapshot comes before its parent's.
 * The event that reaches an actor is reported before the snapshot it leads to; its sender is kept until then.
 */
export function createRecordMaker(now: () => number = Date.now): (event: InspectionEvent) => InspectionRecord[] {
  let seq = 0;
  const senders = new WeakMap<object, string>();
  let created = 0;
  const creation = new WeakMap<object, number>();
  const described = new WeakSet<object>();
  return (inspection) => {
    if (inspection.type === '@xstate.actor') {
      creation.set(inspection.actorRef, ++created);
      return [];
    }
    if (inspection.type === '@xstate.event') {
      if (inspection.sourceRef) senders.set(inspection.event, inspection.sourceRef.sessionId);
      return [];
    }
    if (inspection.type !== '@xstate.snapshot') return [];
    const actorRef = inspection.actorRef as AnyActorRef;
    const records: InspectionRecord[] = [];
    const at = now();
    if (!described.has(actorRef)) {
      described.add(actorRef);
      records.push({ kind: 'actor', seq: ++seq, at, actor: actorInfo(actorRef, creation.get(actorRef) ?? ++created) });
    }
    const snapshot = inspection.snapshot as {
      status?: string;
      value?: unknown;
      context?: unknown;
      children?: Record<string, AnyActorRef | undefined>;
      output?: unknown;
      error?: unknown;
    };
    const children: Record<string, string> = {};
    for (const [key, child] of Object.entries(snapshot.children ?? {})) if (child) children[key] = child.sessionId;
    records.push({
      kind: 'snapshot',
      seq: ++seq,
      at,
      actorId: actorRef.sessionId,
      event: eventOf(inspection.event),
      sourceId: senders.get(inspection.event) ?? null,
      status: snapshot.status ?? 'active',
      value: toJson(snapshot.value),
      context: toJson(snapshot.context),
      children,
      output: toJson(snapshot.status === 'error' ? snapshot.error : snapshot.output),
    });
    return records;
  };
}

/**
 * An event's type as the charts of docs/machines label it: `fetchCart done`, `fetchCart failed`,
 * `after 3000`; `src` names the logic of the invoked actor of that id.
 */
export function eventLabel(type: string, src: (actorId: string) => string | null): string {
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (settled) return `${src(settled[2] ?? '') ?? settled[2]} ${settled[1] === 'done' ? 'done' : 'failed'}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  return after ? `after ${after[1]}` : type;
}
