import {
  PaymentGatewayError,
  type PaymentGateway,
  type ProviderOrder,
  type ProviderOrderStatus,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
} from './payment-gateway.js';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.js';

export interface RazorpayGatewayOptions {
  provider: 'sandbox' | 'razorpay';
  /** https://api.razorpay.com, or the sandbox's http://host/sandbox/razorpay. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
  /** A slow provider must not hold a customer's request for long. */
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Maps a Razorpay order entity to the gateway's shape. */
export function toProviderOrder(raw: Json): ProviderOrder {
  return {
    id: str(raw.id),
    amount: num(raw.amount),
    amountPaid: num(raw.amount_paid),
    currency: str(raw.currency),
    receipt: str(raw.receipt),
    status: str(raw.status, 'created') as ProviderOrderStatus,
    attempts: num(raw.attempts),
  };
}

/** Maps a Razorpay payment entity (API answer or webhook payload) to the gateway's shape. */
export function toProviderPayment(raw: Json): ProviderPayment {
  return {
    id: str(raw.id),
    orderId: str(raw.order_id),
    amount: num(raw.amount),
    currency: str(raw.currency),
    status: str(raw.status, 'created') as ProviderPaymentStatus,
    method: str(raw.method),
    createdAt: num(raw.created_at),
    amountRefunded: num(raw.amount_refunded),
    errorCode: typeof raw.error_code === 'string' ? raw.error_code : null,
    errorDescription: typeof raw.error_description === 'string' ? raw.error_description : null,
  };
}

/** Maps a Razorpay refund entity to the gateway's shape. */
export function toProviderRefund(raw: Json): ProviderRefund {
  return { id: str(raw.id), paymentId: str(raw.payment_id), amount: num(raw.amount), status: str(raw.status) };
}

/**
 * Razorpay's REST API (v1) over fetch: basic auth with the key id and secret, JSON bodies,
 * amounts in paise. Errors come back as { error: { code, description } }.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly provider: 'sandbox' | 'razorpay';
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  private readonly authorization: string;

  constructor(private readonly options: RazorpayGatewayOptions) {
    this.provider = options.provider;
    this.keyId = options.keyId;
    this.checkoutScriptUrl = options.checkoutScriptUrl;
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/v1${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: this.authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PaymentGatewayError(`The payment provider could not be reached (${reason}).`, 503, 'GATEWAY_UNREACHABLE');
    }
    const text = await response.text();
    let parsed: Json = {};
    try {
      parsed = text ? (JSON.parse(text) as Json) : {};
    } catch {
      throw new PaymentGatewayError(`The payment provider answered ${response.status} with a body that is not JSON.`, 502, 'GATEWAY_BAD_RESPONSE');
    }
    if (!response.ok) {
      const error = (parsed.error ?? {}) as Json;
      throw new PaymentGatewayError(
        str(error.description, `The payment provider answered ${response.status}.`),
        response.status,
        str(error.code, 'GATEWAY_ERROR'),
      );
    }
    return parsed;
  }

  async createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder> {
    return toProviderOrder(await this.call('POST', '/orders', { ...input, notes: input.notes ?? {} }));
  }

  async fetchOrder(providerOrderId: string): Promise<ProviderOrder> {
    return toProviderOrder(await this.call('GET', `/orders/${encodeURIComponent(providerOrderId)}`));
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const collection = await this.call('GET', `/orders/${encodeURIComponent(providerOrderId)}/payments`);
    const items = Array.isArray(collection.items) ? (collection.items as Json[]) : [];
    return items.map(toProviderPayment);
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.call('GET', `/payments/${encodeURIComponent(providerPaymentId)}`));
  }

  async capturePayment(providerPaymentId: string, amount: number, currency: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.call('POST', `/payments/${encodeURIComponent(providerPaymentId)}/capture`, { amount, currency }));
  }

  async refundPayment(providerPaymentId: string, amount?: number, notes?: Record<string, string>): Promise<ProviderRefund> {
    const body: Json = { notes: notes ?? {} };
    if (amount !== undefined) body.amount = amount;
    return toProviderRefund(await this.call('POST', `/payments/${encodeURIComponent(providerPaymentId)}/refund`, body));
  }

  verifyPaymentSignature(input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean {
    return verifyPaymentSignature(this.options.keySecret, input);
  }

  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean {
    return verifyWebhookSignature(this.options.webhookSecret, rawBody, signature);
  }
}
