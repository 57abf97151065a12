/** The ways to pay the sandbox offers besides cards, their test values, and the failures Razorpay reports for them. */

/** Razorpay's test UPI IDs, and one of the sandbox's own. */
export const TEST_VPAS = {
  /** Approved in the customer's UPI app after a short wait. */
  success: 'success@razorpay',
  /** Declined in the customer's UPI app. */
  failure: 'failure@razorpay',
  /** Never answered, so the collect request expires (the sandbox's own: Razorpay has no such value). */
  expire: 'expire@razorpay',
} as const;

/** A UPI ID as NPCI shapes it: a name of letters, digits, dots, hyphens or underscores, then '@' and the provider's handle. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const BAD_VPA_MESSAGE = 'Enter a valid UPI ID, such as name@bank.';

/** Where the QR code's money goes: the sandbox merchant's UPI ID. */
export const SANDBOX_MERCHANT_VPA = 'shoal.sandbox@razorpay';
/** The payer a simulated QR scan reports when it names none. */
export const SANDBOX_PAYER_VPA = 'sandbox.payer@okhdfcbank';

/** A few of the banks Razorpay's checkout lists, by Razorpay's bank codes. */
export const NETBANKING_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
] as const;

/** Wallets Razorpay's checkout offers, by Razorpay's wallet codes. */
export const WALLETS = [
  { code: 'phonepe', name: 'PhonePe' },
  { code: 'amazonpay', name: 'Amazon Pay' },
  { code: 'mobikwik', name: 'MobiKwik' },
] as const;

/** A method whose payment waits for the customer: a UPI request or QR code, a bank's or wallet's page. */
export type WaitingMethod =
  | { method: 'upi'; flow: 'collect'; vpa: string }
  | { method: 'upi'; flow: 'intent' }
  | { method: 'netbanking'; bank: string }
  | { method: 'wallet'; wallet: string };

/** A failure as Razorpay reports it on the payment and in payment.failed. */
export interface PaymentFailure {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
}

export const FAILURES = {
  upiDeclined: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The payment was declined in the UPI app.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_declined',
  },
  upiCollectExpired: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment was unsuccessful as you could not complete it in time.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_collect_request_expired',
  },
  timedOut: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment was unsuccessful as you could not complete it in time.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_timed_out',
  },
  bankFailed: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed by the bank. Try another bank or method.',
    source: 'issuer_bank',
    step: 'payment_authorization',
    reason: 'payment_failed',
  },
  walletFailed: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed by the wallet. Try another method.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
  },
  alreadyPaid: {
    code: 'BAD_REQUEST_ERROR',
    description: 'This order has already been paid.',
    source: 'business',
    step: 'payment_authorization',
    reason: 'order_already_paid',
  },
} as const satisfies Record<string, PaymentFailure>;
