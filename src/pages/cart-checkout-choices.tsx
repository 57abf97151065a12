import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { RadioGroup } from '../components/chakra-with-recipes';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { createResourceMachine } from '../../machines/resource.machine';
import { couponsResource, deliverySlotsResource } from '../app/resource-actors';
import type { DeliverySlot } from '../../contract/catalogue.schemas';
import type { Coupon } from '../../contract/order.schemas';
import { useMoney } from '../components/use-shop-config';
import { rememberCoupon, rememberDeliverySlot, rememberedCoupon, rememberedDeliverySlot } from '../lib/local-cart';
import { TruckIcon } from '../components/icons';
import { shopDate } from '../../contract/time-zone.rules';
import { earliestDelivery, isFull, slotDays, slotPickerMachine, windowLabel } from '../../machines/delivery-slot-picker.machine';
import { couponChoiceMachine } from '../../machines/coupon-choice.machine';
import { notify } from '../lib/notify';
import { actorOptions } from '../app/actor-options';
import { appActors } from '../app/app-actors';

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

/** Days and times as bordered chips; the chosen one filled, a full one dimmed. */
const chipStyle = {
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'lg',
  px: '3',
  py: '2',
  minH: '11',
  cursor: 'pointer',
  _checked: { borderColor: 'brand.solid', bg: 'brand.subtle' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed', bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
} as const;

/** Few enough places left to say so in the warning colour. */
const FEW_LEFT = 3;

/** 'Full', '1 left', '3 left': what the server's numbers leave for the shopper. */
function placesLeft(slot: DeliverySlot): string {
  return isFull(slot) ? 'Full' : `${slot.Available} left`;
}

/** The slot picker's machine, its remembered slot kept in the session for checkout as before. */
const slotPickerLogic = slotPickerMachine.provide({ actions: { remember: (_, { slot }) => rememberDeliverySlot(slot) } });

/**
 * A day, then that day's times; full slots show as Full and cannot be picked. The first line says
 * when the earliest delivery is. The choice is kept for checkout.
 */
function DeliverySlotPicker({ companyId }: { companyId: number }) {
  const [resource] = useState(() => deliverySlotsResource(companyId));
  const [slots, retry] = useResource<DeliverySlot[]>(resource);
  const picker = useActorRef(slotPickerLogic, actorOptions({ input: { chosen: rememberedDeliverySlot() } }));
  const today = useSelector(picker, (s) => s.context.today);
  const all = useSelector(picker, (s) => s.context.slots);
  const day = useSelector(picker, (s) => s.context.day);
  const chosen = useSelector(picker, (s) => s.context.chosen);
  const data = slots.status === 'done' ? slots.data : null;

  useEffect(() => {
    if (data) picker.send({ type: 'slotPicker.slotsArrived', slots: data, today: shopDate(new Date()) });
  }, [picker, data]);

  const days = useMemo(() => slotDays(all, today), [all, today]);
  const times = useMemo(() => all.filter((s) => s.SlotDate === day), [all, day]);
  // The server's earliest slot with room (India time); the slot list's own first open slot until it is known.
  const serverEarliest = useSelector(appActors().earliestDelivery, (s) => (s.context.known ? s.context.earliest : undefined));
  const listEarliest = useMemo(() => earliestDelivery(all, today), [all, today]);
  const earliest = serverEarliest === undefined ? listEarliest : serverEarliest && listEarliest ? `Earliest delivery: ${serverEarliest.Label}` : listEarliest;
  const chosenHere = chosen !== null && times.some((s) => s.DeliveryId === chosen.DeliveryId);

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="delivery-slot-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="sm" id="delivery-slot-heading">
          Delivery slot
        </Heading>
        {slots.status === 'loading' && <Skeleton h="16" />}
        {slots.status === 'error' && <LoadProblem message={slots.message} onRetry={retry} />}
        {slots.status === 'done' && (all.length === 0 || earliest === null) && <Text color="fg.muted">No delivery slots are open right now.</Text>}
        {slots.status === 'done' && earliest !== null && (
          <>
            <HStack gap="2" color="brand.fg" fontSize="sm" fontWeight="semibold" data-testid="earliest-delivery">
              <TruckIcon size={18} />
              <Text as="span">{earliest}</Text>
            </HStack>
            <RadioGroup.Root
              name="delivery-day"
              value={day}
              onValueChange={(details) => details.value && picker.send({ type: 'slotPicker.dayChosen', date: details.value })}
              aria-label="Delivery day"
              colorPalette="brand"
              orientation="horizontal"
            >
              <HStack gap="2" overflowX="auto" mx="-1" px="1" py="1" css={{ scrollbarWidth: 'thin' }}>
                {days.map((d) => (
                  <RadioGroup.Item key={d.date} value={d.date} {...chipStyle} flexDirection="column" gap="0" flexShrink={0}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemText fontWeight="semibold" whiteSpace="nowrap">
                      {d.label}
                    </RadioGroup.ItemText>
                    <Text as="span" fontSize="xs" color={d.open === 0 ? 'fg.error' : 'fg.muted'} whiteSpace="nowrap">
                      {d.open === 0 ? 'Full' : `${d.open} open`}
                    </Text>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            <RadioGroup.Root
              name="delivery-slot"
              value={chosenHere ? String(chosen.DeliveryId) : null}
              onValueChange={(details) => details.value && picker.send({ type: 'slotPicker.timeChosen', deliveryId: Number(details.value) })}
              aria-label="Delivery time"
              colorPalette="brand"
            >
              <SimpleGrid columns={2} gap="2">
                {times.map((slot) => {
                  const full = isFull(slot);
                  return (
                    <RadioGroup.Item key={slot.DeliveryId} value={String(slot.DeliveryId)} disabled={full} {...chipStyle} justifyContent="flex-start">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <Stack gap="0" minW="0">
                        <RadioGroup.ItemText whiteSpace="nowrap">{windowLabel(slot.StartTime, slot.EndTime)}</RadioGroup.ItemText>
                        <Text
                          as="span"
                          fontSize="xs"
                          fontWeight={full ? 'semibold' : 'normal'}
                          color={full ? 'fg.error' : slot.Available <= FEW_LEFT ? 'fg.warning' : 'fg.muted'}
                          data-testid="slot-capacity"
                        >
                          {placesLeft(slot)}
                        </Text>
                      </Stack>
                    </RadioGroup.Item>
                  );
                })}
              </SimpleGrid>
            </RadioGroup.Root>
          </>
        )}
        {slots.status === 'done' && chosen !== null && (
          <Text fontSize="sm" color="fg.muted" data-testid="chosen-slot">
            Chosen: {chosen.Label}
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

/** The coupon choice's machine: the applied coupon kept in the session for checkout, the clipboard for Copy, notifications for both. */
const couponChoiceLogic = couponChoiceMachine.provide({
  actors: {
    copyCode: fromPromise<void, { code: string }>(({ input }) =>
      navigator.clipboard ? navigator.clipboard.writeText(input.code) : Promise.reject(new Error('This browser cannot copy')),
    ),
  },
  actions: {
    remember: (_, { code }) => rememberCoupon(code),
    notifySuccess: (_, { message }) => notify.success(message),
    notifyInfo: (_, { message }) => notify.info(message),
    notifyError: (_, { message }) => notify.error(message),
  },
});

/** Coupons the customer can still use; the applied one is kept for checkout. */
function CouponList({ companyId }: { companyId: number }) {
  const money = useMoney();
  const [resource] = useState(() => couponsResource(companyId));
  const [coupons, retry] = useResource<Coupon[]>(resource);
  const choice = useActorRef(couponChoiceLogic, actorOptions({ input: { applied: rememberedCoupon() } }));
  const applied = useSelector(choice, (s) => s.context.applied);
  const apply = (code: string | null) => choice.send(code ? { type: 'coupon.apply', code } : { type: 'coupon.remove' });
  const copy = (code: string) => choice.send({ type: 'coupon.copy', code });

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
