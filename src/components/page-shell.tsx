import { Box, Container, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from './document-title';

export interface Crumb {
  label: string;
  to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Box as="nav" aria-label="Breadcrumb" mb="2">
      <HStack as="ol" listStyleType="none" gap="1" fontSize="sm" color="fg.muted" wrap="wrap">
        {crumbs.map((crumb, i) => (
          <Fragment key={`${crumb.label}-${i}`}>
            {i > 0 && (
              <Box as="li" aria-hidden="true">
                /
              </Box>
            )}
            <li>
              {crumb.to ? (
                <Link asChild color="fg.muted" textDecoration="underline">
                  <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                </Link>
              ) : (
                <Text as="span" aria-current="page" color="fg">
                  {crumb.label}
                </Text>
              )}
            </li>
          </Fragment>
        ))}
      </HStack>
    </Box>
  );
}

/** A screen's frame: breadcrumb, the one h1, an optional line under it, then the content. */
export function PageShell({
  title,
  subtitle,
  crumbs,
  children,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  crumbs?: Crumb[];
  children: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Container maxW="6xl" px="4" py="5">
      {crumbs && crumbs.length > 0 && <Breadcrumbs crumbs={crumbs} />}
      <HStack justify="space-between" align="end" gap="3" mb="4" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} lineHeight="short">
            {title}
          </Heading>
          {subtitle && (
            <Text mt="1" color="fg.muted">
              {subtitle}
            </Text>
          )}
        </Box>
        {actions}
      </HStack>
      {children}
    </Container>
  );
}
