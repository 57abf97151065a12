import { useSelector } from '@xstate/react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { SpecialRail } from '../../machines/home.machine';
import type { Category, Offer, Product, SpecialCategory } from '../../contract/catalogue.schemas';
import { appActors } from '../app/app-actors';
import { homePageOpened } from '../app/browsing-actors';
import { applyShopParams, currentShop } from '../app/shop-context';
import { HomeHero } from '../components/home-hero';
import { useDocumentTitle } from '../components/document-title';
import { ProductCard } from '../components/product-card';
import cardStyles from '../components/product-card.module.css';
import { ProductRail } from '../components/product-rail';
import { ChevronRightIcon } from '../components/icons';
import { ErrorView, ProductGridSkeleton } from '../components/status-views';
import { imageUrl } from '../../contract/image-url.rules';
import { searchRecord, validateHomeSearch } from '../lib/search-params';

/** Applies the companyId/branchId of '/' and reloads the config and home data when the shop changes. */
function useShopParams(params: URLSearchParams): void {
  const key = params.toString();
  useEffect(() => {
    const before = currentShop();
    const after = applyShopParams(new URLSearchParams(key));
    if (after.companyId === before.companyId && after.branchId === before.branchId) return;
    appActors().config.send({ type: 'config.fetch', companyId: after.companyId });
    appActors().home.send({ type: 'home.fetch', companyId: after.companyId, branchId: after.branchId });
  }, [key]);
}

/**
 * A titled home section with a 'See all' link. `offscreenHeight` (a CSS length) for sections a
 * phone shows only after scrolling: their content renders in a background render right after the
 * first screen's, which the browser can interrupt, and this height stands in for it until then.
 * The heading is there from the start, and the content is in the page (for screen readers and
 * find-in-page) as soon as it has rendered.
 */
function HomeSection({
  id,
  title,
  description,
  seeAllTo,
  offscreenHeight,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  seeAllTo?: string;
  offscreenHeight?: string;
  children: ReactNode;
}) {
  const rendered = useDeferredValue(true, offscreenHeight === undefined);
  return (
    <section aria-labelledby={id} className="home-section" style={rendered ? undefined : { minHeight: offscreenHeight }}>
      <div className="home-section-head">
        <div className="home-section-title-box">
          <h2 id={id} className="ui-heading home-section-title">
            {title}
          </h2>
          {description && <p className="home-muted home-clamp-2">{description}</p>}
        </div>
        {seeAllTo && (
          <RouterLink className="ringed-link home-see-all" to={seeAllTo} aria-label={`See all: ${title}`}>
            See all <ChevronRightIcon size={16} />
          </RouterLink>
        )}
      </div>
      {rendered && children}
    </section>
  );
}

function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className="home-categories">
      {categories.map((c) => (
        <li key={c.categoryId}>
          <RouterLink className="ringed-link home-category" to={`/product?categoryId=${c.categoryId}`}>
            <img className="home-category-image" src={imageUrl(c.image)} alt="" loading="lazy" decoding="async" width={96} height={96} />
            <span className="home-category-name home-clamp-2">{c.name}</span>
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

/** The category grid's places while the categories load: the circles they will fill, pulsing. */
function CategorySkeleton() {
  return (
    <ul className="home-categories" aria-busy="true" aria-label="Loading categories">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="home-category">
          <span className="home-category-image home-skeleton" />
        </li>
      ))}
    </ul>
  );
}

