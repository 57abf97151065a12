/**
 * Where and when the shop delivers, as both sides say it: what a PIN code looks like, the answer
 * for one the shop does not serve, and a delivery window as a shopper reads it ('Today, 6–8 PM').
 */

/** An Indian PIN code: six digits, the first 1 to 9. */
const PIN_CODE = /^[1-9]\d{5}$/;

export function isPinCode(value: string): boolean {
  return PIN_CODE.test(value);
}

/** The sentence for input that is not a PIN code. */
export const PIN_CODE_PROBLEM = 'Enter a 6-digit PIN code that does not start with 0.';

export function notServedMessage(pinCode: string): string {
  return `We don't deliver to ${pinCode} yet.`;
}

export function servedMessage(pinCode: string, branchName: string): string {
  return `We deliver to ${pinCode} from our ${branchName} shop.`;
}

const DAY_MS = 24 * 3600 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Today', 'Tomorrow', else 'Thu 26 Nov'; both dates are shop dates (YYYY-MM-DD). */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)) return 'Tomorrow';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[day.getUTCDay()]} ${d} ${MONTHS[m - 1]}`;
}

function clock(time: string): { text: string; half: 'AM' | 'PM' } {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return { text: mm ? `${hour}:${String(mm).padStart(2, '0')}` : String(hour), half: hh < 12 ? 'AM' : 'PM' };
}

/** '6–8 PM', '10 AM–12 PM', '1:30–3 PM': a window as a customer says it. */
export function windowLabel(start: string, end: string): string {
  const a = clock(start);
  const b = clock(end);
  return a.half === b.half ? `${a.text}–${b.text} ${b.half}` : `${a.text} ${a.half}–${b.text} ${b.half}`;
}

/** 'Today, 6–8 PM', 'Tomorrow, 7–9 AM', 'Sat 28 Nov, 7–9 AM'. */
export function deliveryWindowLabel(slot: { SlotDate: string; StartTime: string; EndTime: string }, today: string): string {
  return `${dayLabel(slot.SlotDate, today)}, ${windowLabel(slot.StartTime, slot.EndTime)}`;
}
