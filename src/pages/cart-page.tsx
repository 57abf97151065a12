import { useEffect, useId, useState } from 'react';
import { Badge, Box, Button, Card, Grid, HStack, Image, Spinner, Stack, Text, VStack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { appActors } from '../app/app-actors';
import { activeSetting } from '../../machines/config.machine';
import { currentShop } from '../app/shop-context';
import type { CartLine } from '../../contract/cart.schemas';
import { CartQuantityControl } from '../components/cart-quantity-control';
import { PriceTag } from '../components/price-tag';
import { PageShell } from '../components/page-shell';
import { EmptyView, ErrorView } from '../components/status-views';
import { useMoney } from '../components/use-shop-config';
import { imageUrl } from '../../contract/image-url.rules';
import { MIN_ORDER_SETTING } from '../../contract/settings.keys';
import { CheckoutChoices } from './cart-checkout-choices';

export const CHECKOUT_PATH = '/user_account/check_out';

/** The active minimum order amount, or null when the shop has none. */
function useMinimumOrder(): number | null {
  return useSelector(appActors().config, (s) => {
    const value = Number(activeSetting(s.context.settings, MIN_ORDER_SETTING));
    return Number.isFinite(value) && value > 0 ? value : null;
  });
}

/** Said in the cart, before checkout refuses it: the minimum and what is still to add. */
function MinimumOrderNotice({ id, minimum, subTotal }: { id: string; minimum: number; subTotal: number }) {
  const money = useMoney();
  const short = Math.round((minimum - subTotal) * 100) / 100;
  if (short <= 0) return null;
  return (
    <Text id={id} role="status" fontSize="sm" bg="orange.subtle" color="orange.fg" px="3" py="2" rounded="md" data-testid="minimum-order">
      Minimum order {money(minimum)}. Add {money(short)} more to place your order.
    </Text>
  );
}

function CartLineRow({ line }: { line: CartLine }) {
  const money = useMoney();
  const cart = appActors().cart;
  const label = line.variantName ? `${line.name} (${line.variantName})` : line.name;
  return (
    <Card.Root as="li" variant="outline" flexDirection="row" overflow="hidden" data-testid="cart-line" opacity={line.problem ? 0.7 : 1}>
      <Image
        src={imageUrl(line.image)}
        alt={line.name}
        width={96}
        height={96}
        w={{ base: '24', md: '28' }}
        h={{ base: '24', md: '28' }}
        alignSelf="flex-start"
        m="3"
        mr="0"
        rounded="md"
        objectFit="cover"
        flexShrink={0}
      />
      {/* minW 0 lets the body shrink to the card on a phone instead of pushing the card past the screen edge. */}
      <Card.Body p="3" gap="2" minW="0">
        <HStack justify="space-between" align="start" gap="2">
          <Box>
            <Text fontWeight="semibold" lineHeight="short">
              {line.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {line.variantName || line.unitLabel}
            </Text>
          </Box>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Remove ${label}`}
            onClick={() => cart.send({ type: 'cart.remove', productId: line.productId, variantId: line.variantId })}
          >
            Remove
          </Button>
        </HStack>
        <PriceTag sRate={line.sRate} oRate={line.oRate} />
        {line.problem && (
          <Badge colorPalette="red" variant="subtle" alignSelf="start" whiteSpace="normal">
            {line.problem} Not counted in the total.
          </Badge>
        )}
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Box w="36">
            <CartQuantityControl product={line} size="sm" />
          </Box>
          <Text fontWeight="bold" data-testid="line-value">
            {money(line.lineValue)}
          </Text>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** /cart/: the customer's lines, totals, delivery slot and coupons, and the way to checkout. */
export function CartPage() {
  const cart = appActors().cart;
  const money = useMoney();
  const navigate = useNavigate();
  const lines = useSelector(cart, (s) => s.context.cart?.lines ?? null);
  const totalQty = useSelector(cart, (s) => s.context.cart?.totalQty ?? 0);
  const subTotal = useSelector(cart, (s) => s.context.cart?.subTotal ?? 0);
  const savings = useSelector(cart, (s) => s.context.cart?.savings ?? 0);
  const failed = useSelector(cart, (s) => s.matches({ customer: 'failed' }));
  const error = useSelector(cart, (s) => s.context.error);
  const busy = useSelector(cart, (s) => s.hasTag('busy'));
  const [companyId] = useState(() => currentShop().companyId);
  const minimum = useMinimumOrder();
  const minimumId = useId();

  useEffect(() => {
    cart.send({ type: 'cart.refresh' });
  }, [cart]);

  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Cart' }];
  if (failed && !lines) {
    return (
      <PageShell title="Your cart" crumbs={crumbs}>
        <ErrorView message={error} title="We could not load your cart" onRetry={() => cart.send({ type: 'cart.refresh' })} />
      </PageShell>
    );
  }
  if (!lines) {
    return (
      <PageShell title="Your cart" crumbs={crumbs}>
        <VStack py="12" role="status" aria-busy="true">
          <Spinner size="lg" color="brand.solid" />
          <Text color="fg.muted">Loading your cart…</Text>
        </VStack>
      </PageShell>
    );
  }
  if (lines.length === 0) {
    return (
      <PageShell title="Your cart" crumbs={crumbs}>
        <EmptyView
          title="Your cart is empty"
          description="Fresh catch is waiting. Add something you like and it will show up here."
          action={
            <Button asChild colorPalette="brand">
              <RouterLink to="/">Continue shopping</RouterLink>
            </Button>
          }
        />
      </PageShell>
    );
  }

  const valid = lines.filter((l) => !l.problem);
  return (
    <PageShell title="Your cart" crumbs={crumbs} subtitle={`${totalQty} ${totalQty === 1 ? 'item' : 'items'}`}>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Cart lines" aria-busy={busy}>
          {lines.map((line) => (
            <CartLineRow key={`${line.productId}/${line.variantId}`} line={line} />
          ))}
        </Stack>
        <Stack gap="4">
          <CheckoutChoices companyId={companyId} />
          <Card.Root variant="outline" as="section" aria-label="Order total">
            <Card.Body gap="2">
              <HStack justify="space-between">
                <Text color="fg.muted">Items</Text>
                <Text data-testid="cart-total-qty">{totalQty}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text fontWeight="semibold">Subtotal</Text>
                <Text fontWeight="bold" fontSize="lg" data-testid="cart-subtotal">
                  {money(subTotal)}
                </Text>
              </HStack>
              {savings > 0 && (
                <Text color="green.700" fontWeight="medium" data-testid="cart-savings">
                  You saved {money(savings)} on offers
                </Text>
              )}
              {valid.length < lines.length && (
                <Text fontSize="sm" color="fg.muted">
                  Items that are out of stock or unavailable are not counted.
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted">
                Delivery charge, coupon and wallet are applied at checkout.
              </Text>
              {minimum !== null && valid.length > 0 && <MinimumOrderNotice id={minimumId} minimum={minimum} subTotal={subTotal} />}
              <Button
                colorPalette="brand"
                size="lg"
                mt="2"
                disabled={valid.length === 0}
                aria-describedby={minimum !== null && valid.length > 0 && subTotal < minimum ? minimumId : undefined}
                onClick={() => navigate(CHECKOUT_PATH)}
              >
                Proceed to checkout
              </Button>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </PageShell>
  );
}
