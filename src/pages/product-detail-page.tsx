import { Badge, Box, Button, Grid, Heading, HStack, Image, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { withVariant } from '../../machines/catalogue-items';
import type { Product, ProductVariant } from '../../contract/catalogue.schemas';
import { productDetailLogic } from '../app/product-actors';
import { CartQuantityControl } from '../components/cart-quantity-control';
import { Breadcrumbs, PageShell } from '../components/page-shell';
import { useDocumentTitle } from '../components/document-title';
import { PriceTag } from '../components/price-tag';
import { ProductRating } from '../components/product-rating';
import styles from '../components/product-card.module.css';
import { NotifyMe, unavailableReason } from '../components/product-card';
import { EmptyView, ErrorView } from '../components/status-views';
import { useMoney } from '../components/use-shop-config';
import { ProductPicture } from '../components/product-picture';
import { DETAIL_PICTURE_SIZES } from '../../contract/image-url.rules';
import { FINAL_WEIGHT_NOTE, formatGrams } from '../../contract/weight.rules';
import { searchRecord, toEntityId, validateProductDetailSearch } from '../lib/search-params';
import { actorOptions } from '../app/actor-options';
import { openingDetail, openingDetailShown } from '../app/opening-detail';

function StockState({ product }: { product: Product }) {
  const reason = unavailableReason(product);
  if (reason) {
    return (
      <Badge colorPalette="gray" variant="subtle" size="lg">
        {reason}
      </Badge>
    );
  }
  const few = product.stockQty > 0 && product.stockQty <= 5;
  return (
    <Text color="green.700" fontWeight="semibold" fontSize="sm">
      {few ? `In stock: only ${product.stockQty} left` : 'In stock'}
    </Text>
  );
}

/** The weight/cut choice: one button per variant, the chosen one pressed; inactive variants cannot be chosen. */
function VariantPicker({ product, selectedId, onSelect }: { product: Product; selectedId: number; onSelect: (variantId: number) => void }) {
  const money = useMoney();
  return (
    <Box role="group" aria-labelledby="variant-label">
      <Text id="variant-label" fontWeight="semibold" mb="2">
        Choose weight / cut
      </Text>
      <HStack wrap="wrap" gap="2">
        {product.variants.map((v: ProductVariant) => {
          const selected = v.variantId === selectedId;
          const price = v.oRate !== null && v.oRate < v.sRate ? v.oRate : v.sRate;
          return (
            <Button
              key={v.variantId}
              aria-pressed={selected}
              disabled={!v.active}
              variant={selected ? 'solid' : 'outline'}
              colorPalette="brand"
              bg={selected ? undefined : 'bg'}
              h="auto"
              py="2"
              px="3"
              flexDirection="column"
              alignItems="start"
              gap="0"
              onClick={() => onSelect(v.variantId)}
            >
              <Text as="span" fontWeight="semibold">
                {v.name}
              </Text>
              <Text as="span" fontSize="xs" fontWeight="normal">
                {!v.active ? 'Unavailable' : v.isStockAvailable ? money(price) : 'Out of stock'}
              </Text>
            </Button>
          );
        })}
      </HStack>
    </Box>
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
    <Box as="section" aria-labelledby="pack-weights" data-testid="pack-weights" borderWidth="1px" rounded="lg" p="3" bg="bg.subtle">
      <Heading as="h2" id="pack-weights" size="sm" mb="1">
        Weight and size
      </Heading>
      <HStack as="ul" wrap="wrap" columnGap="4" rowGap="0" listStyleType="none" fontSize="sm">
        {facts.map((fact) => (
          <Text as="li" key={fact} whiteSpace="nowrap">
            {fact}
          </Text>
        ))}
      </HStack>
      {product.pricePerKg !== undefined && (
        <Text fontWeight="semibold" fontSize="sm" mt="1" data-testid="detail-per-kg">
          {money(product.pricePerKg)}/kg
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted" mt="1">
        {FINAL_WEIGHT_NOTE}
      </Text>
    </Box>
  );
}

function DetailSkeleton() {
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6" aria-busy="true" role="status" aria-label="Loading product">
      <Skeleton aspectRatio="1" rounded="xl" />
      <Stack gap="4">
        <Skeleton h="8" w="80%" />
        <Skeleton h="6" w="40%" />
        <SkeletonText noOfLines={4} />
      </Stack>
    </Grid>
  );
}

function ProductView({ product, onSelectVariant }: { product: Product; onSelectVariant: (variantId: number) => void }) {
  useDocumentTitle(product.name);
  const unit = product.isVariantEnabled ? product.variantName : product.unitLabel;
  return (
    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '5', md: '10' }} alignItems="start">
      <Box rounded="xl" overflow="hidden" bg="brand.subtle" borderWidth="1px">
        <ProductPicture
          product={product}
          sizes={DETAIL_PICTURE_SIZES}
          img={(src) => (
            <Image
              src={src}
              alt={product.name}
              width={640}
              height={640}
              w="full"
              h="auto"
              aspectRatio={{ base: '4/3', md: '1' }}
              objectFit="cover"
              fetchPriority="high"
            />
          )}
        />
      </Box>
      <Stack gap="4">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {product.categoryName}
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} lineHeight="short">
            {product.name}
          </Heading>
          {unit && <Text color="fg.muted">{unit}</Text>}
          <ProductRating product={product} className={styles.detailRating} />
        </Box>
        <PriceTag sRate={product.sRate} oRate={product.oRate} size="lg" />
        <PackWeights product={product} />
        <StockState product={product} />
        {product.isVariantEnabled && product.variants.length > 0 && (
          <VariantPicker product={product} selectedId={product.variantId} onSelect={onSelectVariant} />
        )}
        <Box maxW="xs">
          {unavailableReason(product) === 'Out of stock' ? <NotifyMe product={product} size="md" /> : <CartQuantityControl product={product} />}
        </Box>
        {product.description && (
          <Box as="section" aria-labelledby="about-product">
            <Heading as="h2" id="about-product" size="md" mb="1">
              About this product
            </Heading>
            <Text color="fg.muted" whiteSpace="pre-line">
              {product.description}
            </Text>
          </Box>
        )}
      </Stack>
    </Grid>
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
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to="/product">See all products</RouterLink>
            </Button>
          }
        />
      </PageShell>
    );
  }
  return (
    <Box maxW="6xl" mx="auto" px="4" py="5">
      <Breadcrumbs crumbs={crumbs} />
      {failed ? (
        <ErrorView message={error} onRetry={() => actor.send({ type: 'detail.retry' })} title="We could not load this product" />
      ) : loading || !view ? (
        <DetailSkeleton />
      ) : (
        <ProductView product={view} onSelectVariant={selectVariant} />
      )}
    </Box>
  );
}
