/** Shapes of the checkout flow shared by its machine, the app root that provides it and the views. */
import type { CheckoutSummary, PaymentMethod } from '../contract/order.schemas';
import type { ProviderPaymentResponse } from '../contract/payment.schemas';
import type { DeliverySlot } from '../contract/catalogue.schemas';
import type { PaymentStatusUpdate } from '../contract/hub-events';

/** A saved shipping address as the checkout offers it. */
export interface AddressOption {
  AddressId: number;
  Label: string;
  IsDefault: boolean;
}

/** The customer's wallet money (rupees) and loyalty points, as the server keeps them. */
export interface CheckoutBalances {
  WalletBalance: number;
  LoyaltyPoints: number;
}

/** What the checkout page needs before it can price anything. */
export interface CheckoutOptions {
  addresses: AddressOption[];
  slots: DeliverySlot[];
  /** The slot picked on the cart page, when there is one. */
  preselectedDeliveryId: number | null;
  /** The coupon applied on the cart page, when there is one. */
  preselectedCouponCode: string | null;
  /** From the customer record (Customer/info), so the wallet and points lines are right before any summary is priced. */
  balances: CheckoutBalances;
  /** Wallet and points as the customer last set them in this tab (they survive a reload). */
  preselectedWallet?: Pick<CheckoutForm, 'isWalletAmount' | 'isWalletLoyality'> | null;
}

export interface CheckoutForm {
  addressId: number | null;
  deliveryId: number | null;
  couponCode: string;
  isWalletLoyality: boolean;
  isWalletAmount: boolean;
  paymentMethod: PaymentMethod;
}

/** The order being paid: from the order summary call, or from the pending-orders dialog. */
export interface OrderToPay {
  OrderId: number;
  OrderNo: string;
  NetAmount: number;
  PaymentMethod: PaymentMethod;
}

/** What the result popups show. */
export interface PaymentResult {
  outcome: 'success' | 'failure';
  /** Cash on delivery or nothing left to pay: no provider was involved. */
  offline: boolean;
  orderNo: string;
  transactionNo: string;
  status: string;
}

export interface CheckoutContext {
  branchId: number;
  options: CheckoutOptions;
  form: CheckoutForm;
  summary: CheckoutSummary | null;
  /** What the customer has to spend: from the customer record, then from each priced summary. Null until loaded. */
  balances: CheckoutBalances | null;
  /** Why the summary could not be priced (bad coupon, slot gone, empty cart), or why options failed. */
  summaryError: string | null;
  /** Why the order could not be created, shown on the checkout page. */
  placeError: string | null;
  order: OrderToPay | null;
  providerOrderId: string;
  placeAttempts: number;
  result: PaymentResult | null;
  /** What is left of a UPI request's life when the shop starts waiting on it, in seconds. */
  upiSecondsLeft: number;
}

export type CheckoutEvent =
  | { type: 'checkout.open' }
  | { type: 'checkout.close' }
  | { type: 'checkout.change'; form: Partial<CheckoutForm> }
  | { type: 'checkout.submit' }
  | { type: 'checkout.payPending'; order: Omit<OrderToPay, 'PaymentMethod'> & Partial<Pick<OrderToPay, 'PaymentMethod'>>; providerOrderId: string }
  | { type: 'checkout.continueShopping' }
  | { type: 'checkout.tryAgain' }
  | { type: 'payment.authorized'; response: ProviderPaymentResponse }
  | { type: 'payment.failed'; reason: string }
  | { type: 'payment.dismissed' }
  /** The customer stops waiting for their UPI app: the order is cancelled as for a closed window. */
  | { type: 'payment.giveUp' }
  | { type: 'payment.pushed'; update: PaymentStatusUpdate };

/** Pay Now of the pending-orders dialog: an order that exists and only needs paying. */
export type PayPendingEvent = Extract<CheckoutEvent, { type: 'checkout.payPending' }>;

export interface CheckoutInput {
  branchId: number;
}

export interface PaymentWindowInput {
  orderId: number;
  orderNo: string;
  netAmount: number;
  providerOrderId: string;
}
