import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { actorOptions, setInspector } from '../../src/app/actor-options';

const srcDir = path.resolve(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The argument text of every call of `name(` in a file, up to its closing parenthesis. */
function callsOf(source: string, name: string): string[] {
  const calls: string[] = [];
  for (let at = source.indexOf(`${name}(`); at !== -1; at = source.indexOf(`${name}(`, at + 1)) {
    let depth = 0;
    let end = at + name.length;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      if (source[end] === ')' && --depth === 0) break;
    }
    calls.push(source.slice(at, end + 1));
  }
  return calls;
}

describe('the Stately inspector sees every actor of the app', () => {
  it('creates every actor of src/ with actorOptions()', () => {
    const bare: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const source = fs.readFileSync(file, 'utf8');
      for (const name of ['createActor', 'useActorRef', 'useMachine']) {
        for (const call of callsOf(source, name)) {
          if (!call.includes('actorOptions(')) bare.push(`${path.relative(srcDir, file)}: ${call.split('\n')[0]}`);
        }
      }
    }
    expect(bare, 'actors created without actorOptions(): the inspector would not see them').toEqual([]);
  });

  it('hands the inspector to an actor created after it is switched on, and its children', () => {
    const seen: string[] = [];
    setInspector((event: InspectionEvent) => {
      if (event.type === '@xstate.actor') seen.push((event.actorRef as unknown as { id: string }).id);
    });
    try {
      const child = createMachine({ id: 'child' });
      const parent = createMachine({ id: 'parent', invoke: { id: 'child', src: child } });
      const actor = createActor(parent, actorOptions({ id: 'app-parent' })).start();
      expect(seen).toEqual(['app-parent', 'child']);
      actor.stop();
    } finally {
      setInspector(undefined);
    }
    expect(actorOptions({ input: 1 })).toEqual({ input: 1 });
  });
});
