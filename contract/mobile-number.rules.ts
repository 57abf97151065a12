/** The message for any mobile number that is not an Indian mobile number (login). */
export const INVALID_MOBILE_MESSAGE = 'Enter a valid 10-digit Indian mobile number.';

/**
 * Normalises an Indian mobile number to its 10 digits, or null when it is not one.
 * Accepts an optional +91 / 91 / 0 prefix and spaces or hyphens between digits, because that
 * is how people copy numbers from their phone's contacts; the first digit must be 6-9.
 */
export function normalizeIndianMobile(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[\s+-]/g, '');
  if (trimmed.startsWith('+')) digits = digits.startsWith('91') ? digits.slice(2) : '';
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

export function isIndianMobile(raw: string): boolean {
  return normalizeIndianMobile(raw) !== null;
}
