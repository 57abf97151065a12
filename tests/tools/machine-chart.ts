/**
 * The state chart of a machine as the docs draw it: nested states, the actors each state invokes,
 * and arrows labelled with their event, guard and delay. The spec's figures (retries, poll
 * counts, reconnect delays) are read from the constants the machine modules export, found by
 * name in the source of the guards, delays and other functions the machine uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** A named number (or list of numbers) of a machine module, shown as `NAME = value`. */
export interface Figure {
  name: string;
  value: string;
}

export interface ChartState {
  id: string;
  /** The state's own key; the root is the machine's id. */
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Marks a region of a parallel state. */
  region: boolean;
  initial: string | null;
  /** One line per invoked actor: its src name and the figures inside it. */
  invokes: string[];
  children: ChartState[];
}

export interface ChartEdge {
  source: string;
  target: string;
  /** The event as the diagram names it: `placeOrder done`, `after 1 s (PLACE_ORDER_RETRY)`, `always`. */
  event: string;
  guard: string | null;
  /** First line: the event and guard; further lines: figures the guard or delay uses. */
  lines: string[];
}

export interface Chart {
  id: string;
  root: ChartState;
  edges: ChartEdge[];
  /** Every figure the machine uses, its invoked machines' included. */
  figures: Figure[];
}

/** Numeric constants and helper functions exported by the modules of machines/. */
export interface FigureIndex {
  constants: Map<string, string>;
  functions: Map<string, string[]>;
  /** The constants exported beside each machine: by its module and the modules named like it (checkout.rules.ts beside checkout.machine.ts). */
  besideMachine: Map<unknown, Figure[]>;
}

type AnyFunction = (...args: unknown[]) => unknown;

const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;

/** 1000 → "1 s", 600 → "600 ms", 300000 → "5 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function formatFigure(name: string, value: number): string {
  if (name.endsWith('_MS')) return formatDuration(value);
  if (name.endsWith('_SECONDS')) return formatDuration(value * 1000);
  return String(value);
}

function figureValue(name: string, value: unknown): string | null {
  if (typeof value === 'number') return formatFigure(name, value);
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) return value.map((v: number) => formatFigure(name, v)).join(', ');
  return null;
}

export async function loadFigureIndex(dir: string): Promise<FigureIndex> {
  const constants = new Map<string, string>();
  const functions = new Map<string, string[]>();
  const besideMachine = new Map<unknown, Figure[]>();
  const ownByFile = new Map<string, Figure[]>();
  const machinesByFile = new Map<string, unknown[]>();
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    const own: Figure[] = [];
    for (const [name, value] of Object.entries(module)) {
      const figure = CONSTANT_NAME.test(name) ? figureValue(name, value) : null;
      if (figure !== null) {
        constants.set(name, figure);
        own.push({ name, value: figure });
      } else if (typeof value === 'function') {
        functions.set(name, [...(functions.get(name) ?? []), Function.prototype.toString.call(value)]);
      }
    }
    ownByFile.set(file, own);
    machinesByFile.set(file, Object.values(module).filter(isStateMachine));
  }
  for (const [file, machines] of machinesByFile) {
    const stem = `${file.replace(/\.machine\.ts$/, '')}.`;
    const beside = mergeFigures(...[...ownByFile].filter(([other]) => other.startsWith(stem)).map(([, own]) => own));
    for (const machine of machines) besideMachine.set(machine, beside);
  }
  return { constants, functions, besideMachine };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The figures named in a piece of source, following calls of exported helpers (reconnectDelay → RECONNECT_DELAYS_MS). */
function figuresInSource(index: FigureIndex, source: string, seen = new Set<string>()): Figure[] {
  const found = new Map<string, string>();
  for (const [name, value] of index.constants) if (new RegExp(`\\b${name}\\b`).test(source)) found.set(name, value);
  for (const [name, sources] of index.functions) {
    if (seen.has(name) || !new RegExp(`\\b${escapeRegExp(name)}\\s*\\(`).test(source)) continue;
    seen.add(name);
    for (const inner of sources) for (const f of figuresInSource(index, inner, seen)) found.set(f.name, f.value);
  }
  return [...found].map(([name, value]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Source text of every function reachable from a value: inline guards, assign()'s assignment, and so on. */
function sourcesIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) return [];
  seen.add(value);
  // A machine is drawn on its own page; its figures come in through the invoke that runs it.
  if (typeof value === 'object' && 'root' in value && 'implementations' in value) return [];
  const own = typeof value === 'function' ? [Function.prototype.toString.call(value)] : [];
  const nested = Object.values(value as object).flatMap((v) => sourcesIn(v, seen));
  return [...own, ...nested];
}

function figureText(figures: Figure[]): string {
  return figures.map((f) => `${f.name} = ${f.value}`).join(', ');
}

function mergeFigures(...lists: Figure[][]): Figure[] {
  const byName = new Map<string, string>();
  for (const list of lists) for (const f of list) byName.set(f.name, f.value);
  return [...byName].map(([name, value]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The key the diagrams use for a state: its path joined by "__". */
export function nodeKey(node: AnyStateNode): string {
  return node.path.length === 0 ? 'root' : node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_');
}

/**
 * Inline code as written, whichever compiler loaded it: module prefixes of compiled imports
 * dropped, quotes and spacing made uniform.
 */
function readableCode(source: string): string {
  return source
    .replace(/\b(?:__vi_import_\d+__|__vite_ssr_import_\d+__|import_[\w$]+)\./g, '')
    .replace(/\(0,\s*([\w$.]+)\)/g, '$1')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/,\s*([)}\]])/g, ' $1')
    .trim();
}

