import type { OpeningListInput } from '../../contract/opening-shell.rules';
import { EAGER_LIST_CARDS, FIRST_SCREEN_LIST_CARDS } from '../../contract/product-list.rules';
import { moneyFormatter } from '../../contract/money.rules';
import { CategoryChips, categoryChips } from '../components/category-chips';
import { PageShellView } from '../components/page-shell-view';
import { FirstPaintCard } from '../components/product-card-view';
import { LoadMoreButton, ProductGridView, listCountText } from '../components/product-grid-view';
import { renderOpeningFrame } from './opening-frame';
import listStyles from '../components/product-list.module.css';
import { listHref, listHeading } from './product-list-heading';

/**
 * The product list as a phone first shows it, before the app's code has run: the header with
 * the category menu, the page's title and chips, the count and the first screen's cards, drawn
 * with the app's own components as its first render draws them for a visitor without a session
 * (the Add buttons, no cart, no earliest delivery yet). Inert, as home's first paint is
 * (decision 013): the app's first render replaces it.
 *
 * The build bundles this file for the server (vite.config.ts, decision 029), which renders it
 * for each list page it sends (server/spa/opening-list-paint.ts).
 */
export function renderOpeningList({ shop, categories, categoryId, page }: OpeningListInput): string {
  const category = categories.find((c) => c.categoryId === categoryId);
  const heading = listHeading(category, categoryId);
  const money = moneyFormatter(shop.currencySymbol, shop.decimals);
  const items = page.Data ?? [];
  const totalCount = page.TotalCount ?? items.length;
  const location = categoryId ? listHref(categoryId) : '/product';
  return renderOpeningFrame({
    shop,
    categories,
    current: categoryId ? String(categoryId) : null,
    location,
    children: (
      <PageShellView title={heading.title} subtitle={heading.subtitle} crumbs={[{ label: 'Home', to: '/' }, { label: heading.title }]}>
        <CategoryChips chips={categoryChips(categories, categoryId, listHref)} label="Filter by category" />
        <ProductGridView
          count={listCountText(totalCount)}
          cards={items.slice(0, FIRST_SCREEN_LIST_CARDS).map((product, index) => (
            <li key={product.productId}>
              <FirstPaintCard product={product} headingLevel="h2" eager={index < EAGER_LIST_CARDS} money={money} />
            </li>
          ))}
          more={
            items.length < totalCount && (
              <div className={listStyles.more}>
                <LoadMoreButton remaining={totalCount - items.length} />
              </div>
            )
          }
        />
      </PageShellView>
    ),
  });
}
