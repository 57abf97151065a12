/** Current time as stored in the database: ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAfter(ms: number, from: Date = new Date()): string {
  return new Date(from.getTime() + ms).toISOString();
}

/** What time it is; the app takes one (app.clock) so a test can set the hour. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
