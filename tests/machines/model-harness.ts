/**
 * Model-based tests of a machine, the way the path tests work in the browser: a pure model
 * (states with `meta.real` naming the real machine's state, events for what the user and the
 * server do) is walked by createTestModel; every shortest path is replayed on the real machine
 * with deferred effects (each invoked promise waits until the test settles it). After every
 * step the real machine must be in the state the model names, and the model's own checks run.
 * A state added to the real machine fails the coverage test until the model reaches it.
 */
import { createTestModel } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorRef, type AnyStateMachine, type EventObject } from 'xstate';
import { leafStatesOf, modelStates } from '../paths/path-model';

interface Call {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  settled: boolean;
}

/** Promise actors that wait for the test: `settle(name, { output })` or `settle(name, { error })`. */
export class Deferred {
  readonly calls: Record<string, Call[]> = {};

  /**
   * fromPromise actors for `machine.provide({ actors })`, one per name. Typed `never` so they
   * fit whatever output and input each machine declares: the test settles them with its data.
   */
  actors<const T extends string>(...names: T[]): Record<T, never> {
    const out = {} as Record<T, ReturnType<typeof fromPromise<unknown, unknown>>>;
    for (const name of names) {
      this.calls[name] = [];
      out[name] = fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            this.calls[name]?.push({ input, resolve, reject, settled: false });
          }),
      );
    }
    return out as Record<T, never>;
  }

  /** Calls of an actor still waiting for an answer. */
  open(name: string): Call[] {
    return (this.calls[name] ?? []).filter((c) => !c.settled);
  }

  /** Answers the oldest waiting call of an actor, then lets the machine take it in. */
  async settle(name: string, outcome: { output: unknown } | { error: unknown }): Promise<void> {
    const call = this.open(name)[0];
    if (!call) throw new Error(`No call of ${name} is waiting`);
    call.settled = true;
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.output);
    await flush();
  }
}

export async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/** `{ a: 'b' }` for 'a.b'. */
export function stateValueOf(dotted: string): string | Record<string, unknown> {
  const [head, ...rest] = dotted.split('.');
  return rest.length === 0 ? (head ?? '') : { [head ?? '']: stateValueOf(rest.join('.')) };
}

type Step = { state: { context: unknown; value: unknown } };

export interface MachineModel<Run extends { actor: AnyActorRef }> {
  /** The real machine from machines/. */
  machine: AnyStateMachine;
  /** A pure machine: no invokes, no timers; each state carries `meta: { real, description }`. */
  model: AnyStateMachine;
  /** Real states no one can stand in (left by an eventless transition), with the reason. */
  transient?: Record<string, string>;
  /** Starts the real machine with deferred effects. */
  start(): Run;
  events(run: Run): Record<string, (step: Step) => unknown>;
  states?(run: Run): Record<string, (state: Step['state']) => unknown>;
}

/** The coverage test and one test per shortest path of the model. */
export function describeModel<Run extends { actor: AnyActorRef }>(title: string, spec: MachineModel<Run>): void {
  describe(title, () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const metas = modelStates(spec.model);
    const paths = createTestModel(spec.model).getShortestPaths();

    it('reaches every state of the real machine', () => {
      const reached = new Set([...metas.values()].map((m) => m.real));
      const missing = leafStatesOf(spec.machine).filter((s) => !reached.has(s) && !(s in (spec.transient ?? {})));
      expect(missing, `states of ${spec.machine.id} no model state stands for`).toEqual([]);
      for (const real of reached) expect(() => spec.machine.getStateNodeById(`${spec.machine.id}.${real}`), real).not.toThrow();
      const walked = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
      for (const key of metas.keys()) expect(walked.has(JSON.stringify(stateValueOf(key))), `model state ${key} is never reached`).toBe(true);
    });

    for (const path of paths) {
      it(path.description, async () => {
        const run = spec.start();
        const own = spec.states?.(run) ?? {};
        const states: Record<string, (state: Step['state']) => Promise<void>> = {};
        for (const [key, meta] of metas) {
          states[key] = async (state) => {
            const real = run.actor.getSnapshot() as { matches(value: unknown): boolean; value: unknown };
            expect(real.matches(stateValueOf(meta.real)), `model ${key}: the machine is in ${JSON.stringify(real.value)}, not ${meta.real}`).toBe(true);
            await own[key]?.(state);
          };
        }
        const events = spec.events(run) as Record<string, (step: Step) => Promise<void> | void>;
        await path.test({ states, events: events as never });
        run.actor.stop();
      });
    }
  });
}

/** An Error carrying an HTTP status, as the API client throws it. */
export function httpError(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}

export type { EventObject };
