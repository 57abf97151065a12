import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Accordion, Table } from './chakra-with-recipes';
import { useSelector } from '@xstate/react';
import type { PendingOrder } from '../../contract/order.schemas';
import { checkoutActors } from '../app/checkout-actors';
import { useMoney } from './use-shop-config';
import { ShopDialog } from './shop-dialog';

function PendingOrderEntry({ order, busy }: { order: PendingOrder; busy: boolean }) {
  const pending = checkoutActors().pendingOrders;
  const money = useMoney();
  const status = order.OrderStatus || (order as PendingOrder & { Status?: string }).Status || '';
  return (
    <Accordion.Item value={String(order.OrderId)}>
      <Accordion.ItemTrigger>
        <HStack flex="1" justify="space-between">
          <Text fontWeight="semibold">{order.OrderNo}</Text>
          <Text color="orange.600" fontSize="sm">
            {status}
          </Text>
        </HStack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          {order.Items.length === 0 ? (
            <Text color="fg.muted">No items found for this order.</Text>
          ) : (
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Item</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {order.Items.map((item, i) => (
                  <Table.Row key={`${item.ItemName}-${i}`}>
                    <Table.Cell>{item.ItemName}</Table.Cell>
                    <Table.Cell textAlign="end">{item.Quantity}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          <HStack justify="space-between" mt="3">
            <Text fontWeight="semibold">Net amount: {money(order.NetAmount)}</Text>
          </HStack>
          <HStack justify="flex-end" mt="3" gap="2">
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={busy}
              onClick={() => pending.send({ type: 'pending.cancel', orderId: order.OrderId })}
            >
              Cancel Order
            </Button>
            <Button size="sm" colorPalette="brand" disabled={busy} onClick={() => pending.send({ type: 'pending.pay', orderId: order.OrderId })}>
              Pay Now
            </Button>
          </HStack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

/** Section 2: the dialog that blocks a new order until unpaid orders are paid or cancelled. */
export function PendingOrdersModal() {
  const pending = checkoutActors().pendingOrders;
  // While the payment window is up the dialog steps aside, so the window gets every click.
  const open = useSelector(pending, (s) => s.matches('open') && !s.matches({ open: 'paying' }));
  const orders = useSelector(pending, (s) => s.context.orders);
  const expanded = useSelector(pending, (s) => s.context.expandedOrderId);
  const busy = useSelector(pending, (s) => s.hasTag('busy'));
  if (!open) return null;
  return (
    <ShopDialog
      root={{ onOpenChange: (d) => !d.open && pending.send({ type: 'pending.close' }), scrollBehavior: 'inside' }}
      testId="pending-orders"
      title="Pending Orders"
      footer={
        <Button variant="outline" onClick={() => pending.send({ type: 'pending.close' })}>
          Close
        </Button>
      }
    >
      <Stack gap="3">
        <Text>You have orders that are still pending. Please complete or cancel them before placing a new one.</Text>
        {orders.length === 0 ? (
          <Text color="fg.muted">No pending orders found.</Text>
        ) : (
          <Box>
            <Accordion.Root
              collapsible
              value={expanded === null ? [] : [String(expanded)]}
              onValueChange={(d) => {
                const next = d.value[0];
                const orderId = next ? Number(next) : expanded;
                if (orderId !== null) pending.send({ type: 'pending.toggle', orderId });
              }}
            >
              {orders.map((order) => (
                <PendingOrderEntry key={order.OrderId} order={order} busy={busy} />
              ))}
            </Accordion.Root>
          </Box>
        )}
      </Stack>
    </ShopDialog>
  );
}
