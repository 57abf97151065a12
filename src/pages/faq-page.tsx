import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Accordion } from '../components/chakra-with-recipes';
import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { faqResource } from '../app/resource-actors';
import { PageShell } from '../components/page-shell';
import { EmptyView, ErrorView } from '../components/status-views';
import { actorOptions } from '../app/actor-options';

/** /FAQ: the company's common questions (FAQ/common), one answer open at a time. */
export function FaqPage() {
  const [resource] = useState(faqResource);
  const actor = useActorRef(resource.logic, actorOptions({ input: resource.input }));
  // Questions kept from an earlier visit stay on screen while they refresh, and when the refresh fails.
  const loading = useSelector(actor, (s) => s.hasTag('busy') && s.context.data === null);
  const failed = useSelector(actor, (s) => s.matches('error') && s.context.data === null);
  const error = useSelector(actor, (s) => s.context.error);
  const faqs = useSelector(actor, (s) => s.context.data ?? []);

  return (
    <PageShell title="Frequently asked questions" subtitle="Freshness, delivery, payment and returns." crumbs={[{ label: 'Home', to: '/' }, { label: 'FAQ' }]}>
      <Box maxW="3xl">
        {loading ? (
          <Stack gap="3" aria-busy="true" role="status" aria-label="Loading questions">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h="12" rounded="md" />
            ))}
          </Stack>
        ) : failed ? (
          <ErrorView title="We could not load the questions" message={error} onRetry={() => actor.send({ type: 'resource.retry' })} />
        ) : faqs.length === 0 ? (
          <EmptyView title="No questions yet" description="Call or write to us and we will help." />
        ) : (
          <Accordion.Root collapsible variant="enclosed" bg="bg" rounded="lg" defaultValue={[String(faqs[0]?.FaqId)]}>
            {faqs.map((faq) => (
              <Accordion.Item key={faq.FaqId} value={String(faq.FaqId)}>
                <Accordion.ItemTrigger py="4" fontWeight="semibold" textAlign="start" cursor="pointer">
                  <Text as="span" flex="1">
                    {faq.Question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted" pb="4">
                    {faq.Answer}
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        )}
      </Box>
    </PageShell>
  );
}
