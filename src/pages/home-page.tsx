import { Badge, Box, Container, HStack, Image, Link, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { SpecialRail } from '../../machines/home.machine';
import type { Category, Offer, Product, SpecialCategory } from '../../contract/catalogue.schemas';
import { appActors } from '../app/app-actors';
import { homePageOpened } from '../app/browsing-actors';
import { applyShopParams, currentShop } from '../app/shop-context';
import { HomeHero } from '../components/home-hero';
import { useDocumentTitle } from '../components/page-shell';
import { ProductCard } from '../components/product-card';
import cardStyles from '../components/product-card.module.css';
import { HomeSection, ProductRail } from '../components/product-rail';
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

function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 3, sm: 4, md: 6, lg: 8 }} gap="3">
      {categories.map((c) => (
        <li key={c.categoryId}>
          <Link
            asChild
            display="flex"
            flexDirection="column"
            alignItems="center"
            gap="2"
            color="fg"
            textAlign="center"
            _hover={{ textDecoration: 'none', color: 'brand.fg' }}
          >
            <RouterLink to={`/product?categoryId=${c.categoryId}`}>
              <Image
                src={imageUrl(c.image)}
                alt=""
                loading="lazy"
                decoding="async"
                width={96}
                height={96}
                boxSize={{ base: '20', md: '24' }}
                rounded="full"
                objectFit="cover"
                bg="brand.subtle"
                borderWidth="1px"
              />
              <Text as="span" fontSize="sm" fontWeight="medium" lineHeight="short" lineClamp={2}>
                {c.name}
              </Text>
            </RouterLink>
          </Link>
        </li>
      ))}
    </SimpleGrid>
  );
}

function OffersStrip({ offers }: { offers: Offer[] }) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="grid"
      gridAutoFlow="column"
      gridAutoColumns={{ base: '85%', md: '45%', lg: '32%' }}
      gap="3"
      overflowX="auto"
      mx="-4"
      px="4"
      pb="2"
      scrollSnapType="x mandatory"
    >
      {offers.map((offer) => (
        <Box as="li" key={offer.offerId} scrollSnapAlign="start">
          <Link asChild display="block" rounded="lg" overflow="hidden" borderWidth="1px" bg="bg" color="fg" _hover={{ shadow: 'md', textDecoration: 'none' }}>
            <RouterLink to={`/product/offer_products?offerId=${offer.offerId}`}>
              <Image
                src={imageUrl(offer.image)}
                alt=""
                loading="lazy"
                decoding="async"
                width={640}
                height={280}
                w="full"
                h="auto"
                aspectRatio="16/7"
                objectFit="cover"
                bg="brand.subtle"
              />
              <Box p="3">
                <HStack justify="space-between" gap="2">
                  <Text as="span" fontWeight="semibold" lineClamp={1}>
                    {offer.title}
                  </Text>
                  {offer.badge && (
                    <Badge colorPalette="red" variant="solid" flexShrink={0}>
                      {offer.badge}
                    </Badge>
                  )}
                </HStack>
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {offer.description}
                </Text>
              </Box>
            </RouterLink>
          </Link>
        </Box>
      ))}
    </Box>
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
    <Container maxW="6xl" px="4">
      {failed && empty ? (
        <ErrorView title="We could not open the shop" message={error} onRetry={onRetry} />
      ) : (
        <>
          <HomeSection id="home-categories" title="Shop by category" seeAllTo="/product">
            {busy && categories.length === 0 ? (
              <SimpleGrid columns={{ base: 3, sm: 4, md: 6, lg: 8 }} gap="3" aria-busy="true">
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} boxSize={{ base: '20', md: '24' }} rounded="full" mx="auto" />
                ))}
              </SimpleGrid>
            ) : (
              <CategoryGrid categories={categories} />
            )}
          </HomeSection>

          {offers.length > 0 && (
            <Box id="offers" scrollMarginTop="24">
              <HomeSection id="home-offers" title="Offers" offscreenHeight="18rem">
                <OffersStrip offers={offers} />
              </HomeSection>
            </Box>
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
    </Container>
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
