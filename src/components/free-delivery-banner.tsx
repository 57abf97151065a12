import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import { appActors } from '../app/app-actors';
import { bannerAnnouncement, bannerText, bannerVisible } from '../../machines/banner.machine';
import { TruckIcon } from './icons';
import { afterPageShown } from '../lib/after-page-shown';
import { toastCode } from '../lib/notify';
import styles from './free-delivery-banner.module.css';

/** Below Chakra's md breakpoint the banner gives way to notifications (section 2). */
const SMALL_SCREEN_QUERY = '(max-width: 47.999em)';

/** The free-delivery banner under the header; what it says and when is the banner machine's. */
export function FreeDeliveryBanner() {
  const banner = appActors().banner;
  const { pathname } = useLocation();
  const text = useSelector(banner, (s) => (bannerVisible(s) ? bannerText(s) : null));
  const unlocked = useSelector(banner, (s) => s.matches({ active: 'unlocked' }));
  const announcement = useSelector(banner, bannerAnnouncement);

  useEffect(() => {
    banner.send({ type: 'banner.pathChanged', path: pathname });
  }, [banner, pathname]);

  useEffect(() => {
    const media = window.matchMedia(SMALL_SCREEN_QUERY);
    const report = () => banner.send({ type: 'banner.screenChanged', small: media.matches });
    report();
    media.addEventListener('change', report);
    return () => media.removeEventListener('change', report);
  }, [banner]);

  useEffect(() => {
    const visible = new Set<string | number>();
    let off: (() => void) | undefined;
    let mounted = true;
    // react-toastify loads after the page is shown; no notification can be visible before.
    void afterPageShown()
      .then(toastCode)
      .then(({ toast }) => {
        if (!mounted) return;
        off = toast.onChange((item) => {
          if (item.status === 'removed') visible.delete(item.id);
          else visible.add(item.id);
          banner.send({ type: 'banner.notificationChanged', visible: visible.size > 0 });
        });
      });
    return () => {
      mounted = false;
      off?.();
    };
  }, [banner]);

  return (
    <>
      {/* Always mounted, so a change is announced; the visible bar repeats it for sighted customers. */}
      <span role="status" aria-live="polite" data-testid="free-delivery-announcement" className="ui-visually-hidden">
        {announcement}
      </span>
      {text && (
        <div className={unlocked ? `${styles.bar} ${styles.unlocked}` : styles.bar} data-testid="free-delivery-banner" aria-hidden="true">
          <div className={styles.row}>
            <TruckIcon size={18} aria-hidden="true" />
            <p className={styles.text}>{text}</p>
          </div>
        </div>
      )}
    </>
  );
}
