import { Box, Card, Heading, HStack, Link, SimpleGrid, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { CompanyDetails } from '../../machines/config.machine';
import { appActors } from '../app/app-actors';
import { MailIcon, PhoneIcon, PinIcon } from '../components/icons';
import { PageShell } from '../components/page-shell';
import { ErrorView } from '../components/status-views';

type Page = CompanyDetails['Pages'][number];

/** Body text as paragraphs (blank lines) with line breaks kept inside a paragraph. */
function Body({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Stack gap="4" fontSize="md" lineHeight="tall">
      {paragraphs.map((p, i) => (
        <Text key={i} whiteSpace="pre-line">
          {p}
        </Text>
      ))}
    </Stack>
  );
}

function useCompanyPage(slug: string): { page: Page | null; details: CompanyDetails | null; loading: boolean; failed: boolean; error: string | null } {
  const config = appActors().config;
  const details = useSelector(config, (s) => s.context.details);
  const loading = useSelector(config, (s) => s.matches('loading'));
  const failed = useSelector(config, (s) => s.matches('error'));
  const error = useSelector(config, (s) => s.context.error);
  const page = details?.Pages.find((p) => p.Slug.toLowerCase() === slug) ?? null;
  return { page, details, loading, failed, error };
}

/** A company page (Company/details Pages) with its fallback title while the config loads. */
function InfoPage({ slug, fallbackTitle, children }: { slug: string; fallbackTitle: string; children?: React.ReactNode }) {
  const { page, details, loading, failed, error } = useCompanyPage(slug);
  const title = page?.Title ?? fallbackTitle;
  return (
    <PageShell title={title} crumbs={[{ label: 'Home', to: '/' }, { label: title }]}>
      <Box as="article" maxW="3xl" bg="bg" p={{ base: '4', md: '6' }} rounded="lg" borderWidth="1px">
        {!details && loading ? (
          <Box role="status" aria-busy="true" aria-label="Loading">
            <Skeleton h="5" w="40%" mb="4" />
            <SkeletonText noOfLines={6} />
          </Box>
        ) : !details && failed ? (
          <ErrorView message={error} onRetry={() => appActors().config.send({ type: 'config.fetch' })} />
        ) : page ? (
          <Body text={page.Body} />
        ) : (
          <Text color="fg.muted">This page will be published soon. For any question, please contact us.</Text>
        )}
        {children}
      </Box>
    </PageShell>
  );
}

function ContactCards({ details }: { details: CompanyDetails }) {
  const info = details.CompanyInfo;
  return (
    <Box mt="8">
      <Heading as="h2" size="md" mb="3">
        Reach us
      </Heading>
      <Stack gap="2" mb="6">
        {info.Phone && (
          <HStack gap="2">
            <PhoneIcon size={18} />
            <Link href={`tel:${info.Phone.replace(/\s+/g, '')}`} color="brand.fg">
              {info.Phone}
            </Link>
          </HStack>
        )}
        {info.Email && (
          <HStack gap="2">
            <MailIcon size={18} />
            <Link href={`mailto:${info.Email}`} color="brand.fg">
              {info.Email}
            </Link>
          </HStack>
        )}
        {info.Address && (
          <HStack gap="2" align="start">
            <Box pt="0.5">
              <PinIcon size={18} />
            </Box>
            <Text>{info.Address}</Text>
          </HStack>
        )}
      </Stack>
      {details.Branches.length > 0 && (
        <>
          <Heading as="h2" size="md" mb="3">
            Our shops
          </Heading>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2 }} gap="3">
            {details.Branches.map((b) => (
              <Card.Root as="li" key={b.BranchId} variant="subtle" p="4" gap="1">
                <Text fontWeight="semibold">{b.Name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {b.Address}
                </Text>
                {b.Phone && (
                  <Link href={`tel:${b.Phone.replace(/\s+/g, '')}`} fontSize="sm" color="brand.fg">
                    {b.Phone}
                  </Link>
                )}
              </Card.Root>
            ))}
          </SimpleGrid>
        </>
      )}
    </Box>
  );
}

export function ContactUsPage() {
  const details = useSelector(appActors().config, (s) => s.context.details);
  return (
    <InfoPage slug="contact-us" fallbackTitle="Contact Us">
      {details && <ContactCards details={details} />}
    </InfoPage>
  );
}

export function PrivacyPolicyPage() {
  return <InfoPage slug="privacy-policy" fallbackTitle="Privacy Policy" />;
}

export function TermsPage() {
  return <InfoPage slug="terms-and-condition" fallbackTitle="Terms and Conditions" />;
}

export function ReturnPolicyPage() {
  const hours = useSelector(appActors().config, (s) => s.context.details?.CompanyInfo.ReturnWindowHours ?? 0);
  return (
    <InfoPage slug="return-and-refund-policy" fallbackTitle="Return and Refund Policy">
      {hours > 0 && (
        <Text mt="6" fontWeight="semibold">
          Return window: {hours} hours from delivery.
        </Text>
      )}
    </InfoPage>
  );
}
