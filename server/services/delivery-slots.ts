import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { shopDate, shopInstant } from '../../contract/time-zone.rules.js';
import { deliveryWindowLabel } from '../../contract/delivery.rules.js';
import type { EarliestDelivery } from '../../contract/delivery.schemas.js';
import { findUpcomingSlot, insertMissingSlots, upcomingSlots, type UpcomingSlotQuery } from '../repositories/slot-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The windows the shop delivers in every day, in shop-local time (Kochi, IST). */
export const SLOT_TEMPLATE = [
  { start: '07:00', end: '09:00' },
  { start: '10:00', end: '12:00' },
  { start: '16:00', end: '18:00' },
  { start: '18:00', end: '20:00' },
] as const;
/** Orders one slot can take. */
export const SLOT_CAPACITY = 20;
/** Days of slots kept ahead, today included. */
export const SLOT_DAYS = 7;
/** A slot is no longer offered this many minutes before it starts: the catch has to be cleaned and packed. */
export const SLOT_CUTOFF_MINUTES = 60;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function clock12(time: string): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh < 12 ? 'AM' : 'PM';
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hour}:${String(mm).padStart(2, '0')} ${suffix}`;
}

/** 'Sat, 22 Nov · 7:00 AM – 9:00 AM' */
export function slotLabel(date: string, start: string, end: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[day.getUTCDay()]}, ${d} ${MONTHS[m - 1]} · ${clock12(start)} – ${clock12(end)}`;
}

// Per database: the shop date up to which each branch was last topped up, so a busy slot list
// costs one INSERT per branch per day rather than one per request.
const toppedUp = new WeakMap<object, Map<string, string>>();

/**
 * Makes sure the branch has a concrete delivery_slots row for every template window of the next
 * SLOT_DAYS days. Existing rows (and their bookings) are left alone.
 */
export async function topUpDeliverySlots(db: Db, options: { companyId: number; branchId: number; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const today = shopDate(now);
  const key = `${options.companyId}:${options.branchId}`;
  const seen = toppedUp.get(db) ?? new Map<string, string>();
  if (seen.get(key) === today) return;
  const rows = Array.from({ length: SLOT_DAYS }, (_, day) => shopDate(now, day)).flatMap((date) =>
    SLOT_TEMPLATE.map((window) => ({
      company_id: options.companyId,
      branch_id: options.branchId,
      slot_date: date,
      start_time: window.start,
      end_time: window.end,
      starts_at: shopInstant(date, window.start),
      ends_at: shopInstant(date, window.end),
      capacity: SLOT_CAPACITY,
      booked: 0,
      active: 1,
    })),
  );
  await insertMissingSlots(db, rows);
  seen.set(key, today);
  toppedUp.set(db, seen);
}

export interface OfferedSlot {
  DeliveryId: number;
  SlotDate: string;
  StartTime: string;
  EndTime: string;
  Label: string;
  /** Orders the slot can still take. */
  Available: number;
  /** Orders the slot takes in all. */
  Capacity: number;
  /** No room left: listed (when asked for) so a customer sees it, but it cannot be picked. */
  Full: boolean;
}

/** Slots not started, not within the cut-off, of the coming SLOT_DAYS; with room unless `includeFull`. */
function upcoming(options: { companyId: number; branchId: number; now: Date; includeFull?: boolean }): UpcomingSlotQuery {
  return {
    companyId: options.companyId,
    branchId: options.branchId,
    startsAfter: new Date(options.now.getTime() + SLOT_CUTOFF_MINUTES * 60_000).toISOString(),
    lastDate: shopDate(options.now, SLOT_DAYS - 1),
    ...(options.includeFull ? { includeFull: true } : {}),
  };
}

function toOffered(row: { id: number; slot_date: string; start_time: string; end_time: string; capacity: number; booked: number }): OfferedSlot {
  const available = Math.max(0, row.capacity - row.booked);
  return {
    DeliveryId: row.id,
    SlotDate: row.slot_date,
    StartTime: row.start_time,
    EndTime: row.end_time,
    Label: slotLabel(row.slot_date, row.start_time, row.end_time),
    Available: available,
    Capacity: row.capacity,
    Full: available === 0,
  };
}

/**
 * Slots a customer may still pick: not started, not within the cut-off, not full; earliest first.
 * With `includeFull` the full ones are listed too (marked Full), for a picker that shows them.
 */
export async function offeredSlots(db: Db, options: { companyId: number; branchId: number; now?: Date; includeFull?: boolean }): Promise<OfferedSlot[]> {
  const now = options.now ?? new Date();
  await topUpDeliverySlots(db, { ...options, now });
  const rows = await upcomingSlots(db, upcoming({ ...options, now }));
  return rows.map(toOffered);
}

/** One slot if it may still be picked for this branch (checkout uses this to validate deliveryId). */
export async function findOfferedSlot(
  db: Db,
  options: { companyId: number; branchId: number; deliveryId: number; now?: Date },
): Promise<OfferedSlot | undefined> {
  const row = await findUpcomingSlot(db, { ...upcoming({ ...options, now: options.now ?? new Date() }), deliveryId: options.deliveryId });
  return row ? toOffered(row) : undefined;
}

/**
 * The first slot a customer could still pick for the branch (not started, not within the cut-off,
 * not full), labelled in India time from `now`: 'Today, 6–8 PM', 'Tomorrow, 7–9 AM'. Null when
 * none of the coming SLOT_DAYS has room.
 */
export async function earliestDelivery(db: Db, options: { companyId: number; branchId: number; now: Date }): Promise<EarliestDelivery | null> {
  const [first] = await offeredSlots(db, options);
  if (!first) return null;
  return {
    DeliveryId: first.DeliveryId,
    SlotDate: first.SlotDate,
    StartTime: first.StartTime,
    EndTime: first.EndTime,
    Label: deliveryWindowLabel(first, shopDate(options.now)),
    Available: first.Available,
  };
}
