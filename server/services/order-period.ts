import { badRequest } from '../lib/http-errors.js';
import { shopDate, shopDayStart } from '../../contract/time-zone.rules.js';

/**
 * The period filter of the order list. Days, weeks and months are the shop's calendar in
 * India (IST, UTC+05:30), whatever time zone the server runs in: an order placed at 00:30 IST
 * belongs to that day for the customer.
 */
export const FILTER_TYPES = ['all', 'today', 'week', 'month', 'custom'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

const DAY_MS = 24 * 3600_000;
/** The longest custom range, so one request cannot ask for years of rows by accident. */
export const MAX_CUSTOM_RANGE_DAYS = 366;

export const PERIOD_MESSAGES = {
  customNeedsDates: 'Choose both a start date and an end date for a custom range.',
  badDate: 'Dates must be real calendar dates written as YYYY-MM-DD.',
  startAfterEnd: 'The start date must be on or before the end date.',
  rangeTooLong: `A custom range can cover at most ${MAX_CUSTOM_RANGE_DAYS} days.`,
} as const;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export interface Period {
  from: string | null;
  to: string | null;
}

/** created_at bounds for a filter: [from, to), ISO text comparable with the stored timestamps. */
export function periodBounds(filterType: FilterType, startDate: string | undefined, endDate: string | undefined, now = new Date()): Period {
  const today = shopDate(now);
  const todayStart = shopDayStart(today);
  switch (filterType) {
    case 'all':
      return { from: null, to: null };
    case 'today':
      return { from: todayStart.toISOString(), to: null };
    case 'week': {
      // Weeks start on Monday, as on Indian calendars.
      const weekday = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7;
      return { from: new Date(todayStart.getTime() - weekday * DAY_MS).toISOString(), to: null };
    }
    case 'month':
      return { from: shopDayStart(`${today.slice(0, 7)}-01`).toISOString(), to: null };
    case 'custom': {
      if (!startDate || !endDate) throw badRequest(PERIOD_MESSAGES.customNeedsDates);
      if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) throw badRequest(PERIOD_MESSAGES.badDate);
      if (startDate > endDate) throw badRequest(PERIOD_MESSAGES.startAfterEnd);
      const from = shopDayStart(startDate);
      const to = new Date(shopDayStart(endDate).getTime() + DAY_MS);
      if ((to.getTime() - from.getTime()) / DAY_MS > MAX_CUSTOM_RANGE_DAYS) throw badRequest(PERIOD_MESSAGES.rangeTooLong);
      return { from: from.toISOString(), to: to.toISOString() };
    }
  }
}
