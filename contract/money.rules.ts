/**
 * How the shop writes an amount of money, everywhere: prices on screen, the free-delivery banner,
 * order mails, the payment sandbox and the server's messages. Indian digit grouping (12,34,567.50)
 * with the company's currency symbol and number of decimal places.
 */

/**
 * The amount's digits in Indian grouping, as `toLocaleString('en-IN', …)` writes them, without
 * building an `Intl.NumberFormat`: the first one a page builds loads the locale's data, which cost
 * a phone about 50 ms in the middle of the first render of a list of prices. Like Intl, it rounds
 * the number's shortest decimal form (what `String` writes) half away from zero.
 */
function groupedDigits(amount: number, decimals: number): string | null {
  const written = String(Math.abs(amount));
  if (!/^\d+(\.\d+)?$/.test(written) || !Number.isInteger(decimals) || decimals < 0 || decimals > 20) return null;
  const [whole = '0', fraction = ''] = written.split('.');
  let digits = whole + fraction.padEnd(decimals, '0').slice(0, decimals);
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* '5' */) {
    // Adds one at the last kept place, carrying to the left.
    const carried = digits.split('');
    let i = carried.length - 1;
    for (; i >= 0 && carried[i] === '9'; i -= 1) carried[i] = '0';
    if (i >= 0) carried[i] = String(Number(carried[i]) + 1);
    else carried.unshift('1');
    digits = carried.join('');
  }
  const integer = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const kept = digits.slice(digits.length - decimals);
  const last3 = integer.slice(-3);
  const rest = integer.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `.${kept}` : ''}`;
}

/** Intl's own format, for what groupedDigits does not write (numbers Javascript writes with an exponent). */
const numberFormats = new Map<number, Intl.NumberFormat>();

function byIntl(amount: number, decimals: number): string {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format.format(amount);
}

/** formatMoney for one symbol and number of decimals, with the format looked up once (lists of prices). */
export function moneyFormatter(symbol: string, decimals: number): (amount: number) => string {
  return (amount) => {
    const finite = Number.isFinite(amount) ? amount : 0;
    return `${symbol}${groupedDigits(finite, decimals) ?? byIntl(finite, decimals)}`;
  };
}

/** An amount in rupees with the company's symbol and decimal places: ₹1,234.50. An empty symbol gives the bare number. */
export function formatMoney(amount: number, symbol = '₹', decimals = 2): string {
  return moneyFormatter(symbol, decimals)(amount);
}

/** formatMoney of an amount the server keeps in integer paise. */
export function formatPaise(paise: number, symbol = '₹', decimals = 2): string {
  return formatMoney(paise / 100, symbol, decimals);
}
