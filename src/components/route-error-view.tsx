import { useId, useState } from 'react';
import { Box, Button, Code, Heading, HStack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundView } from './not-found-view';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}${error.data ? `\n${String(error.data)}` : ''}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** 'Not Found' for unknown routes; 'Something went wrong!' with Show Error / Hide Error otherwise. */
export function RouteErrorView() {
  const error = useRouteError();
  const [shown, setShown] = useState(false);
  const detailId = useId();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <Box as="main" textAlign="center" py="16" px="4">
      <Box role="alert">
        <Heading as="h1" size="xl">
          Something went wrong!
        </Heading>
        <Text mt="2" color="fg.muted">
          Please try again. If it keeps happening, reload the page.
        </Text>
      </Box>
      <HStack mt="5" gap="3" justify="center" wrap="wrap">
        <Button variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls={detailId}>
          {shown ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </HStack>
      <Box id={detailId} hidden={!shown} maxW="2xl" mx="auto">
        {shown && (
          <Code display="block" mt="4" p="3" whiteSpace="pre-wrap" textAlign="left">
            {describe(error)}
          </Code>
        )}
      </Box>
    </Box>
  );
}
