/** Formats an amount in rupees with the company's symbol and decimal places: ₹1,234.50. */
export function formatMoney(amount: number, symbol = '₹', decimals = 2): string {
  return moneyFormatter(symbol, decimals)(amount);
}

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

/** formatMoney for one symbol and number of decimals, with the format looked up once (lists of prices). */
export function moneyFormatter(symbol: string, decimals: number): (amount: number) => string {
  const format = numberFormat(decimals);
  return (amount) => `${symbol}${format.format(Number.isFinite(amount) ? amount : 0)}`;
}

/** Appends the cache-busting suffix noCache=1 to an image URL. */
export function imageUrl(src: string | null | undefined): string {
  if (!src) return '/images/placeholder.svg';
  return src.includes('?') ? `${src}&noCache=1` : `${src}?noCache=1`;
}
