import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describePaths, leafStatesOf, modelStates, statePathsOf } from '../paths/path-model';
import { pathModels } from '../paths/path-models';

const root = path.resolve(import.meta.dirname, '..', '..');

describe.each(pathModels.map((m) => [m.name, m] as const))('the %s path model', (_, pathModel) => {
  const real = new Set(statePathsOf(pathModel.machine));
  const states = modelStates(pathModel.model);
  const reached = new Set([...states.values()].flatMap((meta) => [meta.real, ...(meta.passes ?? [])]));

  it('reaches every state of the real machine, so a new state yields a new browser path', () => {
    const missing = leafStatesOf(pathModel.machine).filter((s) => !reached.has(s) && !(s in pathModel.transient));
    expect(missing, `states of machines/ that no path reaches: add a model state for each in tests/paths/${pathModel.name}.paths.ts`).toEqual([]);
  });

  it('names only states the real machine has', () => {
    const unknown = [...reached, ...Object.keys(pathModel.transient)].filter((s) => !real.has(s));
    expect(unknown).toEqual([]);
  });

  it('calls transient only states left by an eventless transition', () => {
    for (const name of Object.keys(pathModel.transient)) {
      const node = pathModel.machine.getStateNodeById(`${pathModel.machine.id}.${name}`);
      expect(node.always?.length ?? 0, `${name} has no eventless transition`).toBeGreaterThan(0);
    }
  });

  it('describes what the customer sees in every model state', () => {
    for (const [key, meta] of states) expect(meta?.description, `model state ${key}`).toBeTruthy();
  });

  it('walks every model state in some shortest path', () => {
    const walked = new Set(describePaths(pathModel).flatMap((p) => p.states));
    expect([...states.keys()].filter((k) => !walked.has(k))).toEqual([]);
  });

  it('is replayed by its browser test file', () => {
    expect(fs.existsSync(path.join(root, pathModel.testFile))).toBe(true);
  });
});
