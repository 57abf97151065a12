import { Box, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { useDeferredValue, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../../contract/catalogue.schemas';
import { ChevronRightIcon } from './icons';
import { ProductCard } from './product-card';
import styles from './product-card.module.css';

/**
 * A titled home section with a 'See all' link. `offscreenHeight` (a CSS length) for sections a
 * phone shows only after scrolling: their content renders in a background render right after the
 * first screen's, which the browser can interrupt, and this height stands in for it until then.
 * The heading is there from the start, and the content is in the page (for screen readers and
 * find-in-page) as soon as it has rendered.
 */
export function HomeSection({
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
    <Box as="section" aria-labelledby={id} py="5" minH={rendered ? undefined : offscreenHeight}>
      <HStack justify="space-between" align="end" mb="3" gap="3">
        <Box minW="0">
          <Heading as="h2" id={id} size="lg">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {description}
            </Text>
          )}
        </Box>
        {seeAllTo && (
          <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm" flexShrink={0}>
            <RouterLink to={seeAllTo} aria-label={`See all: ${title}`}>
              See all <ChevronRightIcon size={16} />
            </RouterLink>
          </Link>
        )}
      </HStack>
      {rendered && children}
    </Box>
  );
}

/** Products in a row that scrolls sideways (snap per card) on a phone. */
export function ProductRail({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul aria-label={label} className={styles.rail}>
      {products.map((product) => (
        <li key={product.productId} className={styles.railItem}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
