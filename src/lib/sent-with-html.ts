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
