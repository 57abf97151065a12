import { Box, IconButton } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import { cartCount } from '../../machines/cart.machine';
import { appActors } from '../app/app-actors';
import { CartIcon } from './icons';

export function CartLink() {
  const count = useSelector(appActors().cart, cartCount);
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
