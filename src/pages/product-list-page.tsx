import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActors } from '../app/app-actors';
import { productListLogic } from '../app/product-actors';
import { clearLastCategory, rememberLastCategory } from '../app/last-category';
import { openingListPage, openingListPageShown, productListChoice } from '../app/product-list-query';
import { CategoryChips, categoryChips } from '../components/category-chips';
import { PageShell } from '../components/page-shell';
import { ProductListView } from '../components/product-list-view';
import { EmptyView } from '../components/status-views';
import { actorOptions } from '../app/actor-options';
import { listHeading, listHref } from '../app/product-list-heading';
import { searchSuggestionsLogic } from '../app/search-actors';
import styles from '../components/product-list.module.css';

/**
 * /product: every product, a category (categoryId) or search results (search). Without either,
 * the last category chosen in this visit is shown again (session storage 'lastCategoryId').
 * A visit that opens here starts with the first page asked for at start-up.
 */
export function ProductListPage() {
  const [params] = useSearchParams();
  const choice = productListChoice(params);
  const { categoryId, search, invalidCategory } = choice;

  useEffect(() => {
    if (categoryId) rememberLastCategory(categoryId);
  }, [categoryId]);

  const categories = useSelector(appActors().home, (s) => s.context.categoryData);
  const category = categories.find((c) => c.categoryId === categoryId);
  const query = useMemo(() => ({ categoryId, search }), [categoryId, search]);
  // Read in render, let go once shown: React may throw a render away and start it again.
  const [opening] = useState(() => ({ choice, firstPage: openingListPage(choice) }));
  useEffect(() => {
    if (opening.firstPage) openingListPageShown(opening.choice);
  }, [opening]);
  const actor = useActorRef(productListLogic, actorOptions({ input: { query, firstPage: opening.firstPage } }));
  useEffect(() => actor.send({ type: 'list.load', query }), [actor, query]);

  const heading = listHeading(category, categoryId);
  const title = search ? `Results for “${search}”` : heading.title;
  const chips = categoryChips(categories, categoryId, listHref, clearLastCategory);
  const showAll = (
    <RouterLink className="ui-button ui-button-md ui-button-outline" to="/product" onClick={clearLastCategory}>
      See all products
    </RouterLink>
  );

  return (
    <PageShell title={title} subtitle={search ? undefined : heading.subtitle} crumbs={[{ label: 'Home', to: '/' }, { label: search ? 'Search' : title }]}>
      {!search && <CategoryChips chips={chips} label="Filter by category" />}
      {search && <SearchCorrection key={search} search={search} />}
      {invalidCategory ? (
        <EmptyView title="No products found" description="That category does not exist." action={showAll} />
      ) : (
        <ProductListView
          actor={actor}
          emptyAction={showAll}
          countLabel={search ? (n) => `${n} ${n === 1 ? 'result' : 'results'} for “${search}”` : undefined}
        />
      )}
    </PageShell>
  );
}

/**
 * 'Did you mean prawn?' above the results when a word of the search was only a near miss: the
 * suggestions of the search (its `correction`), read through the header's suggestions flow.
 */
function SearchCorrection({ search }: { search: string }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [logic] = useState(() => searchSuggestionsLogic((to) => void navigateRef.current(to)));
  const actor = useActorRef(logic, actorOptions());
  useEffect(() => actor.send({ type: 'search.typed', text: search }), [actor, search]);
  const correction = useSelector(actor, (s) => s.context.suggestions?.correction ?? null);
  if (!correction || correction === search.toLowerCase()) return null;
  return (
    <p className={styles.correction}>
      Did you mean{' '}
      <RouterLink className={`ui-link ui-link-hover ${styles.correctionLink}`} to={`/product?search=${encodeURIComponent(correction)}`}>
        {correction}
      </RouterLink>
      ?
    </p>
  );
}
