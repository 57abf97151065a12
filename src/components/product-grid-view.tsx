import type { ReactNode } from 'react';
import styles from './product-card.module.css';
import listStyles from './product-list.module.css';

/** The count above a list's grid: '12 products', or the screen's own words for it. */
export function listCountText(totalCount: number, countLabel?: (count: number) => string): string {
  return countLabel ? countLabel(totalCount) : `${totalCount} ${totalCount === 1 ? 'product' : 'products'}`;
}

/** A list's grid as it is drawn: its count, its cards (list items) and what comes under them. */
export function ProductGridView({ count, cards, more }: { count: string; cards: ReactNode; more?: ReactNode }) {
  return (
    <div>
      <p role="status" className={listStyles.count}>
        {count}
      </p>
      <ul className={styles.grid} aria-label="Products">
        {cards}
      </ul>
      {more}
    </div>
  );
}

/** 'Load more (8 more)', or a spinner while the next page loads. */
export function LoadMoreButton({ remaining, loading = false, onClick }: { remaining: number; loading?: boolean; onClick?: () => void }) {
  return (
    <button type="button" className="ui-button ui-button-md ui-button-outline" disabled={loading} data-loading={loading ? '' : undefined} onClick={onClick}>
      {loading ? (
        <span className={listStyles.busy}>
          <span className="ui-spinner ui-button-spinner" />
          Loading
        </span>
      ) : (
        <>Load more ({remaining} more)</>
      )}
    </button>
  );
}