/** An inline guard function shown by its condition: `({ context }) => Boolean(context.profile?.Name)` reads `Boolean(context.profile?.Name)`. */
function inlineGuardName(fn: AnyFunction): string {
  const code = readableCode(Function.prototype.toString.call(fn));
  const arrow = /^(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>\s*(.*)$/s.exec(code);
  let body = arrow?.[1] ?? code;
  const block = /^\{\s*return\s+(.*?);?\s*\}$/s.exec(body);
  if (block?.[1]) body = block[1];
  return body.length > 48 ? `${body.slice(0, 47)}…` : body;
}

interface GuardLike {
  type?: string;
  guards?: unknown[];
  stateValue?: unknown;
  check?: unknown;
}

/** A guard's readable name and the implementation whose source holds its figures. */
function describeGuard(machine: AnyStateMachine, guard: unknown): { name: string; sources: string[] } {
  if (typeof guard === 'string') return { name: guard, sources: sourcesIn(machine.implementations.guards[guard]) };
  if (typeof guard === 'function') {
    const g = guard as AnyFunction & GuardLike;
    if (g.check && Array.isArray(g.guards)) {
      const parts = g.guards.map((inner) => describeGuard(machine, inner));
      const names = parts.map((p) => p.name);
      const name = g.name === 'not' ? `not ${names[0] ?? ''}` : names.join(` ${g.name} `);
      return { name, sources: parts.flatMap((p) => p.sources) };
    }
    if (g.check && g.stateValue !== undefined) return { name: `in ${JSON.stringify(g.stateValue)}`, sources: [] };
    return { name: inlineGuardName(g), sources: [Function.prototype.toString.call(g)] };
  }
  if (typeof guard === 'object' && guard !== null && typeof (guard as GuardLike).type === 'string') return describeGuard(machine, (guard as GuardLike).type);
  return { name: 'guard', sources: [] };
}

/** The context a machine starts with, when it can be made without real input; else null. */
function initialContext(machine: AnyStateMachine): unknown {
  const factory: unknown = machine.config.context;
  if (typeof factory !== 'function') return factory ?? null;
  try {
    return (factory as AnyFunction)({ input: {}, self: undefined, spawn: () => undefined });
  } catch {
    return null;
  }
}

interface DelayInfo {
  text: string;
  figures: Figure[];
}

function describeDelay(machine: AnyStateMachine, index: FigureIndex, raw: string): DelayInfo {
  if (/^\d+$/.test(raw)) return { text: formatDuration(Number(raw)), figures: [] };
  const impl: unknown = machine.implementations.delays?.[raw];
  if (typeof impl === 'number') return { text: `${formatDuration(impl)} (${raw})`, figures: [] };
  const figures = figuresInSource(index, sourcesIn(impl).join('\n'));
  // The figures a computed delay is chosen from are its whole schedule; its value with the
  // starting data is only a sample (a retry delay is read after the first failure, not before).
  if (figures.length > 0) return { text: raw, figures };
  if (typeof impl === 'function') {
    const context = initialContext(machine);
    if (context !== null) {
      try {
        const value: unknown = (impl as AnyFunction)({ context, event: { type: 'xstate.init' } }, undefined);
        if (typeof value === 'number') return { text: `${raw}, ${formatDuration(value)} at start`, figures };
      } catch {
        // Falls back to the delay's name.
      }
    }
  }
  return { text: raw, figures };
}

interface MachineFacts {
  index: FigureIndex;
  /** Memoised figures of machines, for the invokes that run them. */
  figuresOf: Map<AnyStateMachine, Figure[]>;
}

function invokedName(invoke: { src: unknown; id: string }): string {
  return typeof invoke.src === 'string' ? invoke.src : invoke.id.replace(/^0\./, '');
}

function invokedLogic(machine: AnyStateMachine, invoke: { src: unknown }): unknown {
  return typeof invoke.src === 'string' ? machine.implementations.actors[invoke.src] : invoke.src;
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'implementations' in value && 'config' in value;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

/** Every figure of a machine: its named delays, the constants its functions name, and those of the machines it invokes. */
function machineFigures(machine: AnyStateMachine, facts: MachineFacts): Figure[] {
  const known = facts.figuresOf.get(machine);
  if (known) return known;
  facts.figuresOf.set(machine, []);
  const sources = [
    ...sourcesIn(machine.config),
    ...sourcesIn(machine.implementations.guards),
    ...sourcesIn(machine.implementations.delays),
    ...sourcesIn(machine.implementations.actions),
  ].join('\n');
  const children = allNodes(machine.root)
    .flatMap((node) => node.invoke)
    .map((invoke) => invokedLogic(machine, invoke))
    .filter(isStateMachine)
    .map((child) => machineFigures(child, facts));
  const own = mergeFigures(facts.index.besideMachine.get(machine) ?? [], figuresInSource(facts.index, sources));
  // A named delay set from a constant (PAYMENT_POLL_INTERVAL: PAYMENT_POLL_MS) is listed once, by the constant.
  const delays: Figure[] = Object.entries(machine.implementations.delays ?? {})
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => ({ name, value: formatDuration(value as number) }))
    .filter((delay) => !own.some((f) => f.value === delay.value));
  const figures = mergeFigures(own, delays, ...children);
  facts.figuresOf.set(machine, figures);
  return figures;
}

function eventText(machine: AnyStateMachine, index: FigureIndex, eventType: string, source: AnyStateNode): DelayInfo {
  // xstate.after.<delay>.<id of the state that waits>
  if (eventType.startsWith('xstate.after.') && eventType.endsWith(`.${source.id}`)) {
    const info = describeDelay(machine, index, eventType.slice('xstate.after.'.length, -(source.id.length + 1)));
    return { text: `after ${info.text}`, figures: info.figures };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor?.[1] && actor[2]) {
    const invoked = source.invoke.find((i) => i.id === actor[2]);
    const name = invoked ? invokedName(invoked) : actor[2].replace(/^0\./, '');
    return { text: `${name} ${actor[1] === 'done' ? 'done' : 'failed'}`, figures: [] };
  }
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone?.[1]) return { text: `${stateDone[1]} done`, figures: [] };
  return { text: eventType === '' ? 'always' : eventType, figures: [] };
}

