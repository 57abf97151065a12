import { useSelector } from '@xstate/react';
import { useDeferredValue, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { productListMachine } from '../../machines/product-list.machine';
import { EAGER_LIST_CARDS, FIRST_SCREEN_LIST_CARDS } from '../../contract/product-list.rules';
import { ProductCard } from './product-card';
import listStyles from './product-list.module.css';
import { EmptyView, ErrorView, ProductGridSkeleton } from './status-views';
import { LoadMoreButton, ProductGridView, listCountText } from './product-grid-view';

type ListActor = ActorRefFrom<typeof productListMachine>;

/**
 * The product grid of the list screens: skeleton while the first page loads, the count,
 * 'Load more' while there are more, 'No products found' when there are none, retry on failure.
 */
export function ProductListView({ actor, emptyAction, countLabel }: { actor: ListActor; emptyAction?: ReactNode; countLabel?: (count: number) => string }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('error'));
  const loadingMore = useSelector(actor, (s) => s.matches('loadingMore'));
  const items = useSelector(actor, (s) => s.context.items);
  const totalCount = useSelector(actor, (s) => s.context.totalCount);
  const error = useSelector(actor, (s) => s.context.error);
  // The cards a phone's first screen shows render at once; the rest follow in a background render
  // the browser can interrupt, so a page of new cards never holds the main thread in one long task.
  const settled = useDeferredValue(items.length, 0);
  const shown = Math.max(settled, Math.min(items.length, FIRST_SCREEN_LIST_CARDS));

  if (loading) return <ProductGridSkeleton />;
  if (failed) return <ErrorView message={error} onRetry={() => actor.send({ type: 'list.retry' })} title="We could not load the products" />;
  if (items.length === 0) return <EmptyView title="No products found" description="Try another category or a different search." action={emptyAction} />;

  const more = items.length < totalCount;
  return (
    <ProductGridView
      count={listCountText(totalCount, countLabel)}
      cards={items.slice(0, shown).map((product, index) => (
        <li key={product.productId}>
          <ProductCard product={product} headingLevel="h2" eager={index < EAGER_LIST_CARDS} />
        </li>
      ))}
      more={
        (more || error) && (
          <div className={listStyles.more}>
            {error && (
              <p role="alert" className={listStyles.moreError}>
                {error}
              </p>
            )}
            {more && <LoadMoreButton remaining={totalCount - items.length} loading={loadingMore} onClick={() => actor.send({ type: 'list.loadMore' })} />}
          </div>
        )
      }
    />
  );
}
