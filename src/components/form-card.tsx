import { Card, Heading, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form in an outlined card under its own heading, which names the section for a screen reader.
 * The browser's own validation is off: the machine behind the form checks it and says why.
 */
export function FormCard({ heading, headingId, onSubmit, children }: { heading: ReactNode; headingId: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <Heading as="h2" size="md" id={headingId}>
              {heading}
            </Heading>
            {children}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
