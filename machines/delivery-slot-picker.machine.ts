import { assign, setup } from 'xstate';
import type { DeliverySlot } from '../contract/catalogue.schemas';
import { dayLabel, deliveryWindowLabel, windowLabel } from '../contract/delivery.rules';

export { dayLabel, windowLabel };

/**
 * The cart page's delivery slot picker: a day, then a time of that day. Full slots are listed
 * (the server marks them Full) but cannot be chosen. The chosen slot is handed to the named
 * `remember` effect, which keeps it for checkout.
 */

export function isFull(slot: DeliverySlot): boolean {
  return slot.Full === true || slot.Available <= 0;
}

export interface SlotDay {
  date: string;
  label: string;
  /** Slots of the day with room. */
  open: number;
}

/** The days the slots fall on, in order, with how many slots of each have room. */
export function slotDays(slots: readonly DeliverySlot[], today: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    let day = days.at(-1);
    if (!day || day.date !== slot.SlotDate) {
      day = { date: slot.SlotDate, label: dayLabel(slot.SlotDate, today), open: 0 };
      days.push(day);
    }
    if (!isFull(slot)) day.open += 1;
  }
  return days;
}

/** 'Earliest delivery: Today, 6–8 PM' (the first slot with room), or null when none has room. */
export function earliestDelivery(slots: readonly DeliverySlot[], today: string): string | null {
  const first = slots.find((s) => !isFull(s));
  return first ? `Earliest delivery: ${deliveryWindowLabel(first, today)}` : null;
}

export interface SlotPickerContext {
  slots: DeliverySlot[];
  /** The shop's date when the slots arrived, for 'Today' and 'Tomorrow'. */
  today: string;
  /** The day whose times are shown. */
  day: string | null;
  /** The slot kept for checkout (possibly from an earlier visit). */
  chosen: DeliverySlot | null;
}

export type SlotPickerEvent =
  | { type: 'slotPicker.slotsArrived'; slots: DeliverySlot[]; today: string }
  | { type: 'slotPicker.dayChosen'; date: string }
  | { type: 'slotPicker.timeChosen'; deliveryId: number };

/** The day to show: the chosen slot's while it is still open, else the earliest with room, else the first. */
function dayToShow(slots: readonly DeliverySlot[], chosen: DeliverySlot | null, current: string | null): string | null {
  if (current && slots.some((s) => s.SlotDate === current)) return current;
  const kept = chosen ? slots.find((s) => s.DeliveryId === chosen.DeliveryId && !isFull(s)) : undefined;
  return (kept ?? slots.find((s) => !isFull(s)) ?? slots[0])?.SlotDate ?? null;
}

export const slotPickerMachine = setup({
  types: {
    context: {} as SlotPickerContext,
    events: {} as SlotPickerEvent,
    input: {} as { chosen: DeliverySlot | null },
  },
  actions: {
    remember: (_, _params: { slot: DeliverySlot }) => {},
  },
  guards: {
    knownDay: ({ context, event }) => event.type === 'slotPicker.dayChosen' && context.slots.some((s) => s.SlotDate === event.date),
    openSlot: ({ context, event }) => {
      if (event.type !== 'slotPicker.timeChosen') return false;
      const slot = context.slots.find((s) => s.DeliveryId === event.deliveryId);
      return slot !== undefined && !isFull(slot);
    },
  },
}).createMachine({
  id: 'slotPicker',
  context: ({ input }) => ({ slots: [], today: '', day: null, chosen: input.chosen }),
  initial: 'waiting',
  on: {
    'slotPicker.slotsArrived': {
      target: '.choosing',
      actions: assign(({ context, event }) => ({
        slots: event.slots,
        today: event.today,
        day: dayToShow(event.slots, context.chosen, context.day),
      })),
    },
  },
  states: {
    waiting: {},
    choosing: {
      on: {
        'slotPicker.dayChosen': { guard: 'knownDay', actions: assign({ day: ({ event }) => event.date }) },
        'slotPicker.timeChosen': {
          guard: 'openSlot',
          actions: [
            assign({ chosen: ({ context, event }) => context.slots.find((s) => s.DeliveryId === event.deliveryId) ?? null }),
            { type: 'remember', params: ({ context, event }) => ({ slot: context.slots.find((s) => s.DeliveryId === event.deliveryId)! }) },
          ],
        },
      },
    },
  },
});
