import { Badge, Box, Button, HStack, Input, Text, VisuallyHidden } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActors } from '../app/app-actors';
import { offerProductsLogic } from '../app/product-actors';
import { CategoryChips, categoryChips } from '../components/category-chips';
import { SearchSubmitButton } from '../components/search-box';
import { PageShell } from '../components/page-shell';
import { ProductListView } from '../components/product-list-view';
import { EmptyView } from '../components/status-views';
import { searchParam, searchRecord, toEntityId, validateOfferProductsSearch } from '../lib/search-params';
import { actorOptions } from '../app/actor-options';

function offerHref(offerId: number, categoryId?: number, search?: string): string {
  const params = new URLSearchParams({ offerId: String(offerId) });
  if (categoryId) params.set('categoryId', String(categoryId));
  if (search) params.set('search', search);
  return `/product/offer_products?${params.toString()}`;
}

/** Search inside one offer; keeps the category chosen. */
function OfferSearch({ offerId, categoryId, initial }: { offerId: number; categoryId?: number; initial: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(offerHref(offerId, categoryId, searchParam(text)));
  };
  return (
    <Box as="form" role="search" aria-label="Search this offer" onSubmit={submit} position="relative" mb="3" maxW="md">
      <VisuallyHidden asChild>
        <label htmlFor={id}>Search this offer</label>
      </VisuallyHidden>
      <Input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Search this offer" bg="bg" rounded="full" pe="12" />
      <SearchSubmitButton label="Search this offer" />
    </Box>
  );
}

/** /product/offer_products?offerId=&categoryId=&search=: the products an offer covers. */
export function OfferProductsPage() {
  const [params] = useSearchParams();
  const search = validateOfferProductsSearch(searchRecord(params));
  const offerId = toEntityId(search.offerId);
  const categoryId = toEntityId(search.categoryId);
  const offer = useSelector(appActors().home, (s) => s.context.offers.find((o) => o.offerId === offerId));
  const categories = useSelector(appActors().home, (s) => s.context.categoryData);
  const title = offer?.title ?? 'Offer';
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Offers', to: '/#offers' }, { label: title }];
  const back = (
    <Button asChild colorPalette="brand" variant="outline">
      <RouterLink to="/">Back to the shop</RouterLink>
    </Button>
  );

  if (!offerId) {
    return (
      <PageShell title={title} crumbs={crumbs}>
        <EmptyView title="No products found" description="This offer link is not complete. Choose an offer from the home page." action={back} />
      </PageShell>
    );
  }
  const subtitle = offer && (
    <HStack as="span" gap="2" wrap="wrap">
      {offer.badge && (
        <Badge colorPalette="red" variant="solid">
          {offer.badge}
        </Badge>
      )}
      <Text as="span">{offer.description}</Text>
    </HStack>
  );
  return (
    <PageShell title={title} subtitle={subtitle} crumbs={crumbs}>
      <OfferSearch key={search.search ?? ''} offerId={offerId} categoryId={categoryId} initial={search.search ?? ''} />
      <CategoryChips chips={categoryChips(categories, categoryId, (c) => offerHref(offerId, c, search.search))} label="Filter offer by category" />
      <OfferList offerId={offerId} categoryId={categoryId} search={search.search} emptyAction={back} />
    </PageShell>
  );
}

function OfferList({ offerId, categoryId, search, emptyAction }: { offerId: number; categoryId?: number; search?: string; emptyAction: React.ReactNode }) {
  const query = useMemo(() => ({ offerId, categoryId, search }), [offerId, categoryId, search]);
  const actor = useActorRef(offerProductsLogic, actorOptions({ input: { query } }));
  useEffect(() => actor.send({ type: 'list.load', query }), [actor, query]);
  return <ProductListView actor={actor} emptyAction={emptyAction} />;
}
