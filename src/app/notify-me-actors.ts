import { fromPromise } from 'xstate';
import { notifyMeMachine, type NotifyMeLine } from '../../machines/notify-me.machine';
import { cancelStockNotice, getStockNotices, requestStockNotice } from '../api/stock-notice';
import type { StockNotice } from '../../contract/stock-notice.schemas';
import { notify } from '../lib/notify';
import { onLiveEvent } from './live-events';
import { navigateTo } from './auth-actors';

// Every sold-out card of a page looks up its notice: one read of the shopper's notices serves them all.
let waiting: Promise<StockNotice[]> | null = null;

function waitingNotices(): Promise<StockNotice[]> {
  waiting ??= getStockNotices().catch((error: unknown) => {
    waiting = null;
    throw error;
  });
  return waiting;
}

function forgetWaitingNotices(): void {
  waiting = null;
}

const sameLine = (notice: StockNotice, line: NotifyMeLine) =>
  notice.BranchId === line.branchId && notice.ProductId === line.productId && notice.VariantId === line.variantId;

/** Where a guest is sent to log in, and brought back to the page they were on. */
export function loginPathReturningHere(): string {
  return `/auth/login?return_to=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`;
}

/** The "Notify me" button's machine with its real effects. */
export const notifyMeLogic = notifyMeMachine.provide({
  actors: {
    findNotice: fromPromise<StockNotice | null, NotifyMeLine>(async ({ input }) => (await waitingNotices()).find((n) => sameLine(n, input)) ?? null),
    requestNotice: fromPromise<StockNotice, NotifyMeLine>(async ({ input }) => {
      forgetWaitingNotices();
      return requestStockNotice({ BranchId: input.branchId, ProductId: input.productId, VariantId: input.variantId });
    }),
    cancelNotice: fromPromise<void, { noticeId: number }>(async ({ input }) => {
      forgetWaitingNotices();
      await cancelStockNotice(input.noticeId);
    }),
  },
  actions: {
    goToLogin: () => navigateTo(loginPathReturningHere()),
    notifySuccess: (_, { message }) => notify.success(message),
    notifyInfo: (_, { message }) => notify.info(message),
  },
});

let listening = false;

/** Tells the shopper, wherever they are in the shop, that a line they asked about is back, with a link to it. */
export function showBackInStockNotices(): void {
  if (listening) return;
  listening = true;
  onLiveEvent('stock.backInStock', (update) => {
    forgetWaitingNotices();
    notify.link(update.Message, { text: 'View', to: update.Path, go: navigateTo });
  });
}
