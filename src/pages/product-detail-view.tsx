import type { ReactNode } from 'react';
import type { Product, ProductVariant } from '../../contract/catalogue.schemas';
import { DETAIL_PICTURE_SIZES } from '../../contract/image-url.rules';
import { FINAL_WEIGHT_NOTE, formatGrams } from '../../contract/weight.rules';
import { Breadcrumbs, type Crumb } from '../components/page-shell-view';
import { PriceTagView } from '../components/price-tag-view';
import { unavailableReason } from '../components/product-card-view';
import { ProductPicture } from '../components/product-picture';
import { ProductRating } from '../components/product-rating';
import styles from '../components/product-card.module.css';
import detail from './product-detail-page.module.css';

/**
 * A product's page as it is drawn, with nothing read from the app's state: the money format and
 * the cart's control are given. The app's page (product-detail-page.tsx) draws through these,
 * and so does the page's HTML before the app's code has run (src/app/opening-detail-paint.tsx).
 */

type Money = (amount: number) => string;

/** The breadcrumb of a product's page: home, the product's category, the product; "Product" while it is not known. */
export function detailCrumbs(product: Pick<Product, 'categoryId' | 'categoryName' | 'name'> | null): Crumb[] {
  return [
    { label: 'Home', to: '/' },
    ...(product ? [{ label: product.categoryName, to: `/product?categoryId=${product.categoryId}` }, { label: product.name }] : [{ label: 'Product' }]),
  ];
}

/** The page's frame: its breadcrumb above what it shows. */
export function ProductDetailFrame({ crumbs, children }: { crumbs: Crumb[]; children: ReactNode }) {
  return (
    <div className={detail.page}>
      <Breadcrumbs crumbs={crumbs} />
      {children}
    </div>
  );
}

function StockState({ product }: { product: Product }) {
  const reason = unavailableReason(product);
  if (reason) return <span className={`${styles.badge} ${styles.badgeLg} ${styles.badgeGray}`}>{reason}</span>;
  const few = product.stockQty > 0 && product.stockQty <= 5;
  return <p className={detail.inStock}>{few ? `In stock: only ${product.stockQty} left` : 'In stock'}</p>;
}

/** The weight/cut choice: one button per variant, the chosen one pressed; inactive variants cannot be chosen. */
function VariantPicker({ product, money, onSelect }: { product: Product; money: Money; onSelect?: (variantId: number) => void }) {
  return (
    <div role="group" aria-labelledby="variant-label">
      <p id="variant-label" className={detail.variantLabel}>
        Choose weight / cut
      </p>
      <div className={detail.variants}>
        {product.variants.map((v: ProductVariant) => {
          const selected = v.variantId === product.variantId;
          const price = v.oRate !== null && v.oRate < v.sRate ? v.oRate : v.sRate;
          return (
            <button
              type="button"
              key={v.variantId}
              className={`ui-button ui-button-md ${detail.variant} ${selected ? 'ui-button-solid' : `ui-button-outline ${detail.variantOther}`}`}
              aria-pressed={selected}
              disabled={!v.active}
              onClick={onSelect && (() => onSelect(v.variantId))}
            >
              <span className={detail.semibold}>{v.name}</span>
              <span className={detail.variantPrice}>{!v.active ? 'Unavailable' : v.isStockAvailable ? money(price) : 'Out of stock'}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** What a pack of the chosen variant weighs and serves, its price per kg, and the catch-weight rule. */
function PackWeights({ product, money }: { product: Product; money: Money }) {
  const facts = [
    product.grossGrams !== undefined ? `Gross ${formatGrams(product.grossGrams)}` : null,
    product.netGrams !== undefined ? `Net ${formatGrams(product.netGrams)} after cleaning` : null,
    product.pieces ? `${product.pieces} pieces` : null,
    product.serves ? `Serves ${product.serves}` : null,
  ].filter((fact): fact is string => fact !== null);
  if (facts.length === 0 && product.pricePerKg === undefined) return null;
  return (
    <section aria-labelledby="pack-weights" data-testid="pack-weights" className={detail.packWeights}>
      <h2 id="pack-weights" className={`ui-heading ${detail.packHeading}`}>
        Weight and size
      </h2>
      <ul className={detail.packFacts}>
        {facts.map((fact) => (
          <li key={fact} className={detail.packFact}>
            {fact}
          </li>
        ))}
      </ul>
      {product.pricePerKg !== undefined && (
        <p className={`${detail.semibold} ${detail.small} ${detail.packLine}`} data-testid="detail-per-kg">
          {money(product.pricePerKg)}/kg
        </p>
      )}
      <p className={detail.packNote}>{FINAL_WEIGHT_NOTE}</p>
    </section>
  );
}

/**
 * One product (its chosen variant applied), its picture, rates, weights, stock, variants and
 * description; `quantity` is the cart's control for it.
 */
export function ProductDetailView({
  product,
  money,
  quantity,
  onSelectVariant,
}: {
  product: Product;
  money: Money;
  quantity: ReactNode;
  onSelectVariant?: (variantId: number) => void;
}) {
  const unit = product.isVariantEnabled ? product.variantName : product.unitLabel;
  return (
    <div className={detail.view}>
      <div className={detail.pictureFrame}>
        <ProductPicture
          product={product}
          sizes={DETAIL_PICTURE_SIZES}
          img={(src) => <img src={src} alt={product.name} className={detail.picture} fetchPriority="high" />}
        />
      </div>
      <div className={detail.facts}>
        <div>
          <p className={`${detail.small} ${detail.muted}`}>{product.categoryName}</p>
          <h1 className={`ui-heading ${detail.name}`}>{product.name}</h1>
          {unit && <p className={detail.muted}>{unit}</p>}
          <ProductRating product={product} className={styles.detailRating} />
        </div>
        <PriceTagView sRate={product.sRate} oRate={product.oRate} size="lg" money={money} />
        <PackWeights product={product} money={money} />
        <StockState product={product} />
        {product.isVariantEnabled && product.variants.length > 0 && <VariantPicker product={product} money={money} onSelect={onSelectVariant} />}
        <div className={detail.quantity}>{quantity}</div>
        {product.description && (
          <section aria-labelledby="about-product">
            <h2 id="about-product" className={`ui-heading ${detail.aboutHeading}`}>
              About this product
            </h2>
            <p className={detail.description}>{product.description}</p>
          </section>
        )}
      </div>
    </div>
  );
}
