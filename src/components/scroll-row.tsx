import { Box, IconButton } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';
import { useMediaQuery } from './use-media-query.js';

/** Chakra's md breakpoint: from here up a mouse is likely, and the row offers buttons. */
const BUTTONS_FROM = '(min-width: 48rem)';

/** A press of a scroll button moves the row by this share of its visible width. */
const SCROLL_STEP = 0.8;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The item marked aria-current, scrolled into the middle of the row when it is not all in view (the page does not move). */
function centreCurrent(el: HTMLElement): void {
  const current = el.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) return;
  const row = el.getBoundingClientRect();
  const item = current.getBoundingClientRect();
  if (item.left >= row.left && item.right <= row.right) return;
  // Centred, so its neighbours show on both sides.
  el.scrollTo({ left: el.scrollLeft + item.left - row.left - (row.width - item.width) / 2, behavior: 'auto' });
}

/**
 * A navigation row that scrolls sideways when its items do not fit: a fade marks each side that
 * has more, and from the md breakpoint up (no swipe on a mouse) buttons scroll it. The item
 * marked aria-current is scrolled into view, within the row only: the page does not move.
 */
export function ScrollRow({
  label,
  noun,
  fade,
  buttonProps,
  activeKey,
  children,
}: {
  label: string;
  /** Names the buttons: 'Scroll categories left'. */
  noun: string;
  /** The colour behind the row, for the fades. */
  fade: string;
  buttonProps?: { colorPalette?: string; variant?: 'solid' | 'subtle' | 'outline' };
  /** Changes when another item becomes current (or the items arrive), to bring it into view. */
  activeKey: string;
  children: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLElement>(null);
  // A phone swipes: it gets no buttons at all, and its first render draws none.
  const buttons = useMediaQuery(BUTTONS_FROM);

  /**
   * Marks each side that has more to scroll to (data-more-left, data-more-right) on the row
   * itself: its fades and buttons show by CSS, so a measure never draws the row again.
   */
  const measure = useCallback(() => {
    const el = scroller.current;
    const nav = row.current;
    if (!el || !nav) return;
    nav.toggleAttribute('data-more-left', el.scrollLeft > 1);
    nav.toggleAttribute('data-more-right', el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);

  const observer = useRef<ResizeObserver | null>(null);
  const bringIntoView = useRef(true);

  // Sizes are read where the browser reports them, after its own layout: reading them while React
  // commits would make the browser lay the page out an extra time in the middle of the first render.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const resized = new ResizeObserver(() => {
      if (bringIntoView.current) {
        bringIntoView.current = false;
        centreCurrent(el);
      }
      measure();
    });
    observer.current = resized;
    resized.observe(el);
    if (el.firstElementChild) resized.observe(el.firstElementChild);
    return () => {
      resized.disconnect();
      observer.current = null;
    };
  }, [measure]);

  useEffect(() => {
    bringIntoView.current = true;
    // Observed anew, the row is reported again after the next layout, and the current item brought into view there.
    const el = scroller.current;
    if (el) observer.current?.observe(el);
  }, [activeKey]);

  const scrollBy = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth * SCROLL_STEP, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const fadeStyle = (side: 'left' | 'right') => ({
    position: 'absolute' as const,
    top: 0,
    bottom: 0,
    [side]: 0,
    width: '10',
    pointerEvents: 'none' as const,
    bgGradient: side === 'left' ? 'to-r' : 'to-l',
    gradientFrom: fade,
    gradientTo: 'transparent',
    display: 'none',
    css: { [`[data-more-${side}] > &`]: { display: 'block' } },
  });

  return (
    <Box as="nav" ref={row} aria-label={label} position="relative">
      <Box ref={scroller} overflowX="auto" onScroll={measure} css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}>
        {children}
      </Box>
      <Box aria-hidden="true" {...fadeStyle('left')} />
      <Box aria-hidden="true" {...fadeStyle('right')} />
      {buttons &&
        (['left', 'right'] as const).map((side) => (
          <IconButton
            key={side}
            aria-label={`Scroll ${noun} ${side}`}
            size="xs"
            rounded="full"
            position="absolute"
            {...{ [side]: '0' }}
            top="50%"
            transform="translateY(-50%)"
            shadow="sm"
            {...buttonProps}
            // A side with more shows its button.
            display="none"
            css={{ [`[data-more-${side}] > &`]: { display: 'inline-flex' } }}
            onClick={() => scrollBy(side === 'left' ? -1 : 1)}
          >
            {side === 'left' ? <ChevronLeftIcon size={16} /> : <ChevronRightIcon size={16} />}
          </IconButton>
        ))}
    </Box>
  );
}
