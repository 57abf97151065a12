import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { Deferred, describeModel } from './model-harness';
import { earliestDeliveryMachine, earliestLabel } from '../../machines/earliest-delivery.machine';
import type { EarliestDelivery } from '../../contract/delivery.schemas';

const TODAY_EVENING: EarliestDelivery = { DeliveryId: 7, SlotDate: '2027-03-10', StartTime: '18:00', EndTime: '20:00', Label: 'Today, 6–8 PM', Available: 3 };
const TOMORROW: EarliestDelivery = { DeliveryId: 8, SlotDate: '2027-03-11', StartTime: '07:00', EndTime: '09:00', Label: 'Tomorrow, 7–9 AM', Available: 20 };

function start() {
  const server = { answers: [] as (EarliestDelivery | null | Error)[], asked: [] as string[] };
  const actor = createActor(
    earliestDeliveryMachine.provide({
      actors: {
        fetchEarliest: fromPromise<EarliestDelivery | null, { companyId: number; branchId: number }>(async ({ input }) => {
          server.asked.push(`${input.companyId}/${input.branchId}`);
          const answer = server.answers.shift() ?? null;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input: { companyId: 1, branchId: 2 } },
  );
  return { actor, server, settled: () => waitFor(actor, (s) => !s.hasTag('busy')) };
}

describe('earliest delivery machine', () => {
  it("reads the branch's earliest slot and shows the server's label", async () => {
    const { actor, server, settled } = start();
    server.answers.push(TODAY_EVENING);
    actor.start();
    expect(earliestLabel(actor.getSnapshot().context)).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(earliestLabel(actor.getSnapshot().context)).toBe('Today, 6–8 PM');
    expect(server.asked).toEqual(['1/2']);
  });

  it('reads again on refresh: a slot that filled up moves the earliest on', async () => {
    const { actor, server, settled } = start();
    server.answers.push(TODAY_EVENING, TOMORROW);
    actor.start();
    await settled();
    actor.send({ type: 'earliestDelivery.refresh' });
    expect(earliestLabel(actor.getSnapshot().context)).toBe('Today, 6–8 PM');
    await settled();
    expect(earliestLabel(actor.getSnapshot().context)).toBe('Tomorrow, 7–9 AM');
  });

  it('reads for the branch a refresh names (an address chose another branch)', async () => {
    const { actor, server, settled } = start();
    server.answers.push(TODAY_EVENING, TOMORROW);
    actor.start();
    await settled();
    actor.send({ type: 'earliestDelivery.refresh', companyId: 1, branchId: 1 });
    await settled();
    expect(server.asked).toEqual(['1/2', '1/1']);
  });

  it('says so when every slot is full, and keeps what it showed when a read fails', async () => {
    const { actor, server, settled } = start();
    server.answers.push(null, TOMORROW, new Error('offline'));
    actor.start();
    await settled();
    expect(earliestLabel(actor.getSnapshot().context)).toBe('No delivery slots open');
    actor.send({ type: 'earliestDelivery.refresh' });
    await settled();
    actor.send({ type: 'earliestDelivery.refresh' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(earliestLabel(actor.getSnapshot().context)).toBe('Tomorrow, 7–9 AM');
  });
});

const at = (real: string, description: string) => ({ meta: { real, description } });

describeModel('earliest delivery machine, every shortest path (read, refresh, failure)', {
  machine: earliestDeliveryMachine,
  model: setup({}).createMachine({
    id: 'earliestDeliveryModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'nothing shown yet'), on: { ANSWERS: 'shown', FAILS: 'failed' } },
      shown: { ...at('shown', "the server's label shown"), on: { REFRESH: 'refreshing' } },
      refreshing: { ...at('loading', 'read again, the label still shown'), on: { SLOT_FILLED: 'moved' } },
      moved: at('shown', 'the slot filled up: the next one is shown'),
      failed: { ...at('failed', 'nothing known, nothing shown'), on: { REFRESH: 'retrying' } },
      retrying: { ...at('loading', 'read again after a failure'), on: { ANSWERS: 'recovered' } },
      recovered: at('shown', 'shown after all'),
    },
  }),
  start: () => {
    const deferred = new Deferred();
    const actor = createActor(earliestDeliveryMachine.provide({ actors: deferred.actors('fetchEarliest') }), { input: { companyId: 1, branchId: 1 } }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    ANSWERS: () => deferred.settle('fetchEarliest', { output: TODAY_EVENING }),
    SLOT_FILLED: () => deferred.settle('fetchEarliest', { output: TOMORROW }),
    FAILS: () => deferred.settle('fetchEarliest', { error: new Error('offline') }),
    REFRESH: () => actor.send({ type: 'earliestDelivery.refresh' }),
  }),
  states: ({ actor }) => ({
    loading: () => expect(earliestLabel(actor.getSnapshot().context)).toBeNull(),
    shown: () => expect(earliestLabel(actor.getSnapshot().context)).toBe('Today, 6–8 PM'),
    refreshing: () => expect(earliestLabel(actor.getSnapshot().context)).toBe('Today, 6–8 PM'),
    moved: () => expect(earliestLabel(actor.getSnapshot().context)).toBe('Tomorrow, 7–9 AM'),
    failed: () => expect(earliestLabel(actor.getSnapshot().context)).toBeNull(),
    recovered: () => expect(earliestLabel(actor.getSnapshot().context)).toBe('Today, 6–8 PM'),
  }),
});
