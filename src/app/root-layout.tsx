import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { appActors, loadCheckoutActors } from './app-actors';
import { getToken } from '../lib/session';
import { clearLastCategory } from './last-category';
import { currentShop } from './shop-context';
import { BackToTopButton } from '../components/back-to-top-button';
import { SiteHeader } from '../components/site-header';
import { useScrolledPast } from '../components/use-scrolled-past';
import { AfterPageShown, DeferredPaymentResultPopups, DeferredPendingOrdersModal, deferredPart } from './deferred-overlays';
import { FreeDeliveryBanner } from '../components/free-delivery-banner';
import { HubStatusIndicator } from '../components/hub-status';
import { ConnectivityStatus } from '../components/connectivity-status';
import styles from './root-layout.module.css';

const SiteFooter = deferredPart(() => import('../components/site-footer').then((m) => m.SiteFooter));

/** Section 9: the sticky header appears after 200 px of scroll, on every page except '/'. */
export const STICKY_HEADER_AFTER_PX = 200;

/**
 * The layout every route renders in: header, content, footer, and the path-change effects of
 * section 2 (scroll to top, config refetch, forgetting the last category outside /product).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const sticky = useScrolledPast(STICKY_HEADER_AFTER_PX, pathname !== '/');
  const first = useRef(true);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (!first.current) appActors().config.send({ type: 'config.fetch' });
    // The hub has no message for a delivery slot filling up: the earliest delivery is read again on each page.
    if (!first.current) appActors().earliestDelivery.send({ type: 'earliestDelivery.refresh', ...currentShop() });
    first.current = false;
    if (!pathname.startsWith('/product')) clearLastCategory();
    // ── Path-change effects of other flows: one line each below ──
    // Only a customer with a session can have unpaid orders; their flow's code loads for them alone.
    if (getToken()) void loadCheckoutActors().then(({ pendingOrders }) => pendingOrders.send({ type: 'pending.check' }));
  }, [pathname]);

  return (
    <div className="layout-column">
      <a href="#main-content" className={`ui-link ui-link-hover ${styles.skipLink}`}>
        Skip to content
      </a>
      <SiteHeader sticky={sticky} />
      {/* ── Slot: bars under the header (free-delivery banner, hub status): one line each ── */}
      <ConnectivityStatus />
      <FreeDeliveryBanner />
      <HubStatusIndicator />

      <main id="main-content" tabIndex={-1} className={`layout-main ${styles.main}`}>
        <Outlet />
      </main>
      {/* The footer is below every page's first screen: its code loads once the page is shown. */}
      <AfterPageShown>
        <SiteFooter />
      </AfterPageShown>
      <BackToTopButton />
      {/* ── Slot: app-wide overlays (modals, popups, session timeout): one line each ── */}
      <DeferredPendingOrdersModal />
      <DeferredPaymentResultPopups />
    </div>
  );
}
