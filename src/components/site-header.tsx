import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { appActors } from '../app/app-actors';
import { useAppActor } from '../app/app-system';
import { readPinChoice } from '../app/shop-context';
import { cartCount } from '../../machines/cart.machine';
import { getToken } from '../lib/session';
import { downloadUntilLoaded } from '../lib/code-download';
import { CategoryMenu, DeliveryRow, SiteHeaderBar, type MenuCategory } from './site-header-bar';
import { earliestLabel } from '../../machines/earliest-delivery.machine';
import { useShopName } from './use-shop-config';

/** The categories of the header's menu, and which one the product list shows. */
function useCategoryMenu(): { categories: MenuCategory[]; current: string | null } {
  const categories = useSelector(appActors().home, (s) => s.context.categoryData);
  const { pathname, search } = useLocation();
  const current = pathname.replace(/\/$/, '') === '/product' ? new URLSearchParams(search).get('categoryId') : null;
  return { categories, current };
}

// The PIN check's dialog and machine load when it is first opened: the first page never shows it.
const PinDialog = lazy(() =>
  downloadUntilLoaded(() => Promise.all([import('./pin-dialog'), import('../app/pin-check-actor')])).then(([dialog, actor]) => {
    actor.startPinCheckActor();
    return { default: dialog.PinDialog };
  }),
);

/**
 * The header's delivery line: the PIN code the PIN check holds once its dialog has been opened
 * (until then the PIN code this browser chose) and the earliest delivery; it opens the PIN check.
 */
function HeaderDelivery() {
  const pinCheck = useAppActor('pinCheck') ?? undefined;
  const pinCode = useSelector(pinCheck, (s) => (s ? (s.context.chosen?.pinCode ?? null) : (readPinChoice()?.pinCode ?? null)));
  const earliest = useSelector(appActors().earliestDelivery, (s) => earliestLabel(s.context));
  const [open, setOpen] = useState(false);
  return (
    <>
      <DeliveryRow delivery={{ pinCode, earliest }} onChangePin={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <PinDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The site header. When `sticky` (scrolled past 200 px on any page but '/'), it pins to the
 * top in a compact form without the category row. A spacer of the full header's height keeps
 * its place in the page, so nothing under it moves (and no tap lands elsewhere) as it pins.
 */
export function SiteHeader({ sticky }: { sticky: boolean }) {
  const name = useShopName();
  const logo = useSelector(appActors().config, (s) => s.context.details?.Logo ?? '');
  const count = useSelector(appActors().cart, cartCount);
  const { categories, current } = useCategoryMenu();
  const header = useRef<HTMLElement>(null);
  // The full header's height, kept current while it grows (its category row arrives later). The
  // observer reports it after the browser's layout, so the first render forces no extra layout;
  // it is kept outside React's state, so measuring it never draws the header again.
  const fullHeight = useRef(0);
  const spacer = useCallback((element: HTMLDivElement | null) => {
    if (element) element.style.height = `${fullHeight.current}px`;
  }, []);
  useEffect(() => {
    const element = header.current;
    if (sticky || !element) return;
    const observer = new ResizeObserver(() => {
      fullHeight.current = element.offsetHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [sticky]);
  return (
    <>
      {sticky && <div aria-hidden="true" ref={spacer} style={{ flexShrink: 0 }} />}
      <SiteHeaderBar
        content={{ name, logo, loggedIn: Boolean(getToken()), cartCount: count }}
        sticky={sticky}
        headerRef={header}
        menu={<CategoryMenu categories={categories} current={current} />}
        delivery={<HeaderDelivery />}
      />
    </>
  );
}
