/**
 * One number format per number of decimal places: `toLocaleString(locale, options)` builds a new
 * one on every call, which cost about a millisecond per price on a phone.
 */
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** The same text as formatMoney (src/lib/format.ts) for one symbol and number of decimals, with the format built once. */
export function moneyFormatter(symbol: string, decimals: number): (amount: number) => string {
  const format = numberFormat(decimals);
  return (amount) => `${symbol}${format.format(Number.isFinite(amount) ? amount : 0)}`;
}
