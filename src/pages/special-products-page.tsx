import { Button } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { appActors } from '../app/app-actors';
import { specialProductsLogic } from '../app/product-actors';
import { NotFoundView } from '../components/not-found-view';
import { PageShell } from '../components/page-shell';
import type { Crumb } from '../components/page-shell-view';
import { ProductListView } from '../components/product-list-view';
import { EmptyView } from '../components/status-views';
import { searchRecord, toEntityId, validateSpecialProductsSearch } from '../lib/search-params';
import { actorOptions } from '../app/actor-options';

/** /product/special_products?specialCategoryId=: the products of one special category. */
export function SpecialProductsPage() {
  const [params] = useSearchParams();
  const specialCategoryId = toEntityId(validateSpecialProductsSearch(searchRecord(params)).specialCategoryId);
  const section = useSelector(appActors().home, (s) => s.context.specialCategories.find((c) => c.specialCategoryId === specialCategoryId));
  const title = section?.name ?? 'Special picks';
  const crumbs = [{ label: 'Home', to: '/' }, { label: title }];
  const back = (
    <Button asChild colorPalette="brand" variant="outline">
      <RouterLink to="/product">See all products</RouterLink>
    </Button>
  );

  if (!specialCategoryId) {
    return (
      <PageShell title={title} crumbs={crumbs}>
        <EmptyView title="No products found" description="Choose a collection from the home page." action={back} />
      </PageShell>
    );
  }
  return <SpecialList specialCategoryId={specialCategoryId} title={title} subtitle={section?.description} crumbs={crumbs} emptyAction={back} />;
}

function SpecialList({
  specialCategoryId,
  title,
  subtitle,
  crumbs,
  emptyAction,
}: {
  specialCategoryId: number;
  title: string;
  subtitle?: string;
  crumbs: Crumb[];
  emptyAction: React.ReactNode;
}) {
  const query = useMemo(() => ({ specialCategoryId }), [specialCategoryId]);
  const actor = useActorRef(specialProductsLogic, actorOptions({ input: { query } }));
  const notFound = useSelector(actor, (s) => s.matches('notFound'));
  useEffect(() => actor.send({ type: 'list.load', query }), [actor, query]);
  if (notFound) return <NotFoundView description="This collection is not in the shop. It may have ended, or the link may be incomplete." />;
  return (
    <PageShell title={title} subtitle={subtitle} crumbs={crumbs}>
      <ProductListView actor={actor} emptyAction={emptyAction} />
    </PageShell>
  );
}
