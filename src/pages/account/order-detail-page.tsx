import { Badge, Box, Button, Card, Container, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { DataList, Separator } from '../../components/chakra-with-recipes';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { invoiceDownloadLogic, orderDetailLogic } from '../../app/account-actors';
import { INVOICE_TEXT } from '../../../machines/invoice-download.machine';
import { currentShop } from '../../app/shop-context';
import { AccountNav } from '../../components/account-nav';
import { ErrorView } from '../../components/status-views';
import { useMoney } from '../../components/use-shop-config';
import { imageUrl } from '../../../contract/image-url.rules';
import {
  formatDateTime,
  paymentLabel,
  refundDestinationLabel,
  refundReferenceLabel,
  refundStatusLabel,
  statusPalette,
  weightSettlementText,
} from './order-display';
import { formatGrams } from '../../../contract/weight.rules';
import { ReturnSection, ReviewSection } from './order-aftercare-forms';
import { actorOptions } from '../../app/actor-options';

export type OrderDetailActor = ActorRefFrom<typeof orderDetailLogic>;

function Timeline({ actor }: { actor: OrderDetailActor }) {
  const timeline = useSelector(actor, (s) => s.context.order?.Timeline ?? []);
  return (
    <Box as="section" aria-labelledby="timeline-heading">
      <Heading as="h2" size="md" id="timeline-heading" mb="2">
        Status
      </Heading>
      <Stack as="ol" gap="2" listStyleType="none" data-testid="order-timeline">
        {timeline.map((entry, i) => (
          <HStack as="li" key={`${entry.StatusCode}-${i}`} align="start" gap="3">
            <Box w="2.5" h="2.5" mt="1.5" rounded="full" bg={i === timeline.length - 1 ? 'brand.solid' : 'border'} flexShrink={0} />
            <Box>
              <Text fontWeight={i === timeline.length - 1 ? 'semibold' : 'normal'} data-testid="timeline-title">
                {entry.Title}
              </Text>
              {entry.Detail && <Text fontSize="sm">{entry.Detail}</Text>}
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(entry.At)}
              </Text>
            </Box>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function Items({ actor }: { actor: OrderDetailActor }) {
  const items = useSelector(actor, (s) => s.context.order?.Items ?? []);
  const money = useMoney();
  return (
    <Box as="section" aria-labelledby="items-heading">
      <Heading as="h2" size="md" id="items-heading" mb="2">
        Items
      </Heading>
      <Stack gap="2">
        {items.map((item) => (
          <HStack key={`${item.ProductId}-${item.VariantId}`} gap="3">
            <Image src={imageUrl(item.Image)} alt="" boxSize="12" rounded="md" objectFit="cover" />
            <Box flex="1">
              <Text>
                {item.ItemName}
                {item.VariantName ? ` (${item.VariantName})` : ''}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {item.Quantity} × {money(item.Rate)}
              </Text>
              {item.OrderedGrams !== undefined && (
                <Text fontSize="sm" data-testid="item-weights">
                  Ordered {formatGrams(item.OrderedGrams)}
                  {item.PackedGrams !== undefined ? ` · Packed ${formatGrams(item.PackedGrams)}` : ' · Not weighed yet'}
                </Text>
              )}
              {weightSettlementText(item, money) && (
                <Text fontSize="sm" color="green.700" data-testid="item-weight-settlement">
                  {weightSettlementText(item, money)}
                </Text>
              )}
            </Box>
            <Text fontWeight="medium">{money(item.Value)}</Text>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function Amounts({ actor }: { actor: OrderDetailActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  const money = useMoney();
  if (!order) return null;
  const rows: [string, string][] = [
    ['Items total', money(order.GrossAmount)],
    ...(order.DiscountAmount > 0 ? [[`Coupon ${order.CouponCode}`, `− ${money(order.DiscountAmount)}`] as [string, string]] : []),
    ['Delivery', order.DeliveryCharge > 0 ? money(order.DeliveryCharge) : 'Free'],
    ...(order.WalletAmount > 0 ? [['Paid from wallet', `− ${money(order.WalletAmount)}`] as [string, string]] : []),
    ...(order.LoyaltyAmount > 0 ? [[`Loyalty points (${order.LoyaltyPoints})`, `− ${money(order.LoyaltyAmount)}`] as [string, string]] : []),
    ['Net amount', money(order.NetAmount)],
    ...(order.RefundAmount > 0 ? [['Refunded to wallet', money(order.RefundAmount)] as [string, string]] : []),
    ...(order.WeightRefund ? [['Refunded for lighter packs', money(order.WeightRefund)] as [string, string]] : []),
    ...(order.WeightDue && order.WeightDue > 0 ? [['To pay on delivery for heavier packs', money(order.WeightDue)] as [string, string]] : []),
    ...(order.WeightDue && order.WeightDue < 0 ? [['Less to pay on delivery for lighter packs', `− ${money(-order.WeightDue)}`] as [string, string]] : []),
  ];
  return (
    <Stack gap="2">
      <DataList.Root orientation="horizontal" size="sm" data-testid="order-amounts">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="flex-end">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {order.Savings > 0 && (
        <Text color="green.700" fontWeight="medium" textAlign="end" data-testid="order-savings">
          You saved {money(order.Savings)} on this order
        </Text>
      )}
    </Stack>
  );
}

/** Each refund of the order: how much, where it went, its state, a reference the shopper can quote, and when. */
function Refunds({ actor }: { actor: OrderDetailActor }) {
  const refunds = useSelector(actor, (s) => s.context.order?.Refunds ?? []);
  const money = useMoney();
  if (refunds.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="refund-heading" data-testid="order-refunds">
      <Heading as="h2" size="md" id="refund-heading" mb="2">
        {refunds.length === 1 ? 'Refund' : 'Refunds'}
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="refund-heading">
        {refunds.map((refund, i) => (
          <Box as="li" key={`${refund.Destination}-${refund.Reference}-${i}`} borderWidth="1px" rounded="md" p="3" data-testid="order-refund">
            <HStack justify="space-between" align="start" gap="3">
              <Text>{refundDestinationLabel(refund)}</Text>
              <Text fontWeight="semibold" whiteSpace="nowrap" data-testid="refund-amount">
                {refund.Status === 'REVERSED' ? `− ${money(refund.Amount)}` : money(refund.Amount)}
              </Text>
            </HStack>
            <DataList.Root orientation="horizontal" size="sm" mt="2">
              <DataList.Item>
                <DataList.ItemLabel>Status</DataList.ItemLabel>
                <DataList.ItemValue>{refundStatusLabel(refund.Status)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Reference</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{refundReferenceLabel(refund)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Date</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateTime(refund.At)}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** 'Paid online', 'Cash on delivery', or the method and where its money stands: 'Online · Payment failed'. */
function paymentLine(method: string, paymentStatus: string): string {
  const chosen = method === 'COD' ? 'Cash on delivery' : 'Online';
  const label = paymentLabel(method, paymentStatus);
  return label === chosen || label === 'Paid online' ? label : `${chosen} · ${label}`;
}

function Delivery({ actor }: { actor: OrderDetailActor }) {
  const order = useSelector(actor, (s) => s.context.order);
  if (!order) return null;
  const a = order.Address;
  return (
    <DataList.Root orientation="vertical" size="sm">
      <DataList.Item>
        <DataList.ItemLabel>Deliver to</DataList.ItemLabel>
        <DataList.ItemValue>
          {a ? (
            <Box>
              <Text fontWeight="medium">{a.Name}</Text>
              <Text>{[a.House, a.Street, a.Landmark].filter(Boolean).join(', ')}</Text>
              <Text>
                {a.City}, {a.State} {a.Pincode}
              </Text>
              <Text>{a.Phone}</Text>
            </Box>
          ) : (
            '—'
          )}
        </DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Delivery slot</DataList.ItemLabel>
        <DataList.ItemValue>{order.SlotLabel || '—'}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Payment</DataList.ItemLabel>
        <DataList.ItemValue>
          {paymentLine(order.PaymentMethod, order.PaymentStatus)}
          {order.TransactionNo ? ` · ${order.TransactionNo}` : ''}
        </DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

function CancelControl({ actor }: { actor: OrderDetailActor }) {
  const canCancel = useSelector(actor, (s) => s.context.order?.CanCancel === true);
  const confirming = useSelector(actor, (s) => s.matches({ ready: { action: 'confirmingCancel' } }));
  const cancelling = useSelector(actor, (s) => s.matches({ ready: { action: 'cancelling' } }));
  if (!canCancel && !cancelling) return null;
  if (confirming || cancelling) {
    return (
      <Card.Root role="alertdialog" aria-labelledby="cancel-title" variant="outline" borderColor="red.300">
        <Card.Body gap="3">
          <Text id="cancel-title" fontWeight="semibold">
            Cancel this order?
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Anything you paid goes back to your wallet.
          </Text>
          <HStack justify="flex-end">
            <Button variant="outline" disabled={cancelling} onClick={() => actor.send({ type: 'order.cancelDismiss' })}>
              Keep order
            </Button>
            <Button colorPalette="red" loading={cancelling} loadingText="Cancelling" onClick={() => actor.send({ type: 'order.cancelConfirm' })}>
              Yes, cancel order
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    );
  }
  return (
    <Button colorPalette="red" variant="outline" onClick={() => actor.send({ type: 'order.cancel' })}>
      Cancel order
    </Button>
  );
}

/** 'Order again': the order's lines back in the cart; what cannot be bought now is listed under the button. */
function ReorderControl({ actor }: { actor: OrderDetailActor }) {
  const awaitingPayment = useSelector(actor, (s) => s.context.order?.StatusCode === 'AWAITING_PAYMENT');
  const reordering = useSelector(actor, (s) => s.matches({ ready: { action: 'reordering' } }));
  const busy = useSelector(actor, (s) => s.hasTag('working'));
  const outcome = useSelector(actor, (s) => s.context.reorder);
  if (awaitingPayment) return null;
  return (
    <Stack gap="2" aria-live="polite">
      <HStack wrap="wrap" gap="3">
        <Button
          colorPalette="brand"
          loading={reordering}
          loadingText="Adding to cart"
          disabled={busy && !reordering}
          onClick={() => actor.send({ type: 'order.reorder' })}
        >
          Order again
        </Button>
        {outcome ? (
          <Link asChild fontWeight="medium">
            <RouterLink to="/cart">Go to cart</RouterLink>
          </Link>
        ) : null}
      </HStack>
      {outcome && outcome.unavailable.length > 0 ? (
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            Not available now:
          </Text>
          <Box as="ul" fontSize="sm" color="fg.muted" ps="5" listStyleType="disc">
            {outcome.unavailable.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}

/** 'Download invoice' for a delivered order: the GST tax invoice as a PDF (machines/invoice-download.machine.ts). */
function InvoiceControl({ orderId }: { orderId: number }) {
  const invoice = useActorRef(invoiceDownloadLogic, actorOptions({ input: { orderId } }));
  const busy = useSelector(invoice, (s) => s.hasTag('busy'));
  const failed = useSelector(invoice, (s) => s.matches('failed'));
  const error = useSelector(invoice, (s) => s.context.error);
  return (
    <Stack gap="1" aria-live="polite">
      <Box>
        <Button
          variant="outline"
          colorPalette="brand"
          loading={busy}
          loadingText={INVOICE_TEXT.downloading}
          onClick={() => invoice.send({ type: failed ? 'invoice.retry' : 'invoice.download' })}
        >
          {failed ? INVOICE_TEXT.retry : INVOICE_TEXT.download}
        </Button>
      </Box>
      {failed ? (
        <Text fontSize="sm" color="red.700" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function OrderView({ actor }: { actor: OrderDetailActor }) {
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const orderNo = useSelector(actor, (s) => s.context.order?.OrderNo ?? '');
  const status = useSelector(actor, (s) => s.context.order?.OrderStatus ?? '');
  const statusCode = useSelector(actor, (s) => s.context.order?.StatusCode ?? '');
  const createdAt = useSelector(actor, (s) => s.context.order?.CreatedAt ?? '');
  const delivered = useSelector(actor, (s) => Boolean(s.context.order?.DeliveredAt));
  const orderId = useSelector(actor, (s) => s.context.orderId);
  if (failed) return <ErrorView title="We could not load this order" message={error} onRetry={() => actor.send({ type: 'order.retry' })} />;
  if (loading) {
    return (
      <Text role="status" color="fg.muted">
        Loading the order…
      </Text>
    );
  }
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="start" wrap="wrap">
        <Box>
          <Heading as="h1" size="xl">
            Order {orderNo}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Placed {formatDateTime(createdAt)}
          </Text>
        </Box>
        <Badge size="lg" colorPalette={statusPalette(statusCode)} data-testid="order-status" aria-live="polite">
          {status}
        </Badge>
      </HStack>
      <CancelControl actor={actor} />
      <ReorderControl actor={actor} />
      {delivered ? <InvoiceControl orderId={orderId} /> : null}
      <Timeline actor={actor} />
      <Separator />
      <Items actor={actor} />
      <Amounts actor={actor} />
      <Refunds actor={actor} />
      <Separator />
      <Delivery actor={actor} />
      <ReturnSection actor={actor} />
      <ReviewSection actor={actor} />
    </Stack>
  );
}

function OrderDetail({ orderId }: { orderId: number }) {
  const actor = useActorRef(orderDetailLogic, actorOptions({ input: { orderId, companyId: currentShop().companyId } }));
  return <OrderView actor={actor} />;
}

/** /user_account/my_order/order-detail?id=: one order with cancel, return and review. */
export function OrderDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const orderId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  return (
    <Container maxW="3xl" py="6">
      <AccountNav />
      <Link asChild fontSize="sm" color="fg.muted" mb="3">
        <RouterLink to="/user_account/my_order">← My orders</RouterLink>
      </Link>
      {orderId > 0 ? (
        <OrderDetail key={orderId} orderId={orderId} />
      ) : (
        <Heading as="h1" size="lg">
          Order not found
        </Heading>
      )}
    </Container>
  );
}
