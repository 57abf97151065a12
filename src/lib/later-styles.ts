/** Marks the head's preload of the styles no first paint needs, and the style sheet made from it. */
export const LATER_STYLES_ATTRIBUTE = 'data-later-styles';

/**
 * Applies the styles no first paint needs (src/later-styles.css: the footer, "Notify me", the
 * notifications, home's sections under its hero). The page's head preloads them, which the first
 * paint does not wait for; the app applies them just before its first render, so what it
 * draws later brings no styles of its own (rules written or style sheets added then make the
 * browser restyle the whole page).
 */
export function applyLaterStyles(doc: Document = document): void {
  const preload = doc.querySelector<HTMLLinkElement>(`link[rel="preload"][as="style"][${LATER_STYLES_ATTRIBUTE}]`);
  if (!preload || doc.querySelector(`link[rel="stylesheet"][${LATER_STYLES_ATTRIBUTE}]`)) return;
  const sheet = doc.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  sheet.setAttribute(LATER_STYLES_ATTRIBUTE, '');
  doc.head.append(sheet);
}
