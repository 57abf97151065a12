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

/**
 * Machines of machines/ without a path model of their own: each runs inside a state of another
 * machine whose path model reaches that state, so its flow is walked in the browser there.
 */
const WALKED_WITHIN: Record<string, { model: string; states: string[]; how: string }> = {
  'payment-status.machine.ts': { model: 'checkout', states: ['payment.polling'], how: 'invoked while checkout polls the payment status' },
  'upi-approval.machine.ts': { model: 'checkout', states: ['payment.awaitingApproval'], how: 'invoked while checkout waits on the UPI app' },
  'payment-popup.machine.ts': { model: 'checkout', states: ['succeeded', 'failed'], how: 'the countdown of the payment result popups' },
};

/** Machines with nothing a shopper stands in front of. */
const NO_SCREEN: Record<string, string> = {
  'app.machine.ts': 'the root of the actor system: it spawns the app actors as they join and has no state of its own',
};

describe('every machine of machines/', () => {
  const files = fs.readdirSync(path.join(root, 'machines')).filter((f) => f.endsWith('.machine.ts'));

  it.each(files)('%s is walked in the browser by a path model', async (file) => {
    const module = (await import(path.join(root, 'machines', file))) as Record<string, unknown>;
    const machines = Object.values(module).filter((v): v is { root: unknown } => typeof v === 'object' && v !== null && 'root' in v && 'config' in v);
    const modelled = machines.filter((m) => pathModels.some((p) => p.machine === m));
    if (file in NO_SCREEN) {
      expect(modelled, `${file} is listed as having no screen but has a path model`).toEqual([]);
      return;
    }
    const within = WALKED_WITHIN[file];
    if (within) {
      const parent = pathModels.find((p) => p.name === within.model);
      expect(parent, `no ${within.model} path model`).toBeDefined();
      const reached = new Set([...modelStates(parent!.model).values()].flatMap((meta) => [meta.real, ...(meta.passes ?? [])]));
      expect(
        within.states.filter((s) => !reached.has(s)),
        `${within.model} paths must reach the states ${file} runs in`,
      ).toEqual([]);
      return;
    }
    expect(modelled.length, `${file}: add tests/paths/<name>.paths.ts for its machine (see docs/qa-guide.md)`).toBeGreaterThan(0);
  });
});
