import { Box, Container, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import { APP_VERSION } from '../app/app-version';
import { appActors } from '../app/app-actors';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { useShopName } from './use-shop-config';

/** The five information pages of section 2. */
export const INFORMATION_PAGES = [
  { to: '/FAQ', label: 'FAQ' },
  { to: '/contact-us', label: 'Contact us' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/terms-and-condition', label: 'Terms and conditions' },
  { to: '/return-and-refund-policy', label: 'Return and refund policy' },
] as const;

export function SiteFooter() {
  const name = useShopName();
  const info = useSelector(appActors().config, (s) => s.context.details?.CompanyInfo ?? null);
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="gray.900" color="gray.100" mt="12" pb="calc(env(safe-area-inset-bottom, 0px) + 72px)" css={{ '--focus-ring-color': 'white' }}>
      <Container maxW="6xl" px="4" pt="10">
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr' }} gap="8">
          <Stack gap="2">
            <Heading as="h2" size="md" color="white">
              {name}
            </Heading>
            {info?.About && <Text fontSize="sm">{info.About}</Text>}
          </Stack>
          <Box as="nav" aria-label="Information">
            <Heading as="h2" size="sm" color="white" mb="3">
              Information
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2">
              {INFORMATION_PAGES.map((page) => (
                <li key={page.to}>
                  <Link asChild color="gray.100" fontSize="sm">
                    <RouterLink to={page.to}>{page.label}</RouterLink>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          <Stack as="address" fontStyle="normal" gap="2" fontSize="sm">
            <Heading as="h2" size="sm" color="white" mb="1">
              Contact
            </Heading>
            {info?.Phone && (
              <HStack gap="2">
                <PhoneIcon size={16} />
                <Link href={`tel:${info.Phone.replace(/\s+/g, '')}`} color="gray.100">
                  {info.Phone}
                </Link>
              </HStack>
            )}
            {info?.Email && (
              <HStack gap="2">
                <MailIcon size={16} />
                <Link href={`mailto:${info.Email}`} color="gray.100">
                  {info.Email}
                </Link>
              </HStack>
            )}
            {info?.Address && (
              <HStack gap="2" align="start">
                <Box pt="0.5">
                  <PinIcon size={16} />
                </Box>
                <Text>{info.Address}</Text>
              </HStack>
            )}
            <Link asChild color="gray.100" textDecoration="underline">
              <RouterLink to="/contact-us">All contact details</RouterLink>
            </Link>
          </Stack>
        </Grid>
        <Text mt="8" pt="4" borderTopWidth="1px" borderColor="gray.700" fontSize="xs" color="gray.300">
          © {year} {name}. Version {APP_VERSION}.
        </Text>
      </Container>
    </Box>
  );
}
