import { IconButton } from '@chakra-ui/react';
import { ArrowUpIcon } from './icons';
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
    <IconButton
      aria-label="Back to top"
      onClick={toTop}
      position="fixed"
      left="4"
      bottom="calc(env(safe-area-inset-bottom, 0px) + 16px)"
      zIndex="docked"
      rounded="full"
      size="lg"
      colorPalette="brand"
      shadow="lg"
    >
      <ArrowUpIcon />
    </IconButton>
  );
}