function OffersStrip({ offers }: { offers: Offer[] }) {
  return (
    <ul className="home-offers">
      {offers.map((offer) => (
        <li key={offer.offerId} className="home-offer">
          <RouterLink className="ringed-link home-offer-link" to={`/product/offer_products?offerId=${offer.offerId}`}>
            <img className="home-offer-image" src={imageUrl(offer.image)} alt="" loading="lazy" decoding="async" width={640} height={280} />
            <div className="home-offer-body">
              <div className="home-offer-head">
                <span className="home-offer-title home-clamp-1">{offer.title}</span>
                {offer.badge && <span className="home-badge">{offer.badge}</span>}
              </div>
              <p className="home-muted home-clamp-2">{offer.description}</p>
            </div>
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}

interface HomeView {
  busy: boolean;
  failed: boolean;
  error: string | null;
  categories: Category[];
  products: Product[];
  sections: SpecialCategory[];
  rails: SpecialRail[];
  offers: Offer[];
}

/** Everything under the hero. Memoized: it renders only when the home data it shows has changed. */
const HomeContent = memo(function HomeContent({ view, onRetry }: { view: HomeView; onRetry: () => void }) {
  const { busy, failed, error, categories, products, sections, rails, offers } = view;
  const empty = categories.length === 0 && products.length === 0;
  return (
    <div className="ui-container">
      {failed && empty ? (
        <ErrorView title="We could not open the shop" message={error} onRetry={onRetry} />
      ) : (
        <>
          <HomeSection id="home-categories" title="Shop by category" seeAllTo="/product">
            {busy && categories.length === 0 ? <CategorySkeleton /> : <CategoryGrid categories={categories} />}
          </HomeSection>

          {offers.length > 0 && (
            <div id="offers" className="home-offers-anchor">
              <HomeSection id="home-offers" title="Offers" offscreenHeight="18rem">
                <OffersStrip offers={offers} />
              </HomeSection>
            </div>
          )}

          {sections.map((section) => {
            const rail = rails.find((r) => r.specialCategoryId === section.specialCategoryId);
            if (!rail || rail.products.length === 0) return null;
            return (
              <HomeSection
                key={section.specialCategoryId}
                id={`home-special-${section.specialCategoryId}`}
                title={section.name}
                description={section.description}
                seeAllTo={`/product/special_products?specialCategoryId=${section.specialCategoryId}`}
                offscreenHeight="30rem"
              >
                <ProductRail products={rail.products} label={section.name} />
              </HomeSection>
            );
          })}

          <HomeSection id="home-featured" title="Fresh today" seeAllTo="/product" offscreenHeight={`${Math.ceil(Math.max(products.length, 4) / 2) * 26}rem`}>
            {busy && products.length === 0 ? (
              <ProductGridSkeleton count={4} />
            ) : failed && products.length === 0 ? (
              <ErrorView title="We could not load the products" message={error} onRetry={onRetry} />
            ) : (
              <ul className={cardStyles.grid} aria-label="Fresh today">
                {products.map((product) => (
                  <li key={product.productId}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
            )}
          </HomeSection>
        </>
      )}
    </div>
  );
});

/** '/': hero, categories, offers, special-category rails and featured products from the home store. */
export function HomePage() {
  const [params] = useSearchParams();
  useShopParams(params);
  useDocumentTitle(null);
  useEffect(homePageOpened, []);
  const { address } = validateHomeSearch(searchRecord(params));
  const home = appActors().home;
  const busy = useSelector(home, (s) => s.hasTag('busy'));
  const failed = useSelector(home, (s) => s.matches('error'));
  const error = useSelector(home, (s) => s.context.error);
  const categories = useSelector(home, (s) => s.context.categoryData);
  const products = useSelector(home, (s) => s.context.productData);
  const sections = useSelector(home, (s) => s.context.specialCategories);
  const rails = useSelector(home, (s) => s.context.rails);
  const offers = useSelector(home, (s) => s.context.offers);
  const view = useMemo<HomeView>(
    () => ({ busy, failed, error, categories, products, sections, rails, offers }),
    [busy, failed, error, categories, products, sections, rails, offers],
  );
  // The store updates synchronously; the sections under the hero (dozens of product cards) then
  // render in the background in slices, so a phone stays responsive while they appear. The first
  // render shows what a phone sees first (hero and categories), so it paints sooner; offers, rails
  // and featured products follow in the background render.
  const [firstView] = useState<HomeView>(() => ({ ...view, products: [], sections: [], rails: [], offers: [], busy: true }));
  const deferredView = useDeferredValue(view, firstView);
  const retry = useCallback(() => home.send({ type: 'home.fetch' }), [home]);

  return (
    <>
      <HomeHero address={address?.trim() || undefined} />
      <HomeContent view={deferredView} onRetry={retry} />
    </>
  );
}
