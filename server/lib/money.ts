/** Paise (integer, server side) to rupees (the wire format). */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees from the wire to integer paise; rejects fractions of a paisa. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Digits of a whole number grouped the Indian way: 12,34,567. */
function indianGrouping(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/**
 * ₹1,234.50 style, Indian digit grouping. Written out rather than through Intl, whose
 * formatting costs far more per call on the order path (every confirmation mail).
 */
export function formatInr(paise: number, symbol = '₹', decimals = 2): string {
  const value = paise / 100;
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${symbol}${sign}${indianGrouping(whole)}${fraction ? `.${fraction}` : ''}`;
}
