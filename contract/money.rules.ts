/**
 * How the shop writes an amount of money, everywhere: prices on screen, the free-delivery banner,
 * order mails, the payment sandbox and the server's messages. Indian digit grouping (12,34,567.50)
 * with the company's currency symbol and number of decimal places.
 */

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

/** An amount in rupees with the company's symbol and decimal places: ₹1,234.50. An empty symbol gives the bare number. */
export function formatMoney(amount: number, symbol = '₹', decimals = 2): string {
  return moneyFormatter(symbol, decimals)(amount);
}

/** formatMoney of an amount the server keeps in integer paise. */
export function formatPaise(paise: number, symbol = '₹', decimals = 2): string {
  return formatMoney(paise / 100, symbol, decimals);
}
