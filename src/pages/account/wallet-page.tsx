import { useEffect } from 'react';
import { Box, Card, Container, Heading, Link, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'react-router';
import { walletLogic } from '../../app/account-actors';
import { AccountNav } from '../../components/account-nav';
import { EmptyView, ErrorView } from '../../components/status-views';
import { useMoney } from '../../components/use-shop-config';
import { appEvents } from '../../lib/app-events';
import { getCustomerId } from '../../lib/session';
import { formatDateTime } from './order-display';
import { actorOptions } from '../../app/actor-options';

type WalletActor = ActorRefFrom<typeof walletLogic>;

function OrderLink({ orderId, orderNo }: { orderId: number | null; orderNo: string | null }) {
  if (!orderId) return <>—</>;
  return (
    <Link asChild textDecoration="underline">
      <RouterLink to={`/user_account/my_order/order-detail?id=${orderId}`}>{orderNo ?? `#${orderId}`}</RouterLink>
    </Link>
  );
}

function WalletHistory({ actor }: { actor: WalletActor }) {
  const lines = useSelector(actor, (s) => s.context.wallet?.WalletHistory ?? []);
  const money = useMoney();
  if (lines.length === 0) return <EmptyView title="No wallet activity yet" description="Refunds and wallet payments appear here." />;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="wallet-history">
        <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" mb="2">
          Wallet history
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Details</Table.ColumnHeader>
            <Table.ColumnHeader>Order</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.Id} data-testid="wallet-line">
              <Table.Cell whiteSpace="nowrap">{formatDateTime(line.CreatedAt)}</Table.Cell>
              <Table.Cell>{line.Reason}</Table.Cell>
              <Table.Cell>
                <OrderLink orderId={line.OrderId} orderNo={line.OrderNo} />
              </Table.Cell>
              <Table.Cell textAlign="end" color={line.Amount >= 0 ? 'green.600' : 'red.600'} data-testid="wallet-amount" data-amount={line.Amount}>
                {line.Amount >= 0 ? '+' : '−'}
                {money(Math.abs(line.Amount))}
              </Table.Cell>
              <Table.Cell textAlign="end">{money(line.BalanceAfter)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function LoyaltyHistory({ actor }: { actor: WalletActor }) {
  const lines = useSelector(actor, (s) => s.context.wallet?.LoyaltyHistory ?? []);
  if (lines.length === 0) return null;
  return (
    <Box>
      <Heading as="h2" size="md" mb="2">
        Loyalty points history
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2">
        {lines.map((line) => (
          <Box as="li" key={line.Id} display="flex" justifyContent="space-between" gap="3" fontSize="sm">
            <Box>
              <Text>{line.Reason}</Text>
              <Text color="fg.muted">
                {formatDateTime(line.CreatedAt)} · <OrderLink orderId={line.OrderId} orderNo={line.OrderNo} />
              </Text>
            </Box>
            <Text fontWeight="medium" color={line.Points >= 0 ? 'green.600' : 'red.600'} whiteSpace="nowrap">
              {line.Points >= 0 ? '+' : '−'}
              {Math.abs(line.Points)} pts
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function WalletView({ actor }: { actor: WalletActor }) {
  const wallet = useSelector(actor, (s) => s.context.wallet);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const money = useMoney();
  if (failed) return <ErrorView title="We could not load your wallet" message={error} onRetry={() => actor.send({ type: 'wallet.refresh' })} />;
  if (!wallet) {
    return (
      <Text role="status" color="fg.muted">
        Loading your wallet…
      </Text>
    );
  }
  return (
    <Stack gap="6">
      <SimpleGrid columns={2} gap="3">
        <Card.Root variant="outline">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>Wallet balance</Stat.Label>
              <Stat.ValueText data-testid="wallet-balance">{money(wallet.WalletBalance)}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>Loyalty points</Stat.Label>
              <Stat.ValueText data-testid="loyalty-points">{wallet.LoyaltyPoints}</Stat.ValueText>
              <Stat.HelpText>worth {money(wallet.LoyaltyValue)}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <WalletHistory actor={actor} />
      <LoyaltyHistory actor={actor} />
    </Stack>
  );
}

/** /user_account/customer_wallet/: balance, loyalty points and every credit and debit with its order. */
export function WalletPage() {
  const actor = useActorRef(walletLogic, actorOptions({ input: { customerId: getCustomerId() ?? 0 } }));
  // A cancel or refund elsewhere credits the wallet; show it without a reload.
  useEffect(() => appEvents.on('order.statusUpdate', () => actor.send({ type: 'wallet.orderChanged' })), [actor]);
  return (
    <Container maxW="3xl" py="6">
      <AccountNav />
      <Heading as="h1" size="xl" mb="4">
        My wallet
      </Heading>
      <WalletView actor={actor} />
    </Container>
  );
}
