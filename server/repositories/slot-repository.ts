import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DeliverySlotTable } from '../db/catalogue-tables.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Writes the slots a branch lacks; a slot that exists (same company, branch and start) keeps its row and bookings. */
export async function insertMissingSlots(db: Db, rows: Insertable<DeliverySlotTable>[]): Promise<void> {
  await db
    .insertInto('delivery_slots')
    .values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'branch_id', 'starts_at']).doNothing())
    .execute();
}

export interface UpcomingSlotQuery {
  companyId: number;
  branchId: number;
  /** Only slots starting after this instant (ISO). */
  startsAfter: string;
  /** Only slots on this shop date or before. */
  lastDate: string;
  /** Full slots too; without it only slots with room. */
  includeFull?: boolean;
}

/** The branch's active slots in the window, with room unless `includeFull`. */
function upcomingQuery(db: Db, query: UpcomingSlotQuery) {
  const selected = db
    .selectFrom('delivery_slots')
    .select(['id', 'slot_date', 'start_time', 'end_time', 'capacity', 'booked'])
    .where('company_id', '=', query.companyId)
    .where('branch_id', '=', query.branchId)
    .where('active', '=', 1)
    .where('starts_at', '>', query.startsAfter)
    .where('slot_date', '<=', query.lastDate);
  return query.includeFull ? selected : selected.where(sql<boolean>`booked < capacity`);
}

/** The branch's upcoming slots (UpcomingSlotQuery), earliest first. */
export function upcomingSlots(db: Db, query: UpcomingSlotQuery) {
  return upcomingQuery(db, query).orderBy('starts_at').orderBy('id').execute();
}

/** One of the branch's upcoming slots (UpcomingSlotQuery) by id; undefined when it is not among them. */
export function findUpcomingSlot(db: Db, query: UpcomingSlotQuery & { deliveryId: number }) {
  return upcomingQuery(db, query).where('id', '=', query.deliveryId).executeTakeFirst();
}

/** The update that takes one place in a slot; it changes no row when the slot filled up meanwhile or was closed. */
export function bookSlotWrite(db: Db, deliveryId: number) {
  return db
    .updateTable('delivery_slots')
    .set({ booked: sql`booked + 1` })
    .where('id', '=', deliveryId)
    .where('active', '=', 1)
    .where(sql<boolean>`booked < capacity`);
}

/** Takes one place in a slot; false when it filled up meanwhile. One guarded UPDATE, so races cannot overbook. */
export async function bookSlot(db: Db, deliveryId: number): Promise<boolean> {
  const result = await bookSlotWrite(db, deliveryId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a place back (order cancelled before delivery); never below zero. */
export async function releaseSlot(db: Db, deliveryId: number): Promise<void> {
  await db
    .updateTable('delivery_slots')
    .set({ booked: sql`booked - 1` })
    .where('id', '=', deliveryId)
    .where('booked', '>', 0)
    .execute();
}
