/** Current time as stored in the database: ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}
