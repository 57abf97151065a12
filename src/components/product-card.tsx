import { Badge, Box, Card, Heading, HStack, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../api/types';
import { imageUrl } from '../lib/format';
import { CartQuantityControl } from './cart-quantity-control';
import { PriceTag } from './price-tag';

export function productDetailPath(product: Pick<Product, 'productId' | 'variantId'>): string {
  const variant = product.variantId ? `&variantId=${product.variantId}` : '';
  return `/product/product_detail?productId=${product.productId}${variant}`;
}

/** Why a product cannot be bought right now, or null. */
export function unavailableReason(product: Product): string | null {
  if (!product.active || (product.isVariantEnabled && !product.variantActive)) return 'Unavailable';
  if (!product.isStockAvailable) return 'Out of stock';
  return null;
}

/**
 * A product in a grid or rail: the whole card opens the detail; the cart control stays its own button.
 * `eager` for the cards a phone shows first: their pictures are the page's largest paint, so they load at once.
 */
export function ProductCard({ product, headingLevel = 'h3', eager = false }: { product: Product; headingLevel?: 'h2' | 'h3'; eager?: boolean }) {
  const reason = unavailableReason(product);
  const label = product.isVariantEnabled && product.variantName ? product.variantName : product.unitLabel;
  return (
    <LinkBox asChild>
      <Card.Root as="article" variant="outline" overflow="hidden" bg="bg" h="full" _hover={{ shadow: 'md' }} transition="box-shadow 0.15s">
        <Box position="relative" bg="brand.subtle">
          <Image
            src={imageUrl(product.image)}
            alt={product.name}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            width={320}
            height={320}
            w="full"
            h="auto"
            aspectRatio="1"
            objectFit="cover"
            opacity={reason ? 0.55 : 1}
          />
          {reason && (
            <Badge position="absolute" top="2" left="2" colorPalette="gray" variant="solid">
              {reason}
            </Badge>
          )}
        </Box>
        <Card.Body p="3" gap="1">
          <Text fontSize="xs" color="fg.muted" lineClamp={1}>
            {product.categoryName}
          </Text>
          <Heading as={headingLevel} fontSize="sm" fontWeight="semibold" lineHeight="short" lineClamp={2} minH="2.5em">
            <LinkOverlay asChild>
              <RouterLink to={productDetailPath(product)}>{product.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          <HStack justify="space-between" gap="1">
            <Text fontSize="xs" color="fg.muted">
              {label}
            </Text>
          </HStack>
          <PriceTag sRate={product.sRate} oRate={product.oRate} />
        </Card.Body>
        <Card.Footer p="3" pt="0" position="relative" zIndex="1">
          <CartQuantityControl product={product} size="sm" />
        </Card.Footer>
      </Card.Root>
    </LinkBox>
  );
}
