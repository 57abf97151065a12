import { Box, Button, Heading, HStack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { FishIcon } from './icons';

/** Section 2: the default not-found text is 'Not Found'; `description` says what was not found. */
export function NotFoundView({
  description = 'The page you asked for is not here. It may have moved, or the link may be incomplete.',
}: {
  description?: string;
}) {
  useEffect(() => {
    document.title = 'Not Found';
  }, []);
  return (
    <Box as="section" aria-labelledby="not-found-title" textAlign="center" py="16" px="4">
      <Box color="brand.solid" display="inline-flex" mb="4">
        <FishIcon size={56} />
      </Box>
      <Heading as="h1" id="not-found-title" size="2xl">
        Not Found
      </Heading>
      <Text mt="3" color="fg.muted">
        {description}
      </Text>
      <HStack mt="6" gap="3" justify="center" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/">Back to the shop</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/product">Browse all products</Link>
        </Button>
      </HStack>
    </Box>
  );
}
