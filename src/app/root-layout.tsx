import { useEffect } from 'react';
import { Box } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router';
import { appActors } from './app-actors';
import { PendingOrdersModal } from '../components/pending-orders-modal';
import { PaymentResultPopups } from '../components/payment-result-popups';

/** The layout every route renders in: header, content, footer, and the path-change effects of section 2. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    appActors().config.send({ type: 'config.fetch' });
    appActors().pendingOrders.send({ type: 'pending.check' });
  }, [pathname]);
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Box as="main" flex="1">
        <Outlet />
      </Box>
      <PendingOrdersModal />
      <PaymentResultPopups />
    </Box>
  );
}
