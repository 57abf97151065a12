import { Badge, Box, Button, Card, Container, Heading, HStack, Input, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Field, NativeSelect } from '../../components/chakra-with-recipes';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'react-router';
import { orderListLogic } from '../../app/account-actors';
import { ORDER_LIST_MESSAGES } from '../../../machines/order-list.machine';
import type { OrderFilterType, OrderListItem } from '../../../contract/order-history.schemas';
import { AccountNav } from '../../components/account-nav';
import { EmptyView, ErrorView } from '../../components/status-views';
import { useMoney } from '../../components/use-shop-config';
import { getCustomerId } from '../../lib/session';
import { formatDateTime, paymentLabel, statusPalette, ORDER_STATUS_OPTIONS } from './order-display';
import { actorOptions } from '../../app/actor-options';

const PERIODS: { value: OrderFilterType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'custom', label: 'Custom range' },
];

type OrderListActor = ActorRefFrom<typeof orderListLogic>;

function Filters({ actor }: { actor: OrderListActor }) {
  const filter = useSelector(actor, (s) => s.context.filter);
  const set = (change: Partial<typeof filter>) => actor.send({ type: 'orders.filter', filter: change });
  return (
    <Stack gap="3" mb="4">
      <SimpleGrid columns={{ base: 2 }} gap="3">
        <Field.Root>
          <Field.Label>Period</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="period" value={filter.filterType} onChange={(e) => set({ filterType: e.target.value as OrderFilterType })}>
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="status" value={filter.orderStatus} onChange={(e) => set({ orderStatus: e.target.value })}>
              <option value="all">All</option>
              {ORDER_STATUS_OPTIONS.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      {filter.filterType === 'custom' && (
        <SimpleGrid columns={2} gap="3">
          <Field.Root>
            <Field.Label>From</Field.Label>
            <Input type="date" name="startDate" value={filter.startDate} onChange={(e) => set({ startDate: e.target.value })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>To</Field.Label>
            <Input type="date" name="endDate" value={filter.endDate} onChange={(e) => set({ endDate: e.target.value })} />
          </Field.Root>
        </SimpleGrid>
      )}
    </Stack>
  );
}

function OrderCard({ order }: { order: OrderListItem }) {
  const money = useMoney();
  return (
    <LinkBox as="article" data-testid="order-card" aria-label={`Order ${order.OrderNo}`}>
      <Card.Root variant="outline" size="sm">
        <Card.Body gap="1">
          <HStack justify="space-between" align="start">
            <LinkOverlay asChild fontWeight="semibold">
              <RouterLink to={`/user_account/my_order/order-detail?id=${order.OrderId}`}>{order.OrderNo}</RouterLink>
            </LinkOverlay>
            <Badge colorPalette={statusPalette(order.StatusCode)} data-testid="order-status">
              {order.OrderStatus}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {formatDateTime(order.CreatedAt)} · <span data-testid="order-payment">{paymentLabel(order.PaymentMethod, order.PaymentStatus)}</span>
          </Text>
          <HStack justify="space-between">
            <Text fontSize="sm" lineClamp={1}>
              {order.FirstItemName}
              {order.ItemCount > 1 ? ` and ${order.ItemCount - 1} more` : ''}
            </Text>
            <Text fontWeight="semibold">{money(order.NetAmount)}</Text>
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

function OrderList({ actor }: { actor: OrderListActor }) {
  const orders = useSelector(actor, (s) => s.context.orders);
  const totalCount = useSelector(actor, (s) => s.context.totalCount);
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('busyMore'));
  const needsRange = useSelector(actor, (s) => s.hasTag('needsRange'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  if (needsRange) {
    return (
      <Text role="status" color={error ? 'fg.error' : 'fg.muted'}>
        {error ?? ORDER_LIST_MESSAGES.needsRange}
      </Text>
    );
  }
  if (failed) return <ErrorView title="We could not load your orders" message={error} onRetry={() => actor.send({ type: 'orders.retry' })} />;
  if (loading) {
    return (
      <Text role="status" color="fg.muted">
        Loading your orders…
      </Text>
    );
  }
  if (orders.length === 0) return <EmptyView title="No orders found" description="Orders you place appear here. Try another period or status." />;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted" role="status">
        Showing {orders.length} of {totalCount} {totalCount === 1 ? 'order' : 'orders'}
      </Text>
      {orders.map((order) => (
        <OrderCard key={order.OrderId} order={order} />
      ))}
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      {orders.length < totalCount && (
        <Button variant="outline" loading={loadingMore} loadingText="Loading" onClick={() => actor.send({ type: 'orders.loadMore' })}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

/** /user_account/my_order/: the customer's orders, newest first, with period and status filters. */
export function MyOrdersPage() {
  const actor = useActorRef(orderListLogic, actorOptions({ input: { customerId: getCustomerId() ?? 0 } }));
  return (
    <Container maxW="3xl" py="6">
      <AccountNav />
      <Heading as="h1" size="xl" mb="4">
        My orders
      </Heading>
      <Filters actor={actor} />
      <Box>
        <OrderList actor={actor} />
      </Box>
    </Container>
  );
}
