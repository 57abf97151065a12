import { Box, Heading, HStack, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Product } from '../api/types';
import { ChevronRightIcon } from './icons';
import { ProductCard } from './product-card';

/** A titled home section with a 'See all' link. */
export function HomeSection({ id, title, description, seeAllTo, children }: { id: string; title: string; description?: string; seeAllTo?: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} py="5">
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
      {children}
    </Box>
  );
}

/** Products in a row that scrolls sideways (snap per card) on a phone. */
export function ProductRail({ products, label }: { products: Product[]; label: string }) {
  return (
    <Box
      as="ul"
      aria-label={label}
      listStyleType="none"
      display="grid"
      gridAutoFlow="column"
      gridAutoColumns={{ base: '44%', sm: '30%', md: '23%', lg: '18%' }}
      gap="3"
      overflowX="auto"
      mx="-4"
      px="4"
      pb="2"
      scrollSnapType="x mandatory"
      css={{ scrollbarWidth: 'thin', scrollPaddingInline: '1rem' }}
    >
      {products.map((product) => (
        <Box as="li" key={product.productId} scrollSnapAlign="start">
          <ProductCard product={product} />
        </Box>
      ))}
    </Box>
  );
}
