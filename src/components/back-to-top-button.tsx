import { ArrowUpIcon } from './icons';
import styles from './back-to-top-button.module.css';
import { useScrolledPast } from './use-scrolled-past';

/** Section 9: the back-to-top button appears after 300 px of scroll. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTopButton() {
  const shown = useScrolledPast(BACK_TO_TOP_AFTER_PX);
  if (!shown) return null;
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    // A tab on the screen's edge, inside the page gutter (16 px on a phone), so it never lies over
    // the text of a card; 24 px wide and 48 px tall keeps it an easy target for a thumb.
    <button type="button" aria-label="Back to top" className={`ui-button ui-button-md ui-button-icon ui-button-solid ${styles.button}`} onClick={toTop}>
      <ArrowUpIcon size={16} />
    </button>
  );
}
