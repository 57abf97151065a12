/**
 * The words a failed call shows: its own message (the HTTP client puts the server's there), or
 * the screen's fallback when it has none.
 */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
