import crypto from 'node:crypto';

function hmacHex(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex signatures; a malformed one never matches. */
function sameSignature(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return crypto.timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * The signature Razorpay Checkout hands to the success handler: HMAC-SHA256 of
 * `order_id|payment_id` keyed with the API key secret, as lowercase hex.
 */
export function paymentSignature(keySecret: string, providerOrderId: string, providerPaymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${providerPaymentId}`);
}

/** True only when `signature` was made with our key secret for exactly this order and payment. */
export function verifyPaymentSignature(keySecret: string, input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean {
  return sameSignature(paymentSignature(keySecret, input.providerOrderId, input.providerPaymentId), input.signature);
}

/** The X-Razorpay-Signature of a webhook: HMAC-SHA256 of the raw request body keyed with the webhook secret. */
export function webhookSignature(webhookSecret: string, rawBody: string): string {
  return hmacHex(webhookSecret, rawBody);
}

export function verifyWebhookSignature(webhookSecret: string, rawBody: string, signature: string | undefined | null): boolean {
  return sameSignature(webhookSignature(webhookSecret, rawBody), signature);
}
