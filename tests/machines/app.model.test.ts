/**
 * Model-based test of the app's root actor (machines/app.machine.ts): every shortest path of
 * actors joining, and joining again, is replayed on the real machine; after each step the
 * system holds exactly the actors the model says, each the first one that joined under its id.
 */
import { createTestModel } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { appMachine, type AppActorId } from '../../machines/app.machine';

const counter = setup({ types: { context: {} as { label: string; count: number }, input: {} as { label: string } } }).createMachine({
  context: ({ input }) => ({ label: input.label, count: 0 }),
  on: { bump: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});

const joined = (...ids: AppActorId[]) => ({ meta: { joined: ids } });

const model = createTestModel(
  setup({}).createMachine({
    id: 'appModel',
    initial: 'empty',
    states: {
      empty: { ...joined(), on: { JOIN_CONFIG: 'config', JOIN_HUB: 'hub' } },
      config: { ...joined('config'), on: { JOIN_CONFIG_AGAIN: 'config', JOIN_HUB: 'configAndHub' } },
      hub: { ...joined('hub'), on: { JOIN_CONFIG: 'hubAndConfig' } },
      configAndHub: { ...joined('config', 'hub'), on: { JOIN_HUB_AGAIN: 'configAndHub' } },
      hubAndConfig: joined('hub', 'config'),
    },
  }),
);

describe('app root actor, every shortest path of actors joining', () => {
  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      const root = createActor(appMachine).start();
      const join = (id: AppActorId, label: string) => root.send({ type: 'app.join', id, logic: counter, input: { label } });
      try {
        await path.test({
          events: {
            JOIN_CONFIG: () => join('config', 'config 1'),
            JOIN_CONFIG_AGAIN: () => {
              root.system.get('config').send({ type: 'bump' });
              join('config', 'config 2');
              expect(root.system.get('config').getSnapshot().context).toEqual({ label: 'config 1', count: 1 });
            },
            JOIN_HUB: () => join('hub', 'hub 1'),
            JOIN_HUB_AGAIN: () => {
              join('hub', 'hub 2');
              expect(root.system.get('hub').getSnapshot().context.label).toBe('hub 1');
            },
          },
          states: Object.fromEntries(
            (['empty', 'config', 'hub', 'configAndHub', 'hubAndConfig'] as const).map((state) => [
              state,
              (snapshot: { getMeta(): Record<string, unknown> }) => {
                const meta = Object.values(snapshot.getMeta())[0] as { joined?: AppActorId[] } | undefined;
                const ids = meta?.joined ?? [];
                expect(root.getSnapshot().context.joined).toEqual(ids);
                for (const id of ids) expect(root.system.get(id).getSnapshot().context.label).toBe(`${id} 1`);
                expect(Object.keys(root.getSnapshot().children)).toHaveLength(ids.length);
              },
            ]),
          ),
        });
      } finally {
        root.stop();
      }
    });
  }
});
