import { useEffect, useState } from 'react';
import { Box, Button, Card, Container, Heading, HStack, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Checkbox, NativeSelect, RadioGroup, Separator } from '../../components/chakra-with-recipes';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router';
import type { CheckoutForm } from '../../../machines/checkout.types';
import { checkoutActors } from '../../app/checkout-actors';
import { useMoney } from '../../components/use-shop-config';

function change(form: Partial<CheckoutForm>): void {
  checkoutActors().checkout.send({ type: 'checkout.change', form });
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="3" p="4">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function AddressChoice() {
  const checkout = checkoutActors().checkout;
  const addresses = useSelector(checkout, (s) => s.context.options.addresses);
  const addressId = useSelector(checkout, (s) => s.context.form.addressId);
  if (addresses.length === 0) {
    return (
      <Section title="Delivery address">
        <Text color="fg.muted">You have no saved address yet.</Text>
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/user_account/manage_address">Add a delivery address</RouterLink>
        </Link>
      </Section>
    );
  }
  return (
    <Section title="Delivery address">
      <RadioGroup.Root value={addressId === null ? null : String(addressId)} onValueChange={(d) => d.value && change({ addressId: Number(d.value) })}>
        <Stack gap="2">
          {addresses.map((a) => (
            <RadioGroup.Item key={a.AddressId} value={String(a.AddressId)} alignItems="flex-start">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{a.Label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Section>
  );
}

function SlotChoice() {
  const checkout = checkoutActors().checkout;
  const slots = useSelector(checkout, (s) => s.context.options.slots);
  const deliveryId = useSelector(checkout, (s) => s.context.form.deliveryId);
  return (
    <Section title="Delivery slot">
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label="Delivery slot"
          value={deliveryId === null ? '' : String(deliveryId)}
          onChange={(e) => change({ deliveryId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Choose a delivery slot</option>
          {slots.map((slot) => (
            <option key={slot.DeliveryId} value={slot.DeliveryId}>
              {slot.Label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {slots.length === 0 && <Text color="fg.muted">No delivery slots are open right now.</Text>}
    </Section>
  );
}

function CouponAndWallet() {
  const checkout = checkoutActors().checkout;
  const money = useMoney();
  const applied = useSelector(checkout, (s) => s.context.form.couponCode);
  const useWallet = useSelector(checkout, (s) => s.context.form.isWalletAmount);
  const useLoyalty = useSelector(checkout, (s) => s.context.form.isWalletLoyality);
  const walletBalance = useSelector(checkout, (s) => s.context.balances?.WalletBalance ?? null);
  const points = useSelector(checkout, (s) => s.context.balances?.LoyaltyPoints ?? null);
  const [code, setCode] = useState(applied);
  useEffect(() => setCode(applied), [applied]);
  return (
    <Section title="Offers and wallet">
      <HStack>
        <Input aria-label="Coupon code" placeholder="Coupon code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        {applied ? (
          <Button variant="outline" onClick={() => change({ couponCode: '' })}>
            Remove
          </Button>
        ) : (
          <Button variant="outline" disabled={!code.trim()} onClick={() => change({ couponCode: code.trim() })}>
            Apply
          </Button>
        )}
      </HStack>
      <Checkbox.Root checked={useWallet} onCheckedChange={(d) => change({ isWalletAmount: d.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Use wallet balance{walletBalance === null ? '' : ` (${money(walletBalance)})`}</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root checked={useLoyalty} onCheckedChange={(d) => change({ isWalletLoyality: d.checked === true })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Use loyalty points{points === null ? '' : ` (${points})`}</Checkbox.Label>
      </Checkbox.Root>
    </Section>
  );
}

function PaymentChoice() {
  const method = useSelector(checkoutActors().checkout, (s) => s.context.form.paymentMethod);
  return (
    <Section title="Payment method">
      <RadioGroup.Root value={method} onValueChange={(d) => (d.value === 'ONLINE' || d.value === 'COD') && change({ paymentMethod: d.value })}>
        <HStack gap="6">
          <RadioGroup.Item value="ONLINE">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Online</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="COD">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Cash on delivery</RadioGroup.ItemText>
          </RadioGroup.Item>
        </HStack>
      </RadioGroup.Root>
    </Section>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <HStack justify="space-between" fontWeight={strong ? 'bold' : undefined}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </HStack>
  );
}

function OrderSummary() {
  const checkout = checkoutActors().checkout;
  const money = useMoney();
  const summary = useSelector(checkout, (s) => s.context.summary);
  const loading = useSelector(checkout, (s) => s.hasTag('loading'));
  const error = useSelector(checkout, (s) => s.context.summaryError);
  const needsSlot = useSelector(checkout, (s) => s.matches({ editing: 'choosing' }));
  return (
    <Section title="Order summary">
      {loading && <Spinner size="sm" aria-label="Updating the summary" />}
      {error && (
        <Text role="alert" color="red.600">
          {error}
        </Text>
      )}
      {needsSlot && <Text color="fg.muted">Choose a delivery slot to see your total.</Text>}
      {summary && (
        <Stack gap="1" aria-label="Order summary" data-testid="order-summary">
          {summary.Lines.map((l) => (
            <Line
              key={`${l.ProductId}-${l.VariantId}`}
              label={`${l.ItemName}${l.VariantName ? ` (${l.VariantName})` : ''} × ${l.Quantity}`}
              value={money(l.Value)}
            />
          ))}
          <Separator my="2" />
          <Line label="Items total" value={money(summary.GrossAmount)} />
          {summary.CouponDiscount > 0 && <Line label={`Coupon ${summary.CouponCode ?? ''}`} value={`- ${money(summary.CouponDiscount)}`} />}
          <Line label="Delivery charge" value={summary.DeliveryCharge > 0 ? money(summary.DeliveryCharge) : 'Free'} />
          {summary.WalletAmount > 0 && <Line label="Wallet" value={`- ${money(summary.WalletAmount)}`} />}
          {summary.LoyaltyAmount > 0 && <Line label={`Loyalty points (${summary.LoyaltyPoints})`} value={`- ${money(summary.LoyaltyAmount)}`} />}
          <Line label="To pay" value={money(summary.NetAmount)} strong />
        </Stack>
      )}
    </Section>
  );
}

function PayButton() {
  const checkout = checkoutActors().checkout;
  const money = useMoney();
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const canPay = useSelector(checkout, (s) => s.can({ type: 'checkout.submit' }));
  const net = useSelector(checkout, (s) => s.context.summary?.NetAmount ?? null);
  const method = useSelector(checkout, (s) => s.context.form.paymentMethod);
  const placeError = useSelector(checkout, (s) => s.context.placeError);
  const label = method === 'COD' || net === 0 ? 'Place Order' : net === null ? 'Pay' : `Pay ${money(net)}`;
  return (
    <Stack gap="2">
      {placeError && (
        <Text role="alert" color="red.600">
          {placeError}
        </Text>
      )}
      <Button colorPalette="brand" size="lg" loading={busy} disabled={busy || !canPay} onClick={() => checkout.send({ type: 'checkout.submit' })}>
        {label}
      </Button>
    </Stack>
  );
}

/** /user_account/check_out/: address, slot, coupon, wallet and points, payment method, live summary, pay. */
export function CheckoutPage() {
  const checkout = checkoutActors().checkout;
  useEffect(() => {
    checkout.send({ type: 'checkout.open' });
    return () => checkout.send({ type: 'checkout.close' });
  }, [checkout]);
  const loadingOptions = useSelector(checkout, (s) => s.matches({ editing: 'loadingOptions' }));
  const optionsFailed = useSelector(checkout, (s) => s.matches({ editing: 'optionsFailed' }));
  return (
    <Container maxW="3xl" py="6">
      <Heading as="h1" size="lg" mb="4">
        Checkout
      </Heading>
      {loadingOptions ? (
        <Spinner aria-label="Loading checkout" />
      ) : optionsFailed ? (
        <Box role="alert">
          <Text mb="2">We could not load your addresses and delivery slots.</Text>
          <Button onClick={() => checkout.send({ type: 'checkout.open' })}>Try again</Button>
        </Box>
      ) : (
        <Stack gap="4">
          <AddressChoice />
          <SlotChoice />
          <CouponAndWallet />
          <PaymentChoice />
          <OrderSummary />
          <PayButton />
        </Stack>
      )}
    </Container>
  );
}
