/** Paise (integer, server side) to rupees (the wire format). */
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees from the wire to integer paise; rejects fractions of a paisa. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** ₹1,234.50 style, Indian digit grouping. */
export function formatInr(paise: number, symbol = '₹', decimals = 2): string {
  const value = paise / 100;
  return `${symbol}${value.toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}
