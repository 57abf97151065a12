import { useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, RadioGroup, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createResourceMachine } from '../../machines/resource.machine';
import { couponsResource, deliverySlotsResource } from '../app/resource-actors';
import type { Coupon, DeliverySlot } from '../api/types';
import { useMoney } from '../components/use-shop-config';
import { rememberCoupon, rememberDeliverySlot, rememberedCoupon, rememberedDeliverySlot } from '../lib/local-cart';
import { notify } from '../lib/notify';
import { actorOptions } from '../app/actor-options';

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; data: T };

/** A side panel's read, from its resource actor: data kept from earlier shows while it refreshes. */
function useResource<T>(resource: { logic: ReturnType<typeof createResourceMachine<T>>; input: { cached: T | null } }): [Load<T>, () => void] {
  const actor = useActorRef(resource.logic, actorOptions({ input: resource.input })) as ActorRefFrom<ReturnType<typeof createResourceMachine<T>>>;
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => (s.matches('error') ? (s.context.error ?? 'Could not load') : null));
  const state: Load<T> = data !== null ? { status: 'done', data } : error !== null ? { status: 'error', message: error } : { status: 'loading' };
  return [state, () => actor.send({ type: 'resource.retry' })];
}

function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <HStack role="alert" justify="space-between" gap="2">
      <Text fontSize="sm" color="fg.error">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </HStack>
  );
}

/** Slots the server offers (past and full ones are left out there); the choice is kept for checkout. */
function DeliverySlotPicker({ companyId }: { companyId: number }) {
  const [resource] = useState(() => deliverySlotsResource(companyId));
  const [slots, retry] = useResource<DeliverySlot[]>(resource);
  const [selected, setSelected] = useState<number | null>(() => rememberedDeliverySlot()?.DeliveryId ?? null);

  const choose = (id: string) => {
    if (slots.status !== 'done') return;
    const slot = slots.data.find((s) => String(s.DeliveryId) === id);
    if (!slot) return;
    rememberDeliverySlot(slot);
    setSelected(slot.DeliveryId);
  };

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="delivery-slot-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="sm" id="delivery-slot-heading">
          Delivery slot
        </Heading>
        {slots.status === 'loading' && <Skeleton h="16" />}
        {slots.status === 'error' && <LoadProblem message={slots.message} onRetry={retry} />}
        {slots.status === 'done' && slots.data.length === 0 && <Text color="fg.muted">No delivery slots are open right now.</Text>}
        {slots.status === 'done' && slots.data.length > 0 && (
          <RadioGroup.Root
            value={selected !== null ? String(selected) : null}
            onValueChange={(details) => details.value && choose(details.value)}
            aria-labelledby="delivery-slot-heading"
            colorPalette="brand"
          >
            <Stack gap="2" maxH="64" overflowY="auto">
              {slots.data.map((slot) => (
                <RadioGroup.Item key={slot.DeliveryId} value={String(slot.DeliveryId)}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{slot.Label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
        {slots.status === 'done' && selected !== null && (
          <Text fontSize="sm" color="fg.muted" data-testid="chosen-slot">
            Chosen: {slots.data.find((s) => s.DeliveryId === selected)?.Label ?? rememberedDeliverySlot()?.Label}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function couponOffer(coupon: Coupon, money: (amount: number) => string): string {
  const off = coupon.DiscountType === 'PERCENT' ? `${coupon.DiscountValue}% off` : `${money(coupon.DiscountValue)} off`;
  const cap = coupon.DiscountType === 'PERCENT' && coupon.MaxDiscount !== null ? ` up to ${money(coupon.MaxDiscount)}` : '';
  const min = coupon.MinOrder > 0 ? ` on orders of ${money(coupon.MinOrder)} or more` : '';
  return `${off}${cap}${min}`;
}

/** Coupons the customer can still use; the applied one is kept for checkout. */
function CouponList({ companyId }: { companyId: number }) {
  const money = useMoney();
  const [resource] = useState(() => couponsResource(companyId));
  const [coupons, retry] = useResource<Coupon[]>(resource);
  const [applied, setApplied] = useState<string | null>(() => rememberedCoupon());

  const apply = (code: string | null) => {
    rememberCoupon(code);
    setApplied(code);
    if (code) notify.success(`Coupon ${code} will be applied at checkout`);
  };
  const copy = (code: string) => {
    navigator.clipboard?.writeText(code).then(
      () => notify.info(`Copied ${code}`),
      () => notify.error('Could not copy the code'),
    );
  };

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="coupons-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="sm" id="coupons-heading">
          Coupons for you
        </Heading>
        {coupons.status === 'loading' && <Skeleton h="12" />}
        {coupons.status === 'error' && <LoadProblem message={coupons.message} onRetry={retry} />}
        {coupons.status === 'done' && coupons.data.length === 0 && <Text color="fg.muted">No coupons available right now.</Text>}
        {coupons.status === 'done' && coupons.data.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="2">
            {coupons.data.map((coupon) => (
              <Box as="li" key={coupon.CouponId} borderWidth="1px" borderStyle="dashed" rounded="md" p="3">
                <HStack justify="space-between" align="start" gap="2">
                  <Box>
                    <HStack gap="2">
                      <Badge colorPalette="brand" variant="solid" fontFamily="mono">
                        {coupon.Code}
                      </Badge>
                      {applied === coupon.Code && <Badge colorPalette="green">Applied</Badge>}
                    </HStack>
                    <Text fontWeight="semibold" fontSize="sm" mt="1">
                      {coupon.Title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {couponOffer(coupon, money)}
                    </Text>
                  </Box>
                  <Stack gap="1">
                    {applied === coupon.Code ? (
                      <Button size="xs" variant="outline" onClick={() => apply(null)} aria-label={`Remove coupon ${coupon.Code}`}>
                        Remove
                      </Button>
                    ) : (
                      <Button size="xs" colorPalette="brand" onClick={() => apply(coupon.Code)} aria-label={`Apply coupon ${coupon.Code}`}>
                        Apply
                      </Button>
                    )}
                    <Button size="xs" variant="ghost" onClick={() => copy(coupon.Code)} aria-label={`Copy coupon code ${coupon.Code}`}>
                      Copy
                    </Button>
                  </Stack>
                </HStack>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** What the customer picks on the cart page and takes to checkout. */
export function CheckoutChoices({ companyId }: { companyId: number }) {
  return (
    <>
      <DeliverySlotPicker companyId={companyId} />
      <CouponList companyId={companyId} />
    </>
  );
}
