import { Box, Button, Container, Flex, HStack, Image, Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { appActors } from '../app/app-actors';
import { imageUrl } from '../../contract/image-url.rules';
import { getToken } from '../lib/session';
import { CartLink } from './cart-link';
import { FishIcon, UserIcon } from './icons';
import { ScrollRow } from './scroll-row';
import { SearchBox } from './search-box';
import { useShopName } from './use-shop-config';

/** Logo and name of the shop from the company config; a fish mark while the logo is unknown. */
function ShopBrand() {
  const name = useShopName();
  const logo = useSelector(appActors().config, (s) => s.context.details?.Logo ?? '');
  return (
    <Link asChild color="inherit" fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} minW="0">
      <RouterLink to="/" aria-label={`${name}, home`}>
        <HStack gap="2" minW="0">
          {logo ? (
            <Image src={imageUrl(logo)} alt="" width={32} height={32} boxSize="8" rounded="md" bg="white" flexShrink={0} />
          ) : (
            <Box as="span" display="inline-flex" boxSize="8" alignItems="center" justifyContent="center" rounded="md" bg="white" color="brand.700" flexShrink={0}>
              <FishIcon size={22} />
            </Box>
          )}
          <Text as="span" truncate>
            {name}
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}

/** 'My account' with a token, 'Login' without (read on each render, which follows every path change). */
function AccountLink() {
  const loggedIn = Boolean(getToken());
  return (
    <Button asChild variant="ghost" color="inherit" size="sm" px="2" _hover={{ bg: 'whiteAlpha.200' }} rounded="full">
      <RouterLink to={loggedIn ? '/user_account/user_profile' : '/auth/login'}>
        <UserIcon size={20} />
        <Text as="span">{loggedIn ? 'My account' : 'Login'}</Text>
      </RouterLink>
    </Button>
  );
}

/** The category menu: every category one tap away, scrolling sideways when the names do not fit. */
function CategoryMenu() {
  const categories = useSelector(appActors().home, (s) => s.context.categoryData);
  const { pathname, search } = useLocation();
  const current = pathname.replace(/\/$/, '') === '/product' ? new URLSearchParams(search).get('categoryId') : null;
  if (categories.length === 0) return null;
  return (
    <ScrollRow label="Shop by category" noun="categories" fade="brand.800" buttonProps={{ colorPalette: 'gray', variant: 'solid' }} activeKey={`${current}:${categories.length}`}>
      <HStack as="ul" listStyleType="none" gap="1" w="max-content" py="1">
        {categories.map((c) => {
          const active = current === String(c.categoryId);
          return (
            <li key={c.categoryId}>
              <Link
                asChild
                display="inline-block"
                whiteSpace="nowrap"
                px="3"
                py="1.5"
                rounded="full"
                fontSize="sm"
                fontWeight="medium"
                color="white"
                bg={active ? 'whiteAlpha.300' : 'transparent'}
                _hover={{ bg: 'whiteAlpha.200', textDecoration: 'none' }}
                focusRingColor="white"
                focusRingOffset="-2px"
              >
                <RouterLink to={`/product?categoryId=${c.categoryId}`} aria-current={active ? 'page' : undefined}>
                  {c.name}
                </RouterLink>
              </Link>
            </li>
          );
        })}
      </HStack>
    </ScrollRow>
  );
}

/**
 * The site header. When `sticky` (scrolled past 200 px on any page but '/'), it pins to the
 * top in a compact form without the category row. A spacer of the full header's height keeps
 * its place in the page, so nothing under it moves (and no tap lands elsewhere) as it pins.
 */
export function SiteHeader({ sticky }: { sticky: boolean }) {
  const header = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = header.current;
    if (sticky || !element) return;
    // The full header's height, kept current while it grows (its category row arrives later).
    setHeight(element.offsetHeight);
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [sticky]);
  return (
    <>
      {sticky && <Box aria-hidden="true" height={`${height}px`} flexShrink={0} />}
      <Box
        as="header"
        ref={header}
        data-sticky={sticky ? 'true' : 'false'}
        position={sticky ? 'fixed' : 'relative'}
        top="0"
        insetX="0"
        zIndex="sticky"
        bg="brand.800"
        color="white"
        shadow={sticky ? 'lg' : 'none'}
        animation={sticky ? 'slide-from-top 0.2s ease-out' : undefined}
        css={{ '--focus-ring-color': 'white' }}
      >
        <Container maxW="6xl" px="4" py="2">
          <Flex align="center" gap="2">
            <ShopBrand />
            <Box flex="1" display={{ base: 'none', md: 'block' }} maxW="lg" mx="auto">
              <SearchBox />
            </Box>
            <HStack gap="1" ms="auto" flexShrink={0}>
              <AccountLink />
              <CartLink />
            </HStack>
          </Flex>
          <Box display={{ base: 'block', md: 'none' }} mt="2">
            <SearchBox />
          </Box>
          {!sticky && (
            <Box mt="1">
              <CategoryMenu />
            </Box>
          )}
        </Container>
      </Box>
    </>
  );
}
