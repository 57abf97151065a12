import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Link } from 'react-router';

export function NotFoundView() {
  return (
    <Box as="section" textAlign="center" py="16" px="4">
      <Heading as="h1" size="2xl">Not Found</Heading>
      <Text mt="3" color="fg.muted">The page you asked for is not here.</Text>
      <Button asChild mt="6" colorPalette="blue">
        <Link to="/">Back to the shop</Link>
      </Button>
    </Box>
  );
}
