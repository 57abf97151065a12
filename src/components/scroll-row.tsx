import { useCallback, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';
import { useMediaQuery } from './use-media-query.js';

/** Chakra's md breakpoint: from here up a mouse is likely, and the row offers buttons. */
const BUTTONS_FROM = '(min-width: 48rem)';

/** A press of a scroll button moves the row by this share of its visible width. */
const SCROLL_STEP = 0.8;

/** The CSS variable of a theme colour token: 'brand.800' is var(--chakra-colors-brand-800). */
function colorVariable(token: string): string {
  return `var(--chakra-colors-${token.replace(/\./g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`;
}

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
  /** The colour behind the row, for the fades: a colour token of the theme ('brand.800', 'bg'). */
  fade: string;
  /** The buttons' colours: solid, in the theme's gray (the default) or brand palette. */
  buttonProps?: { colorPalette?: 'gray' | 'brand'; variant?: 'solid' };
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

  const palette = buttonProps?.colorPalette === 'brand' ? ' scroll-row-button-brand' : '';

  // The fades and the buttons show on a side with more (scroll-row.css).
  return (
    <nav ref={row} aria-label={label} className="scroll-row" style={{ '--scroll-row-fade': colorVariable(fade) } as CSSProperties}>
      <div ref={scroller} className="scroll-row-scroller" onScroll={measure}>
        {children}
      </div>
      <div aria-hidden="true" className="scroll-row-fade scroll-row-fade-left" />
      <div aria-hidden="true" className="scroll-row-fade scroll-row-fade-right" />
      {buttons &&
        (['left', 'right'] as const).map((side) => (
          <button
            key={side}
            type="button"
            aria-label={`Scroll ${noun} ${side}`}
            className={`ui-button ui-button-xs ui-button-icon scroll-row-button scroll-row-button-${side}${palette}`}
            onClick={() => scrollBy(side === 'left' ? -1 : 1)}
          >
            {side === 'left' ? <ChevronLeftIcon size={16} /> : <ChevronRightIcon size={16} />}
          </button>
        ))}
    </nav>
  );
}
