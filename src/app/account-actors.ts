import { fromPromise } from 'xstate';
import { orderListMachine, type FetchOrdersInput, type OrderListEvent } from '../../machines/order-list.machine';
import { orderDetailMachine } from '../../machines/order-detail.machine';
import { invoiceDownloadMachine } from '../../machines/invoice-download.machine';
import type { OrderDetailEvent } from '../../machines/order-detail.types';
import { addressBookMachine } from '../../machines/address-book.machine';
import { walletMachine, type WalletEvent, type WalletInfo } from '../../machines/wallet.machine';
import {
  cancelOrder,
  deleteReview,
  getCustomerOrders,
  getOrder,
  getOrderInvoice,
  getOrderReasons,
  reorderOrder,
  requestReturn,
  saveReview,
} from '../api/order-history';
import { appActor } from './app-system';
import { createAddress, deleteAddress, getAddresses, updateAddress } from '../api/address';
import { uploadImage } from '../api/upload';
import { searchPlaces } from '../api/geocode';
import { getCustomerInfo } from '../api/customer';
import { notify } from '../lib/notify';
import { catchUpOn, liveUpdates } from './live-events';

/**
 * The account screens' logic with its real effects. Each page starts its own actor from
 * these (they live only while the page is open); tests provide fakes to the bare machines.
 */
const toast = (_: unknown, params: { kind: 'success' | 'error'; message: string }) => notify[params.kind](params.message);

export const orderListLogic = orderListMachine.provide({
  actors: {
    fetchOrders: fromPromise(({ input }: { input: FetchOrdersInput }) => getCustomerOrders(input.customerId, input.filter, input.pageNumber, input.pageSize)),
    liveUpdates: liveUpdates<OrderListEvent>({
      'order.statusUpdate': (update) => ({ type: 'orders.statusUpdate', update }),
      ...catchUpOn<OrderListEvent>({ type: 'orders.catchUp' }),
    }),
  },
});

export const orderDetailLogic = orderDetailMachine.provide({
  actors: {
    fetchOrder: fromPromise(({ input }: { input: { orderId: number } }) => getOrder(input.orderId)),
    fetchReasons: fromPromise(({ input }: { input: { companyId: number } }) => getOrderReasons(input.companyId, 'RETURN')),
    cancelOrder: fromPromise(({ input }: { input: { orderId: number } }) => cancelOrder(input.orderId)),
    uploadImage: fromPromise(({ input }: { input: { file: File } }) => uploadImage(input.file)),
    requestReturn: fromPromise(({ input }: { input: { orderId: number; remark: string; image: string; reasonId: number | null } }) =>
      requestReturn(input.orderId, { remark: input.remark, image: input.image, reasonId: input.reasonId }),
    ),
    saveReview: fromPromise(({ input }: { input: { orderId: number; rating: number; review: string } }) =>
      saveReview(input.orderId, { rating: input.rating, review: input.review }),
    ),
    deleteReview: fromPromise(({ input }: { input: { orderId: number } }) => deleteReview(input.orderId)),
    // The header's cart shows the answer at once; the live push tells the customer's other tabs.
    reorder: fromPromise(async ({ input }: { input: { orderId: number } }) => {
      const { message, cart, unavailable } = await reorderOrder(input.orderId);
      appActor('cart')?.send({ type: 'cart.update', cart });
      return { message, unavailable };
    }),
    // A change made before the live connection opened (it opens after the page is shown) or while it was away was never pushed.
    liveUpdates: liveUpdates<OrderDetailEvent>({
      'order.statusUpdate': (update) => ({ type: 'order.statusUpdate', update }),
      ...catchUpOn<OrderDetailEvent>({ type: 'order.catchUp' }),
    }),
  },
  actions: { notify: toast },
});

/** Hands a downloaded file to the browser, which saves it under the server's name. */
function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has begun with the click; the address can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const invoiceDownloadLogic = invoiceDownloadMachine.provide({
  actors: { fetchInvoice: fromPromise(({ input }: { input: { orderId: number } }) => getOrderInvoice(input.orderId)) },
  actions: { saveFile: (_, file) => saveFile(file) },
});

export const addressBookLogic = addressBookMachine.provide({
  actors: {
    fetchAddresses: fromPromise(() => getAddresses()),
    saveAddress: fromPromise(({ input }: { input: { id: number | null; address: Parameters<typeof createAddress>[0] } }) =>
      input.id === null ? createAddress(input.address) : updateAddress(input.id, input.address),
    ),
    deleteAddress: fromPromise(({ input }: { input: { id: number } }) => deleteAddress(input.id)),
    searchPlaces: fromPromise(({ input }: { input: { query: string } }) => searchPlaces(input.query)),
  },
  actions: { notify: toast },
});

export const walletLogic = walletMachine.provide({
  actors: {
    fetchWallet: fromPromise(async ({ input }: { input: { customerId: number } }): Promise<WalletInfo> => getCustomerInfo(input.customerId)),
    liveUpdates: liveUpdates<WalletEvent>({
      'order.statusUpdate': () => ({ type: 'wallet.orderChanged' }),
      ...catchUpOn<WalletEvent>({ type: 'wallet.catchUp' }),
    }),
  },
});
