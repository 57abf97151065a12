import { Box, Button, Container, Flex, HStack, IconButton, Image, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { imageUrl } from '../../contract/image-url.rules.js';
import { CartIcon, FishIcon, PinIcon, TruckIcon, UserIcon } from './icons.js';
import { ScrollRow } from './scroll-row.js';
import { SearchBox } from './search-box.js';

/** What the header shows, as plain values: the live header reads them from the app's actors, the opening page's first paint from the server (src/app/opening-shell.tsx). */
export interface SiteHeaderContent {
  /** The shop's display name. */
  name: string;
  /** The company logo's address; a fish mark while there is none. */
  logo: string;
  loggedIn: boolean;
  cartCount: number;
}

/** Logo and name of the shop; a fish mark while the logo is unknown. */
function ShopBrand({ name, logo }: Pick<SiteHeaderContent, 'name' | 'logo'>) {
  return (
    <Link asChild color="inherit" fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} minW="0">
      <RouterLink to="/" aria-label={`${name}, home`}>
        <HStack gap="2" minW="0">
          {logo ? (
            <Image src={imageUrl(logo)} alt="" width={32} height={32} boxSize="8" rounded="md" bg="white" flexShrink={0} />
          ) : (
            <Box
              as="span"
              display="inline-flex"
              boxSize="8"
              alignItems="center"
              justifyContent="center"
              rounded="md"
              bg="white"
              color="brand.700"
              flexShrink={0}
            >
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

/** 'My account' with a session, 'Login' without. */
function AccountLink({ loggedIn }: { loggedIn: boolean }) {
  return (
    <Button asChild variant="ghost" color="inherit" size="sm" px="2" _hover={{ bg: 'whiteAlpha.200' }} rounded="full">
      <RouterLink to={loggedIn ? '/user_account/user_profile' : '/auth/login'}>
        <UserIcon size={20} />
        <Text as="span">{loggedIn ? 'My account' : 'Login'}</Text>
      </RouterLink>
    </Button>
  );
}

/** The cart icon with the number of lines in it. */
function CartLink({ count }: { count: number }) {
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty';
  return (
    <IconButton asChild variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} rounded="full" position="relative">
      <RouterLink to="/cart" aria-label={label}>
        <CartIcon size={22} />
        {count > 0 && (
          <Box
            as="span"
            aria-hidden="true"
            position="absolute"
            top="0"
            right="0"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="white"
            color="brand.800"
            fontSize="xs"
            fontWeight="bold"
            // Centred by flex: a unitless line height of 5 would set the digits 60 px low, off the white disc.
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            lineHeight="1"
          >
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </RouterLink>
    </IconButton>
  );
}

/** Where and when the shop delivers, as the header says it. */
export interface DeliveryContent {
  /** The PIN code the shopper chose; null until they choose one. */
  pinCode: string | null;
  /** 'Today, 6–8 PM', or null while unknown. */
  earliest: string | null;
}

/**
 * The header's delivery line: the PIN code (or a prompt to enter one), which opens the PIN check,
 * and the earliest delivery. One line of fixed height, so the header keeps its size whatever it says.
 */
export function DeliveryRow({ delivery, onChangePin }: { delivery: DeliveryContent; onChangePin?: () => void }) {
  return (
    <HStack h="7" gap="2" fontSize="sm" minW="0" overflow="hidden" data-testid="header-delivery">
      <Button
        variant="ghost"
        color="inherit"
        size="xs"
        h="7"
        px="1.5"
        ms="-1.5"
        flexShrink={0}
        fontWeight="semibold"
        _hover={{ bg: 'whiteAlpha.200' }}
        aria-haspopup="dialog"
        onClick={onChangePin}
      >
        <PinIcon size={16} />
        {delivery.pinCode ? `Deliver to ${delivery.pinCode}` : 'Enter PIN code'}
      </Button>
      {delivery.earliest && (
        <HStack as="span" gap="1" minW="0" color="whiteAlpha.900" data-testid="header-earliest-delivery">
          <TruckIcon size={16} />
          <Text as="span" truncate>
            <VisuallyHidden>Earliest delivery: </VisuallyHidden>
            {delivery.earliest}
          </Text>
        </HStack>
      )}
    </HStack>
  );
}

/** A category of the menu: its id as the list's address names it, and its name. */
export interface MenuCategory {
  categoryId: number | string;
  name: string;
}

/** The category menu: every category one tap away, scrolling sideways when the names do not fit. */
export function CategoryMenu({ categories, current }: { categories: readonly MenuCategory[]; current: string | null }) {
  if (categories.length === 0) return null;
  return (
    <ScrollRow
      label="Shop by category"
      noun="categories"
      fade="brand.800"
      buttonProps={{ colorPalette: 'gray', variant: 'solid' }}
      activeKey={`${current}:${categories.length}`}
    >
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
 * The header's bar: brand, search, account and cart, and under them the category menu when there
 * is one. `sticky` pins it to the top in its compact form (site-header.tsx).
 */
export function SiteHeaderBar({
  content,
  sticky,
  menu,
  delivery,
  headerRef,
}: {
  content: SiteHeaderContent;
  sticky: boolean;
  menu?: ReactNode;
  /** The live delivery line; the first paint shows the prompt to enter a PIN code in its place. */
  delivery?: ReactNode;
  headerRef?: Ref<HTMLElement>;
}) {
  return (
    <Box
      as="header"
      ref={headerRef}
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
          <ShopBrand name={content.name} logo={content.logo} />
          <Box flex="1" display={{ base: 'none', md: 'block' }} maxW="lg" mx="auto">
            <SearchBox />
          </Box>
          <HStack gap="1" ms="auto" flexShrink={0}>
            <AccountLink loggedIn={content.loggedIn} />
            <CartLink count={content.cartCount} />
          </HStack>
        </Flex>
        <Box display={{ base: 'block', md: 'none' }} mt="2">
          <SearchBox />
        </Box>
        {!sticky && <Box mt="1">{delivery ?? <DeliveryRow delivery={{ pinCode: null, earliest: null }} />}</Box>}
        {!sticky && <Box mt="1">{menu}</Box>}
      </Container>
    </Box>
  );
}