function chartState(machine: AnyStateMachine, node: AnyStateNode, facts: MachineFacts, parallelParent: boolean): ChartState {
  const initial = node.type === 'compound' ? ((node.initial?.target?.[0] as AnyStateNode | undefined) ?? null) : null;
  const invokes = node.invoke.map((invoke) => {
    const logic = invokedLogic(machine, invoke);
    const inner = isStateMachine(logic) ? machineFigures(logic, facts) : [];
    return `invokes ${invokedName(invoke)}${inner.length > 0 ? ` (${figureText(inner)})` : ''}`;
  });
  return {
    id: nodeKey(node),
    key: node.path.length === 0 ? machine.id : node.key,
    type: node.type,
    region: parallelParent,
    initial: initial ? nodeKey(initial) : null,
    invokes,
    children: Object.values(node.states).map((child) => chartState(machine, child as AnyStateNode, facts, node.type === 'parallel')),
  };
}

interface TransitionLike {
  eventType: string;
  target?: readonly AnyStateNode[] | undefined;
  guard?: unknown;
}

function chartEdges(machine: AnyStateMachine, node: AnyStateNode, index: FigureIndex): ChartEdge[] {
  const groups: TransitionLike[][] = [...(node.transitions.values() as Iterable<TransitionLike[]>), (node.always ?? []) as TransitionLike[]];
  const edges: ChartEdge[] = [];
  // Of the transitions on one event the first whose guard passes is taken; one without a guard after guarded ones is the otherwise.
  const choices = groups.flatMap((group) =>
    group.map((t, i) => ({ t, otherwise: t.guard === undefined && group.slice(0, i).some((g) => g.guard !== undefined) })),
  );
  for (const { t, otherwise } of choices) {
    const event = eventText(machine, index, t.eventType, node);
    const guard = t.guard === undefined ? (otherwise ? { name: 'else', sources: [] } : null) : describeGuard(machine, t.guard);
    const figures = mergeFigures(event.figures, figuresInSource(index, guard?.sources.join('\n') ?? ''));
    const lines = [guard ? `${event.text} [${guard.name}]` : event.text, ...figures.map((f) => `${f.name} = ${f.value}`)];
    for (const target of t.target ?? [node]) {
      const edge = { source: nodeKey(node), target: nodeKey(target), event: event.text, guard: guard?.name ?? null, lines };
      if (!edges.some((e) => e.source === edge.source && e.target === edge.target && e.lines.join('\n') === lines.join('\n'))) edges.push(edge);
    }
  }
  return [...edges, ...Object.values(node.states).flatMap((child) => chartEdges(machine, child as AnyStateNode, index))];
}

export function chartOf(machine: AnyStateMachine, index: FigureIndex, figuresOf = new Map<AnyStateMachine, Figure[]>()): Chart {
  const facts: MachineFacts = { index, figuresOf };
  return {
    id: machine.id,
    root: chartState(machine, machine.root, facts, false),
    edges: chartEdges(machine, machine.root, index),
    figures: machineFigures(machine, facts),
  };
}
