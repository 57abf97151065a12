import { HStack, Link } from '@chakra-ui/react';
import { NavLink } from 'react-router';

/** The account pages of section 2, in the order a customer looks for them. */
export const ACCOUNT_LINKS = [
  { to: '/user_account/user_profile', label: 'Profile' },
  { to: '/user_account/my_order', label: 'My orders' },
  { to: '/user_account/manage_address', label: 'Addresses' },
  { to: '/user_account/customer_wallet', label: 'Wallet' },
] as const;

/** Tabs across the top of every account page. */
export function AccountNav() {
  return (
    <HStack as="nav" aria-label="Account" gap="1" overflowX="auto" borderBottomWidth="1px" mb="4">
      {ACCOUNT_LINKS.map((link) => (
        <Link
          key={link.to}
          asChild
          px="3"
          py="2"
          whiteSpace="nowrap"
          fontWeight="medium"
          color="fg.muted"
          borderBottomWidth="2px"
          borderColor="transparent"
          _currentPage={{ color: 'brand.solid', borderColor: 'brand.solid' }}
          _hover={{ textDecoration: 'none', color: 'fg' }}
        >
          <NavLink to={link.to} end>
            {link.label}
          </NavLink>
        </Link>
      ))}
    </HStack>
  );
}
