import { Box, Button, Card, EmptyState, Heading, SimpleGrid, Skeleton, SkeletonText, Spinner, Text, VisuallyHidden, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FishIcon } from './icons';
import { useRetryWhenBackOnline } from './connectivity-status';

/** Placeholder cards shaped like the product grid, so the page does not jump when products arrive. */
export function ProductGridSkeleton({ count = 6, label = 'Loading products' }: { count?: number; label?: string }) {
  return (
    <Box aria-busy="true" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="3">
        {Array.from({ length: count }, (_, i) => (
          <Card.Root key={i} variant="outline" overflow="hidden" bg="bg">
            <Skeleton aspectRatio="1" w="full" />
            <Card.Body p="3" gap="2">
              <SkeletonText noOfLines={2} />
              <Skeleton h="5" w="50%" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

export function EmptyView({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <EmptyState.Root py="12">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.solid">
          <FishIcon size={40} />
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          {description && <EmptyState.Description color="fg.muted">{description}</EmptyState.Description>}
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A failed load, with the server's message and a way to try again; it tries again by itself when the network comes back. */
export function ErrorView({ message, onRetry, title = 'We could not load this' }: { message?: string | null; onRetry: () => void; title?: string }) {
  useRetryWhenBackOnline(onRetry);
  return (
    <VStack role="alert" textAlign="center" py="12" px="4" gap="3">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {message && <Text color="fg.muted">{message}</Text>}
      <Button colorPalette="brand" onClick={onRetry}>
        Try again
      </Button>
    </VStack>
  );
}

/** Shown in the page area while a page's code arrives: a screen tall, so the footer stays below the fold and nothing on screen moves when the page comes. */
export function PageLoading() {
  return (
    <Box role="status" display="flex" justifyContent="center" alignItems="flex-start" pt="16" minH="100dvh">
      <Spinner size="lg" color="brand.solid" />
      <VisuallyHidden>Loading the page</VisuallyHidden>
    </Box>
  );
}
