import type { ReactNode } from 'react';
import { FishIcon } from './icons';
import { useRetryWhenBackOnline } from './connectivity-status';
import styles from './status-views.module.css';
import cardStyles from './product-card.module.css';

/** Placeholder cards shaped like the product grid, so the page does not jump when products arrive. */
export function ProductGridSkeleton({ count = 6, label = 'Loading products' }: { count?: number; label?: string }) {
  return (
    <div aria-busy="true" role="status">
      <span className="ui-visually-hidden">{label}</span>
      <div className={cardStyles.grid}>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={cardStyles.outlineCard}>
            <div className={`${styles.skeleton} ${styles.skeletonPicture}`} />
            <div className={styles.skeletonCardBody}>
              <div className={styles.skeletonLines}>
                <div className={`${styles.skeleton} ${styles.skeletonLine}`} />
                <div className={`${styles.skeleton} ${styles.skeletonLastLine}`} />
              </div>
              <div className={`${styles.skeleton} ${styles.skeletonPrice}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function EmptyView({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <div className={styles.emptyContent}>
        <div className={styles.emptyIndicator}>
          <FishIcon size={40} />
        </div>
        <div className={styles.emptyText}>
          <h2 className={styles.emptyTitle}>{title}</h2>
          {description && <p className={styles.emptyDescription}>{description}</p>}
        </div>
        {action}
      </div>
    </div>
  );
}

/** A failed load, with the server's message and a way to try again; it tries again by itself when the network comes back. */
export function ErrorView({ message, onRetry, title = 'We could not load this' }: { message?: string | null; onRetry: () => void; title?: string }) {
  useRetryWhenBackOnline(onRetry);
  return (
    <div role="alert" className={styles.error}>
      <h2 className={`ui-heading ${styles.headingMd}`}>{title}</h2>
      {message && <p className={styles.muted}>{message}</p>}
      <button type="button" className="ui-button ui-button-md ui-button-solid" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Shown in the page area while a page's code arrives: a screen tall, so the footer stays below the fold and nothing on screen moves when the page comes. */
export function PageLoading() {
  return (
    <div role="status" className={styles.pageLoading}>
      <span className={`ui-spinner ${styles.spinner}`} />
      <span className="ui-visually-hidden">Loading the page</span>
    </div>
  );
}
