/**
 * The shop's clock: the shops are in Kerala, so delivery slots, order-list periods and the dates
 * a shopper sees are India Standard Time (UTC+05:30), whatever time zone the server or the
 * phone runs in. India keeps no daylight saving, so a fixed offset is exact.
 */

/** The IANA name, for Intl date formats. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
/** India Standard Time, UTC+05:30. */
export const SHOP_UTC_OFFSET_MINUTES = 330;

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 24 * 3600_000;

/** The shop's calendar date (YYYY-MM-DD) `days` after the one containing `now`. */
export function shopDate(now: Date, days = 0): string {
  return new Date(now.getTime() + OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which a shop calendar date (YYYY-MM-DD) begins. */
export function shopDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - OFFSET_MS);
}

/** A shop-local date and HH:MM as an ISO UTC instant. */
export function shopInstant(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - OFFSET_MS).toISOString();
}
