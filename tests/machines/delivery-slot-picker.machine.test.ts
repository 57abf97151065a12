import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { describeModel } from './model-harness';
import { dayLabel, earliestDelivery, slotDays, slotPickerMachine, windowLabel } from '../../machines/delivery-slot-picker.machine';
import type { DeliverySlot } from '../../contract/catalogue.schemas';
import { shopDate } from '../../contract/time-zone.rules';

const TODAY = '2026-11-24';
let nextId = 1;
function slot(date: string, start: string, end: string, available = 5): DeliverySlot {
  nextId += 1;
  return {
    DeliveryId: nextId,
    SlotDate: date,
    StartTime: start,
    EndTime: end,
    Label: `${date} ${start}`,
    Available: available,
    Capacity: 20,
    Full: available === 0,
  };
}

describe('slot picker rules', () => {
  it.each([
    ['18:00', '20:00', '6–8 PM'],
    ['07:00', '09:00', '7–9 AM'],
    ['10:00', '12:00', '10 AM–12 PM'],
    ['13:07', '14:07', '1:07–2:07 PM'],
    ['00:30', '12:00', '12:30 AM–12 PM'],
  ])('says %s–%s as %s', (start, end, text) => {
    expect(windowLabel(start, end)).toBe(text);
  });

  it.each([
    ['2026-11-24', 'Today'],
    ['2026-11-25', 'Tomorrow'],
    ['2026-11-26', 'Thu 26 Nov'],
    ['2026-12-01', 'Tue 1 Dec'],
  ])('names %s as %s when today is 24 Nov', (date, text) => {
    expect(dayLabel(date, TODAY)).toBe(text);
  });

  it('names tomorrow across a month and a year', () => {
    expect(dayLabel('2026-12-01', '2026-11-30')).toBe('Tomorrow');
    expect(dayLabel('2027-01-01', '2026-12-31')).toBe('Tomorrow');
  });

  it('takes the shop’s date in India, not the browser’s', () => {
    // 20:00 UTC on the 24th is 01:30 on the 25th in Kochi.
    expect(shopDate(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(shopDate(new Date('2026-11-24T18:00:00Z'))).toBe('2026-11-24');
  });

  it('groups slots by day with the number that have room, and names the earliest open one', () => {
    const slots = [
      slot('2026-11-24', '18:00', '20:00', 0),
      slot('2026-11-25', '07:00', '09:00'),
      slot('2026-11-25', '10:00', '12:00', 0),
      slot('2026-11-26', '16:00', '18:00'),
    ];
    expect(slotDays(slots, TODAY)).toEqual([
      { date: '2026-11-24', label: 'Today', open: 0 },
      { date: '2026-11-25', label: 'Tomorrow', open: 1 },
      { date: '2026-11-26', label: 'Thu 26 Nov', open: 1 },
    ]);
    expect(earliestDelivery(slots, TODAY)).toBe('Earliest delivery: Tomorrow, 7–9 AM');
    expect(earliestDelivery([slot('2026-11-24', '18:00', '20:00')], TODAY)).toBe('Earliest delivery: Today, 6–8 PM');
    expect(earliestDelivery([slot('2026-11-24', '18:00', '20:00', 0)], TODAY)).toBeNull();
  });
});

/** Today's evening full, tomorrow's morning open and 10 AM full, a slot the day after. */
const pickerSlots = [
  slot('2026-11-24', '18:00', '20:00', 0),
  slot('2026-11-25', '07:00', '09:00'),
  slot('2026-11-25', '10:00', '12:00', 0),
  slot('2026-11-26', '16:00', '18:00'),
];

function start(chosen: DeliverySlot | null = null) {
  const remembered: DeliverySlot[] = [];
  const actor = createActor(slotPickerMachine.provide({ actions: { remember: (_, params) => remembered.push(params.slot) } }), { input: { chosen } }).start();
  return { actor, remembered };
}

describe('slot picker machine', () => {
  const evening = slot('2026-11-24', '18:00', '20:00', 0);
  const morning = slot('2026-11-25', '07:00', '09:00');
  const full = slot('2026-11-25', '10:00', '12:00', 0);
  const later = slot('2026-11-26', '16:00', '18:00');
  const slots = [evening, morning, full, later];

  it('waits for the slots, then shows the earliest day with room', () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.day).toBe('2026-11-25');
  });

  it('opens on the day of a slot chosen earlier while it still has room', () => {
    const { actor } = start(later);
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    expect(actor.getSnapshot().context).toMatchObject({ day: '2026-11-26', chosen: later });
  });

  it('keeps a chosen slot that has filled up, but opens on the earliest day with room', () => {
    const { actor } = start(full);
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    expect(actor.getSnapshot().context).toMatchObject({ day: '2026-11-25', chosen: full });
  });

  it('changes day, chooses a time with room and remembers it for checkout; a full or unknown one is refused', () => {
    const { actor, remembered } = start();
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    actor.send({ type: 'slotPicker.dayChosen', date: '2026-11-24' });
    expect(actor.getSnapshot().context.day).toBe('2026-11-24');
    actor.send({ type: 'slotPicker.dayChosen', date: '2026-12-24' });
    expect(actor.getSnapshot().context.day).toBe('2026-11-24');
    actor.send({ type: 'slotPicker.timeChosen', deliveryId: evening.DeliveryId });
    actor.send({ type: 'slotPicker.timeChosen', deliveryId: 999 });
    expect(remembered).toEqual([]);
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'slotPicker.timeChosen', deliveryId: morning.DeliveryId });
    expect(remembered).toEqual([morning]);
    expect(actor.getSnapshot().context.chosen).toEqual(morning);
  });

  it('keeps the day being looked at when fresh slots arrive, unless that day is gone', () => {
    const { actor } = start();
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    actor.send({ type: 'slotPicker.dayChosen', date: '2026-11-26' });
    actor.send({ type: 'slotPicker.slotsArrived', slots, today: TODAY });
    expect(actor.getSnapshot().context.day).toBe('2026-11-26');
    actor.send({ type: 'slotPicker.slotsArrived', slots: [morning, full], today: TODAY });
    expect(actor.getSnapshot().context.day).toBe('2026-11-25');
  });

  it('has no day to show when no slots are open at all', () => {
    const { actor } = start();
    actor.send({ type: 'slotPicker.slotsArrived', slots: [], today: TODAY });
    expect(actor.getSnapshot().context.day).toBeNull();
  });
});

