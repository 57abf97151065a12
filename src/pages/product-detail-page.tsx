import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withVariant } from '../../machines/catalogue-items';
import type { Product, ProductVariant } from '../../contract/catalogue.schemas';
import { productDetailLogic } from '../app/product-actors';
import { CartQuantityControl } from '../components/cart-quantity-control';
import { PageShell } from '../components/page-shell';
import { Breadcrumbs } from '../components/page-shell-view';
import { useDocumentTitle } from '../components/document-title';
import { PriceTag } from '../components/price-tag';
import { ProductRating } from '../components/product-rating';
import styles from '../components/product-card.module.css';
import { NotifyMe } from '../components/product-card';
import { unavailableReason } from '../components/product-card-view';
import { EmptyView, ErrorView } from '../components/status-views';
import { useMoney } from '../components/use-shop-config';
import { ProductPicture } from '../components/product-picture';
import { DETAIL_PICTURE_SIZES } from '../../contract/image-url.rules';
import { FINAL_WEIGHT_NOTE, formatGrams } from '../../contract/weight.rules';
import { searchRecord, toEntityId, validateProductDetailSearch } from '../lib/search-params';
import { actorOptions } from '../app/actor-options';
import { openingDetail, openingDetailShown } from '../app/opening-detail';
import statusStyles from '../components/status-views.module.css';
import detail from './product-detail-page.module.css';

function StockState({ product }: { product: Product }) {
  const reason = unavailableReason(product);
  if (reason) return <span className={`${styles.badge} ${styles.badgeLg} ${styles.badgeGray}`}>{reason}</span>;
  const few = product.stockQty > 0 && product.stockQty <= 5;
  return <p className={detail.inStock}>{few ? `In stock: only ${product.stockQty} left` : 'In stock'}</p>;
}

/** The weight/cut choice: one button per variant, the chosen one pressed; inactive variants cannot be chosen. */
function VariantPicker({ product, selectedId, onSelect }: { product: Product; selectedId: number; onSelect: (variantId: number) => void }) {
  const money = useMoney();
  return (
    <div role="group" aria-labelledby="variant-label">
      <p id="variant-label" className={detail.variantLabel}>
        Choose weight / cut
      </p>
      <div className={detail.variants}>
        {product.variants.map((v: ProductVariant) => {
          const selected = v.variantId === selectedId;
          const price = v.oRate !== null && v.oRate < v.sRate ? v.oRate : v.sRate;
          return (
            <button
              type="button"
              key={v.variantId}
              className={`ui-button ui-button-md ${detail.variant} ${selected ? 'ui-button-solid' : `ui-button-outline ${detail.variantOther}`}`}
              aria-pressed={selected}
              disabled={!v.active}
              onClick={() => onSelect(v.variantId)}
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
function PackWeights({ product }: { product: Product }) {
  const money = useMoney();
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

function DetailSkeleton() {
  return (
    <div className={detail.skeletonView} aria-busy="true" role="status" aria-label="Loading product">
      <div className={`${statusStyles.skeleton} ${detail.skeletonPicture}`} />
      <div className={detail.facts}>
        <div className={`${statusStyles.skeleton} ${detail.skeletonName}`} />
        <div className={`${statusStyles.skeleton} ${detail.skeletonPrice}`} />
        <div className={statusStyles.skeletonLines}>
          {[1, 2, 3].map((line) => (
            <div key={line} className={`${statusStyles.skeleton} ${statusStyles.skeletonLine}`} />
          ))}
          <div className={`${statusStyles.skeleton} ${statusStyles.skeletonLastLine}`} />
        </div>
      </div>
    </div>
  );
}

function ProductView({ product, onSelectVariant }: { product: Product; onSelectVariant: (variantId: number) => void }) {
  useDocumentTitle(product.name);
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
        <PriceTag sRate={product.sRate} oRate={product.oRate} size="lg" />
        <PackWeights product={product} />
        <StockState product={product} />
        {product.isVariantEnabled && product.variants.length > 0 && (
          <VariantPicker product={product} selectedId={product.variantId} onSelect={onSelectVariant} />
        )}
        <div className={detail.quantity}>
          {unavailableReason(product) === 'Out of stock' ? <NotifyMe product={product} size="md" /> : <CartQuantityControl product={product} />}
        </div>
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

/** /product/product_detail?productId=&variantId=: one product, its variants, rates and stock. */
export function ProductDetailPage() {
  const [params, setParams] = useSearchParams();
  const search = validateProductDetailSearch(searchRecord(params));
  const productId = toEntityId(search.productId);
  const variantId = toEntityId(search.variantId);
  // The product the server sent with the HTML, when the visit opened on this page: the first render draws it.
  const [opening] = useState(() => openingDetail(productId, variantId));
  const actor = useActorRef(productDetailLogic, actorOptions({ input: { opening } }));
  useEffect(openingDetailShown, []);
  useEffect(() => actor.send({ type: 'detail.load', productId, variantId }), [actor, productId, variantId]);

  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('idle'));
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  const failed = useSelector(actor, (s) => s.matches('error'));
  const error = useSelector(actor, (s) => s.context.error);
  const product = useSelector(actor, (s) => s.context.product);
  const chosen = useSelector(actor, (s) => s.context.variantId);
  const view = product ? withVariant(product, chosen || product.variantId) : null;

  // The URL holds the choice, so a shared link or a reload shows the same variant.
  const selectVariant = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('variantId', String(next));
    setParams(nextParams, { replace: true, preventScrollReset: true });
  };

  const crumbs = [
    { label: 'Home', to: '/' },
    ...(view ? [{ label: view.categoryName, to: `/product?categoryId=${view.categoryId}` }, { label: view.name }] : [{ label: 'Product' }]),
  ];

  if (notFound) {
    return (
      <PageShell title="Product not found" crumbs={crumbs}>
        <EmptyView
          title="No products found"
          description="This product is not in our shop any more."
          action={
            <RouterLink className="ui-button ui-button-md ui-button-outline" to="/product">
              See all products
            </RouterLink>
          }
        />
      </PageShell>
    );
  }
  return (
    <div className={detail.page}>
      <Breadcrumbs crumbs={crumbs} />
      {failed ? (
        <ErrorView message={error} onRetry={() => actor.send({ type: 'detail.retry' })} title="We could not load this product" />
      ) : loading || !view ? (
        <DetailSkeleton />
      ) : (
        <ProductView product={view} onSelectVariant={selectVariant} />
      )}
    </div>
  );
}
