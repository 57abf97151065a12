import { readLocal, writeLocal } from '../lib/storage';

export const APP_VERSION = '1.3';

/**
 * Version check on page load (section 4): when the stored Version differs from the app's,
 * store the new one and reload. Returns false when a reload is under way.
 */
export function ensureAppVersion(): boolean {
  const stored = readLocal('Version');
  if (stored === APP_VERSION) return true;
  writeLocal('Version', APP_VERSION);
  if (stored === null) return true;
  window.location.reload();
  return false;
}
