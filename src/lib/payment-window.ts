/**
 * The payment provider's checkout window (Razorpay Checkout, or the sandbox's copy of it served
 * by our own server). The script named by GET /api/Payment/config is loaded once and defines
 * window.Razorpay; this module turns one payment into the provider's options and callbacks.
 */
import { getPaymentConfig } from '../api/payment';
import type { PaymentConfig, ProviderPaymentResponse } from '../../contract/payment.schemas';

/** Options of section 7: currency INR, a blue theme colour and the description 'Order Placement'. */
export const PAYMENT_CURRENCY = 'INR';
export const PAYMENT_DESCRIPTION = 'Order Placement';
export const PAYMENT_THEME_COLOR = '#1d4ed8';
/** The provider counts money in paise. */
export const PAISE_PER_RUPEE = 100;
/** The member email is a placeholder; the provider's form asks for a real one when it needs it. */
export const MEMBER_EMAIL_FALLBACK = 'no email';

/** Member details of section 3. */
export interface MemberDetails {
  email: string;
  MobileNo1: string;
  Name: string;
}

/** One payment to open the window for. */
export interface PaymentWindowRequest {
  orderId: number;
  orderNo: string;
  /** Net amount in rupees. */
  netAmount: number;
  providerOrderId: string;
}

export interface PaymentWindowCallbacks {
  onAuthorized(response: ProviderPaymentResponse): void;
  onFailed(reason: string): void;
  onDismissed(): void;
}

interface ProviderOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (response: ProviderPaymentResponse) => void;
  modal: { ondismiss: () => void };
}

interface ProviderCheckout {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (response: { error?: { description?: string; reason?: string } }) => void): void;
}

type ProviderConstructor = new (options: ProviderOptions) => ProviderCheckout;

declare global {
  interface Window {
    Razorpay?: ProviderConstructor;
  }
}

/** The provider's options for one payment, exactly as its checkout expects them. */
export function providerOptions(
  request: PaymentWindowRequest,
  shop: { keyId: string; displayName: string },
  member: MemberDetails,
  callbacks: PaymentWindowCallbacks,
): ProviderOptions {
  return {
    key: shop.keyId,
    amount: Math.round(request.netAmount * PAISE_PER_RUPEE),
    currency: PAYMENT_CURRENCY,
    name: shop.displayName,
    description: PAYMENT_DESCRIPTION,
    order_id: request.providerOrderId,
    prefill: { name: member.Name, email: member.email || MEMBER_EMAIL_FALLBACK, contact: member.MobileNo1 },
    theme: { color: PAYMENT_THEME_COLOR },
    handler: callbacks.onAuthorized,
    modal: { ondismiss: callbacks.onDismissed },
  };
}

let loading: Promise<{ config: PaymentConfig; Provider: ProviderConstructor }> | null = null;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The payment window could not be loaded'));
    document.head.appendChild(script);
  });
}

/** Loads the provider's script once per page; a failed load is retried on the next payment. */
function loadProvider(): Promise<{ config: PaymentConfig; Provider: ProviderConstructor }> {
  loading ??= (async () => {
    const config = await getPaymentConfig();
    if (!window.Razorpay) await loadScript(config.CheckoutScriptUrl);
    if (!window.Razorpay) throw new Error('The payment window could not be loaded');
    return { config, Provider: window.Razorpay };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Opens the checkout window. Each callback fires at most once and none fires after close(),
 * so a late dismissal cannot undo a payment the app already moved past.
 */
export async function openPaymentWindow(
  request: PaymentWindowRequest,
  shop: { displayName: string },
  member: MemberDetails,
  callbacks: PaymentWindowCallbacks,
): Promise<{ close(): void }> {
  const { config, Provider } = await loadProvider();
  let settled = false;
  const once =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (settled) return;
      settled = true;
      fn(...args);
    };
  const guarded: PaymentWindowCallbacks = {
    onAuthorized: once(callbacks.onAuthorized),
    onFailed: once(callbacks.onFailed),
    onDismissed: once(callbacks.onDismissed),
  };
  const checkout = new Provider(providerOptions(request, { keyId: config.KeyId, displayName: shop.displayName }, member, guarded));
  checkout.on('payment.failed', (response) => guarded.onFailed(response.error?.description || response.error?.reason || 'Payment failed'));
  checkout.open();
  let closed = false;
  return {
    close() {
      settled = true;
      if (closed) return;
      closed = true;
      // After a failed attempt the provider keeps its window open; the app has moved on, so shut it.
      try {
        checkout.close?.();
      } catch {
        // already closed by the provider
      }
    },
  };
}
