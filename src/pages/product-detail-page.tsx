import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withVariant } from '../../machines/catalogue-items';
import type { Product } from '../../contract/catalogue.schemas';
import { productDetailLogic } from '../app/product-actors';
import { PageShell } from '../components/page-shell';
import { useDocumentTitle } from '../components/document-title';
import { ProductQuantity } from '../components/product-card';
import { EmptyView, ErrorView } from '../components/status-views';
import { useMoney } from '../components/use-shop-config';
import { searchRecord, toEntityId, validateProductDetailSearch } from '../lib/search-params';
import { actorOptions } from '../app/actor-options';
import { openingDetail, openingDetailShown } from '../app/opening-detail';
import statusStyles from '../components/status-views.module.css';
import detail from './product-detail-page.module.css';
import { ProductDetailFrame, ProductDetailView, detailCrumbs } from './product-detail-view';

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

/** The product, drawn with the shop's money format and the cart's control for it. */
function ProductView({ product, onSelectVariant }: { product: Product; onSelectVariant: (variantId: number) => void }) {
  useDocumentTitle(product.name);
  const money = useMoney();
  return <ProductDetailView product={product} money={money} quantity={<ProductQuantity product={product} size="md" />} onSelectVariant={onSelectVariant} />;
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

  const crumbs = detailCrumbs(view);

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
    <ProductDetailFrame crumbs={crumbs}>
      {failed ? (
        <ErrorView message={error} onRetry={() => actor.send({ type: 'detail.retry' })} title="We could not load this product" />
      ) : loading || !view ? (
        <DetailSkeleton />
      ) : (
        <ProductView product={view} onSelectVariant={selectVariant} />
      )}
    </ProductDetailFrame>
  );
}
