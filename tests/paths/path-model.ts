/**
 * Path models: for each machine whose flows QA replays in the browser, a pure XState machine
 * (no invokes, no timers, so createTestModel accepts it) whose states are what the customer can
 * stand in front of, and whose events are what the customer or the world does (a click, a
 * server answer, the network dropping, time passing). Each model state names the state of the
 * real machine it stands for (`meta.real`), so a test can check the model against the real
 * machine: a new state in the real machine fails that check until the model reaches it, and
 * then createTestModel yields a new browser path for it.
 */
import { createTestModel } from '@xstate/graph';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface ModelStateMeta {
  /** Dotted path of the real machine's state this model state stands for ('payment.window'). */
  real: string;
  /** What the customer sees there; used in path names. */
  description: string;
  /**
   * Real states the step into this model state passes through on its way, too brief to stand
   * in; the state's check asserts the trace they leave (a browser event, a closed socket).
   */
  passes?: string[];
}

export interface PathModel {
  /** The name used on the command line and in file names: `checkout`, `pending-orders`. */
  name: string;
  /** The real machine, from machines/. */
  machine: AnyStateMachine;
  /** The pure model walked by createTestModel. */
  model: AnyStateMachine;
  /**
   * Real states nobody can stand in (left at once by an eventless transition), each with the
   * reason. Every other real state must be reached by some model state.
   */
  transient: Record<string, string>;
  /** The browser test file that replays the paths. */
  testFile: string;
}

export interface ModelPath {
  /** A short stable id: `checkout 7`. */
  id: string;
  description: string;
  /** What the customer sees at the end of the path. */
  target: string;
  events: string[];
  /** Model states along the path, in order (the initial state first). */
  states: string[];
}

function walk(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => walk(child as AnyStateNode))];
}

/** Dotted paths of every state of a machine ('editing', 'editing.ready', ...). */
export function statePathsOf(machine: AnyStateMachine): string[] {
  return walk(machine.root)
    .filter((node) => node.path.length > 0)
    .map((node) => node.path.join('.'));
}

/** Atomic and final states of the real machine: the ones a model must reach (ancestors follow). */
export function leafStatesOf(machine: AnyStateMachine): string[] {
  return walk(machine.root)
    .filter((node) => node.path.length > 0 && Object.keys(node.states).length === 0)
    .map((node) => node.path.join('.'));
}

/** Model state key → its meta, for every state of the model. */
export function modelStates(model: AnyStateMachine): Map<string, ModelStateMeta> {
  const out = new Map<string, ModelStateMeta>();
  for (const node of walk(model.root)) {
    if (node.path.length === 0) continue;
    out.set(node.path.join('.'), node.meta as ModelStateMeta);
  }
  return out;
}

/** Every event type the model's states accept. */
export function modelEvents(model: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of walk(model.root)) for (const type of node.ownEvents) types.add(type);
  return [...types].sort();
}

/** The shortest paths of a model: one per transition, paths that prefix a longer one left out. */
export function shortestPaths(pathModel: PathModel) {
  return createTestModel(pathModel.model).getShortestPaths();
}

function stateKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return child === undefined ? String(key) : `${key}.${stateKey(child)}`;
}

/** The paths of a model in a printable form, numbered in the order the browser test runs them. */
export function describePaths(pathModel: PathModel): ModelPath[] {
  return shortestPaths(pathModel).map((path, i) => ({
    id: `${pathModel.name} ${i + 1}`,
    description: path.description,
    target: modelStates(pathModel.model).get(stateKey(path.state.value))?.description ?? stateKey(path.state.value),
    events: path.steps.map((s) => s.event.type).filter((type) => type !== 'xstate.init'),
    states: path.steps.map((s) => stateKey(s.state.value)),
  }));
}

/** The name a browser test gets for one path: its id in brackets first, so one path can be picked out. */
export function testNameOf(pathModel: PathModel, index: number, description: string): string {
  return `[${pathModel.name} ${index + 1}] ${description}`;
}

/** The vitest name filter (-t) that selects exactly one path. */
export function testNameFilter(id: string): string {
  return `\\[${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]`;
}

/** One arrow of a model: from a state, on an event, to a state (dotted keys). */
export interface ModelTransition {
  source: string;
  event: string;
  target: string;
}

/** Every transition the model declares. */
export function modelTransitions(model: AnyStateMachine): ModelTransition[] {
  const out: ModelTransition[] = [];
  for (const node of walk(model.root)) {
    if (node.path.length === 0) continue;
    for (const [event, definitions] of node.transitions) {
      for (const definition of definitions) {
        for (const target of definition.target ?? []) out.push({ source: node.path.join('.'), event, target: target.path.join('.') });
      }
    }
  }
  return out;
}

const arrow = (t: ModelTransition) => `${t.source} --${t.event}--> ${t.target}`;

export interface Coverage {
  machine: string;
  pathsPassed: number;
  pathsTotal: number;
  modelStates: { covered: number; total: number };
  modelTransitions: { covered: number; total: number };
  /** Leaf states of the real machine reached through the covered model states' `real` and `passes`. */
  realStates: { covered: number; total: number; transient: number; missed: string[] };
}

/**
 * What the paths that passed (by id, `checkout 7`) walked of a model and of its real machine.
 * Only passed paths count: a failed path proves nothing about the states after its failing step.
 */
export function coverageOf(pathModel: PathModel, passedIds: ReadonlySet<string>): Coverage {
  const paths = describePaths(pathModel);
  const passed = paths.filter((p) => passedIds.has(p.id));
  const walkedStates = new Set(passed.flatMap((p) => p.states));
  const walkedArrows = new Set(passed.flatMap((p) => p.events.map((event, i) => `${p.states[i]} --${event}--> ${p.states[i + 1]}`)));
  const states = modelStates(pathModel.model);
  const transitions = modelTransitions(pathModel.model);
  const reached = new Set([...walkedStates].flatMap((key) => [states.get(key)?.real ?? '', ...(states.get(key)?.passes ?? [])]));
  const leaves = leafStatesOf(pathModel.machine).filter((s) => !(s in pathModel.transient));
  return {
    machine: pathModel.name,
    pathsPassed: passed.length,
    pathsTotal: paths.length,
    modelStates: { covered: [...states.keys()].filter((k) => walkedStates.has(k)).length, total: states.size },
    modelTransitions: { covered: transitions.filter((t) => walkedArrows.has(arrow(t))).length, total: transitions.length },
    realStates: {
      covered: leaves.filter((s) => reached.has(s)).length,
      total: leaves.length,
      transient: Object.keys(pathModel.transient).length,
      missed: leaves.filter((s) => !reached.has(s)),
    },
  };
}

/** The coverage rows as a plain-text table. */
export function coverageTable(rows: Coverage[]): string {
  const pct = (c: { covered: number; total: number }) => `${c.covered}/${c.total} (${c.total === 0 ? 100 : Math.round((100 * c.covered) / c.total)}%)`;
  const header = ['machine', 'paths passed', 'model states', 'model transitions', 'real states (leaf)'];
  const body = rows.map((r) => [
    r.machine,
    `${r.pathsPassed}/${r.pathsTotal}`,
    pct(r.modelStates),
    pct(r.modelTransitions),
    `${pct(r.realStates)}${r.realStates.transient > 0 ? ` +${r.realStates.transient} transient` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const missed = rows.filter((r) => r.realStates.missed.length > 0).map((r) => `${r.machine} did not reach: ${r.realStates.missed.join(', ')}`);
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line), ...(missed.length ? ['', ...missed] : [])].join('\n');
}
