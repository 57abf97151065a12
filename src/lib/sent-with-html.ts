/**
 * JSON the server sent inside the HTML of the page a visit opened on (server/spa/opening-page.ts),
 * by the id of its script element; undefined when there is none or it cannot be read.
 */
export function sentWithHtml<T>(id: string): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * Whether the query the server answered with the HTML is this request's own: the same keys, each
 * with the same value (the server writes every value as text; a value left undefined is not asked).
 */
export function sameSentQuery(sent: Record<string, string>, wanted: Record<string, string | number | undefined>): boolean {
  const asked = Object.entries(wanted).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return Object.keys(sent).length === asked.length && asked.every(([key, value]) => sent[key] === String(value));
}
