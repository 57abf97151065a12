/**
 * The latest delivery slot with room, from the list GET DeliverySlot/web answers (earliest
 * first). It is days away, so it cannot reach its cut-off while a test or a measure runs; the
 * earliest may close between listing and ordering, as it would for a customer at that minute.
 */
export function latestSlotWithRoom<T extends { Available: number }>(slots: T[]): T | undefined {
  return slots.filter((s) => s.Available > 0).at(-1);
}
