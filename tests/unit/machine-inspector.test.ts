import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, sendTo, setup, type InspectionEvent } from 'xstate';
import { docsDir, loadMachines } from '../tools/machine-docs.js';
import {
  activePaths,
  createRecordMaker,
  eventLabel,
  machineStates,
  stateLabel,
  toJson,
  type InspectionRecord,
  type SnapshotRecord,
} from '../../src/inspector/inspection-records.js';
import { markStates } from '../../src/inspector/machine-drawings.js';

describe('the machine inspector’s charts', () => {
  it('finds a box for every state of every machine drawn in docs/machines, in the machine’s order', async () => {
    const index = fs.readFileSync(path.join(docsDir, 'README.md'), 'utf8');
    const files = new Map([...index.matchAll(/^- \[([^\]]+)\]\(([\w-]+)\.md\)$/gm)].map((m) => [m[1], m[2]]));
    const machines = await loadMachines();
    expect(files.size).toBeGreaterThan(20);
    for (const [id, file] of files) {
      const machine = machines.find((entry) => entry.machine.id === id)?.machine;
      expect(machine, `a machine with the id ${id}`).toBeDefined();
      const states = machineStates(machine!);
      const { svg, missing } = markStates(fs.readFileSync(path.join(docsDir, `${file}.svg`), 'utf8'), states);
      expect(missing, `${file}.svg`).toEqual([]);
      const marked = [...svg.matchAll(/<rect [^>]*data-state="([^"]+)"[^>]*\/>\n<(?:rect [^>]*\/>\n<)?text[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
      expect(marked, `${file}.svg`).toEqual(states.map((state) => [state.path, state.key]));
    }
  }, 60_000);

  it('names a drawing’s missing states instead of marking the wrong box', () => {
    const svg = '<svg><rect x="0" rx="10"/>\n<text>idle</text>\n<rect x="1" rx="10"/>\n<text>busy</text>\n</svg>';
    const { svg: marked, missing } = markStates(svg, [
      { path: 'idle', key: 'idle', type: 'atomic' },
      { path: 'waiting', key: 'waiting', type: 'atomic' },
      { path: 'busy', key: 'busy', type: 'atomic' },
    ]);
    expect(missing).toEqual(['waiting']);
    expect(marked).toBe('<svg><rect x="0" rx="10" data-state="idle"/>\n<text>idle</text>\n<rect x="1" rx="10" data-state="busy"/>\n<text>busy</text>\n</svg>');
  });
});

describe('the machine inspector’s records', () => {
  it('reads the states a value is in, parents included, and labels the innermost', () => {
    expect(activePaths('idle')).toEqual(['idle']);
    expect(activePaths({ customer: 'idle' })).toEqual(['customer', 'customer.idle']);
    const parallel = { active: { partway: 'counting', flash: 'off' } };
    expect(activePaths(parallel)).toEqual(['active', 'active.partway', 'active.partway.counting', 'active.flash', 'active.flash.off']);
    expect(stateLabel(parallel)).toBe('active.partway.counting, active.flash.off');
  });

  it('labels events as the charts do', () => {
    const src = (id: string) => (id === '0.cart.customer.updating' ? 'sendChange' : null);
    expect(eventLabel('xstate.done.actor.0.cart.customer.updating', src)).toBe('sendChange done');
    expect(eventLabel('xstate.error.actor.0.cart.customer.updating', src)).toBe('sendChange failed');
    expect(eventLabel('xstate.after.UNLOCK_FLASH.banner.active.unlocked', src)).toBe('after UNLOCK_FLASH');
    expect(eventLabel('cart.changeQty', src)).toBe('cart.changeQty');
  });

  it('copies what an actor holds as JSON, whatever it is', () => {
    const actor = createActor(createMachine({})).start();
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const copy = toJson({
      actor,
      cyclic,
      error: new TypeError('no network'),
      when: new Date(Date.UTC(2026, 0, 2)),
      tags: new Set(['a']),
      byId: new Map([[7, 'seven']]),
      run: function run() {},
      missing: undefined,
      long: Array.from({ length: 250 }, (_, i) => i),
    }) as Record<string, unknown>;
    expect(copy.actor).toEqual({ '@actor': actor.sessionId, id: actor.id });
    expect(copy.cyclic).toEqual({ name: 'loop', self: '[circular]' });
    expect(copy.error).toEqual({ '@error': 'TypeError', message: 'no network' });
    expect(copy.when).toBe('2026-01-02T00:00:00.000Z');
    expect(copy.tags).toEqual(['a']);
    expect(copy.byId).toEqual({ 7: 'seven' });
    expect(copy.run).toBe('[function run]');
    expect(copy.missing).toBeNull();
    expect((copy.long as unknown[]).length).toBe(201);
    expect(structuredClone(copy)).toEqual(copy);
  });

  it('records each actor once with its system id, then every snapshot with the event and its sender', async () => {
    const child = setup({ types: { events: {} as { type: 'ping' } } }).createMachine({
      id: 'pinged',
      context: { pings: 0 },
      on: { ping: { actions: assign({ pings: ({ context }) => context.pings + 1 }) } },
    });
    const parent = setup({ actors: { child, load: fromPromise(async () => 'loaded') } }).createMachine({
      id: 'parent',
      initial: 'loading',
      invoke: { src: 'child', id: 'kid', systemId: 'kid' },
      states: {
        loading: { invoke: { src: 'load', onDone: 'ready' } },
        ready: { entry: sendTo('kid', { type: 'ping' }) },
      },
    });
    const records: InspectionRecord[] = [];
    const make = createRecordMaker(() => 1000);
    const actor = createActor(parent, { inspect: (event: InspectionEvent) => void records.push(...make(event)) }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('ready');

    const actors = records.flatMap((r) => (r.kind === 'actor' ? [r.actor] : [])).sort((a, b) => a.order - b.order);
    expect(actors.map((a) => [a.machine?.id ?? a.src, a.systemId])).toEqual([
      ['parent', null],
      ['pinged', 'kid'],
      ['load', null],
    ]);
    expect(actors[0]?.machine?.states.map((s) => s.path)).toEqual(['loading', 'ready']);
    expect(actors[1]?.parentId).toBe(actor.sessionId);
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));

    const snapshots = (id: string) => records.filter((r): r is SnapshotRecord => r.kind === 'snapshot' && r.actorId === id);
    const kid = snapshots(actors[1]!.sessionId).at(-1)!;
    expect(kid).toMatchObject({ event: { type: 'ping', payload: {} }, sourceId: actor.sessionId, context: { pings: 1 }, status: 'active' });
    const own = snapshots(actor.sessionId);
    expect(own.map((s) => [s.event.type.replace(/\.actor\..*/, '.actor'), s.value])).toEqual([
      ['xstate.init', 'loading'],
      ['xstate.done.actor', 'ready'],
    ]);
    expect(own[0]?.children).toEqual({ kid: actors[1]!.sessionId, [actors[2]!.id]: actors[2]!.sessionId });
    expect(snapshots(actors[2]!.sessionId).at(-1)).toMatchObject({ status: 'done', output: 'loaded' });
    actor.stop();
  });
});
