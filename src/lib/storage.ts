/**
 * Session and local storage of section 3. Stores carry a version so a shape change
 * after an update drops old data instead of misreading it.
 */
interface Versioned<T> {
  version: number;
  state: T;
}

export function readSession<T>(key: string, version = 1): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Versioned<T>;
    return parsed && parsed.version === version ? parsed.state : null;
  } catch {
    return null;
  }
}

export function writeSession<T>(key: string, state: T, version = 1): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ version, state } satisfies Versioned<T>));
  } catch {
    // storage full or unavailable: the store still works for this page
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing stored
  }
}

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable
  }
}
