import type { ReactNode } from 'react';
import { Box, Card, Container, Heading, HStack, Link, SimpleGrid, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Stat, Table } from '../../components/chakra-with-recipes';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'react-router';
import { walletLogic } from '../../app/account-actors';
import { AccountNav } from '../../components/account-nav';
import { EmptyView, ErrorView } from '../../components/status-views';
import { useMoney } from '../../components/use-shop-config';
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

/** One credit or debit as both layouts show it. */
interface HistoryRow {
  id: number;
  at: string;
  reason: string;
  orderId: number | null;
  orderNo: string | null;
  /** Signed, for the colour and the sign. */
  sign: number;
  change: string;
  balance: string;
  /** Extra attributes of the change, for the tests that add the history up. */
  changeData?: Record<string, string | number>;
}

interface HistoryProps {
  title: string;
  /** Prefix of the rows' test ids: wallet or loyalty. */
  kind: 'wallet' | 'loyalty';
  changeHeader: string;
  changeTestId: string;
  rows: HistoryRow[];
}

function Change({ row, testId }: { row: HistoryRow; testId: string }) {
  return (
    <Text as="span" color={row.sign >= 0 ? 'green.600' : 'red.600'} fontWeight="medium" whiteSpace="nowrap" data-testid={testId} {...row.changeData}>
      {row.sign >= 0 ? '+' : '−'}
      {row.change}
    </Text>
  );
}

/** On a phone each line stacks its details over its date, with the change and the balance after it on the right. */
function HistoryList({ kind, changeTestId, rows, labelledBy }: HistoryProps & { labelledBy: string }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" aria-labelledby={labelledBy} data-testid={`${kind}-history`}>
      {rows.map((row) => (
        <HStack as="li" key={row.id} justify="space-between" align="start" gap="3" py="2" borderBottomWidth="1px" data-testid={`${kind}-line`}>
          <Box minW="0">
            <Text>{row.reason}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(row.at)}
              {row.orderId ? ' · ' : ''}
              {row.orderId ? <OrderLink orderId={row.orderId} orderNo={row.orderNo} /> : null}
            </Text>
          </Box>
          <Box textAlign="end" flexShrink={0}>
            <Change row={row} testId={changeTestId} />
            <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap" data-testid="line-balance">
              Balance {row.balance}
            </Text>
          </Box>
        </HStack>
      ))}
    </Stack>
  );
}

/** On a wider screen the same lines as a table. */
function HistoryTable({ kind, changeHeader, changeTestId, rows, labelledBy }: HistoryProps & { labelledBy: string }) {
  return (
    <Table.Root size="sm" aria-labelledby={labelledBy} data-testid={`${kind}-history`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Details</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{changeHeader}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id} data-testid={`${kind}-line`}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(row.at)}</Table.Cell>
            <Table.Cell>{row.reason}</Table.Cell>
            <Table.Cell>
              <OrderLink orderId={row.orderId} orderNo={row.orderNo} />
            </Table.Cell>
            <Table.Cell textAlign="end">
              <Change row={row} testId={changeTestId} />
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="line-balance">
              {row.balance}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function History(props: HistoryProps & { empty: ReactNode }) {
  // One layout in the page at a time, so every line is counted once by whoever reads the page.
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  const headingId = `${props.kind}-history-heading`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="2">
        {props.title}
      </Heading>
      {props.rows.length === 0 ? props.empty : wide ? <HistoryTable {...props} labelledBy={headingId} /> : <HistoryList {...props} labelledBy={headingId} />}
    </Box>
  );
}

function WalletHistory({ actor }: { actor: WalletActor }) {
  const lines = useSelector(actor, (s) => s.context.wallet?.WalletHistory ?? []);
  const money = useMoney();
  const rows: HistoryRow[] = lines.map((line) => ({
    id: line.Id,
    at: line.CreatedAt,
    reason: line.Reason,
    orderId: line.OrderId,
    orderNo: line.OrderNo,
    sign: line.Amount,
    change: money(Math.abs(line.Amount)),
    balance: money(line.BalanceAfter),
    changeData: { 'data-amount': line.Amount },
  }));
  return (
    <History
      title="Wallet history"
      kind="wallet"
      changeHeader="Amount"
      changeTestId="wallet-amount"
      rows={rows}
      empty={<EmptyView title="No wallet activity yet" description="Refunds and wallet payments appear here." />}
    />
  );
}

function LoyaltyHistory({ actor }: { actor: WalletActor }) {
  const lines = useSelector(actor, (s) => s.context.wallet?.LoyaltyHistory ?? []);
  if (lines.length === 0) return null;
  const rows: HistoryRow[] = lines.map((line) => ({
    id: line.Id,
    at: line.CreatedAt,
    reason: line.Reason,
    orderId: line.OrderId,
    orderNo: line.OrderNo,
    sign: line.Points,
    change: `${Math.abs(line.Points)} pts`,
    balance: `${line.BalanceAfter} pts`,
  }));
  return <History title="Loyalty points history" kind="loyalty" changeHeader="Points" changeTestId="loyalty-points-change" rows={rows} empty={null} />;
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
