import type { OpeningDetailInput } from '../../contract/opening-shell.rules';
import { moneyFormatter } from '../../contract/money.rules';
import { withVariant } from '../../machines/catalogue-items';
import { renderOpeningFrame } from './opening-frame';
import { ProductDetailFrame, ProductDetailView, detailCrumbs } from '../pages/product-detail-view';
import { FirstPaintQuantity, productDetailPath } from '../components/product-card-view';

/**
 * A product's page as a phone first shows it, before the app's code has run: the header with the
 * category menu, the breadcrumb and the product with its chosen variant, drawn with the app's own
 * views as its first render draws them for a visitor without a session (Add, or "Notify me" held
 * in place; no cart yet). Inert, as the list's and home's first paints are: the app's first
 * render replaces it.
 *
 * The build bundles this file for the server (vite.config.ts, decision 033), which renders it for
 * each product page it sends (server/spa/opening-page.ts).
 */
export function renderOpeningDetail({ shop, categories, product, variantId }: OpeningDetailInput): string {
  const view = withVariant(product, variantId || product.variantId);
  const money = moneyFormatter(shop.currencySymbol, shop.decimals);
  return renderOpeningFrame({
    shop,
    categories,
    current: null,
    location: productDetailPath(view),
    children: (
      <ProductDetailFrame crumbs={detailCrumbs(view)}>
        <ProductDetailView product={view} money={money} quantity={<FirstPaintQuantity product={view} size="md" />} />
      </ProductDetailFrame>
    ),
  });
}