const at = (real: string, description: string) => ({ meta: { real, description } });

describeModel('slot picker machine, every shortest path (days, full slots, the remembered choice)', {
  machine: slotPickerMachine,
  model: setup({}).createMachine({
    id: 'slotPickerModel',
    initial: 'waiting',
    states: {
      waiting: { ...at('waiting', 'the slots not here yet'), on: { SLOTS_ARRIVE: 'earliestDay' } },
      earliestDay: {
        ...at('choosing', 'the earliest day with room shown, nothing chosen'),
        on: { PICK_FULL_TIME: 'fullRefused', PICK_OPEN_TIME: 'chosen', PICK_LATER_DAY: 'laterDay' },
      },
      fullRefused: at('choosing', 'a full time cannot be chosen'),
      laterDay: { ...at('choosing', 'another day’s times shown'), on: { PICK_OPEN_TIME: 'chosenLater' } },
      chosenLater: at('choosing', 'a time of the later day chosen and remembered'),
      chosen: { ...at('choosing', 'a time chosen and remembered for checkout'), on: { SLOTS_ARRIVE: 'refreshed' } },
      refreshed: at('choosing', 'fresh slots keep the day and the choice'),
    },
  }),
  start() {
    return start();
  },
  events: ({ actor }) => ({
    SLOTS_ARRIVE: () => actor.send({ type: 'slotPicker.slotsArrived', slots: pickerSlots, today: TODAY }),
    PICK_FULL_TIME: () => actor.send({ type: 'slotPicker.timeChosen', deliveryId: pickerSlots[2]!.DeliveryId }),
    PICK_OPEN_TIME: () => {
      const { day, slots } = actor.getSnapshot().context;
      const open = slots.find((s) => s.SlotDate === day && s.Available > 0)!;
      actor.send({ type: 'slotPicker.timeChosen', deliveryId: open.DeliveryId });
    },
    PICK_LATER_DAY: () => actor.send({ type: 'slotPicker.dayChosen', date: '2026-11-26' }),
  }),
  states: ({ actor, remembered }) => ({
    waiting: () => expect(actor.getSnapshot().context.day).toBeNull(),
    earliestDay: () => expect(actor.getSnapshot().context).toMatchObject({ day: '2026-11-25', chosen: null }),
    fullRefused: () => {
      expect(actor.getSnapshot().context.chosen).toBeNull();
      expect(remembered).toEqual([]);
    },
    laterDay: () => expect(actor.getSnapshot().context.day).toBe('2026-11-26'),
    chosenLater: () => expect(remembered).toEqual([pickerSlots[3]]),
    chosen: () => expect(remembered).toEqual([pickerSlots[1]]),
    refreshed: () => expect(actor.getSnapshot().context).toMatchObject({ day: '2026-11-25', chosen: pickerSlots[1] }),
  }),
});
