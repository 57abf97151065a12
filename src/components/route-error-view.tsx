import { useState } from 'react';
import { Box, Button, Code, Heading } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundView } from './not-found-view';

/** 'Not Found' for unknown routes; 'Something went wrong!' with Show Error / Hide Error otherwise. */
export function RouteErrorView() {
  const error = useRouteError();
  const [shown, setShown] = useState(false);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
  return (
    <Box as="section" role="alert" textAlign="center" py="16" px="4">
      <Heading as="h1" size="xl">Something went wrong!</Heading>
      <Button mt="4" variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
        {shown ? 'Hide Error' : 'Show Error'}
      </Button>
      {shown && (
        <Code display="block" mt="4" p="3" whiteSpace="pre-wrap" textAlign="left">
          {detail}
        </Code>
      )}
    </Box>
  );
}
