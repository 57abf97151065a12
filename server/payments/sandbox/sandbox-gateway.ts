import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PaymentGatewayError, type PaymentGateway, type ProviderOrder, type ProviderPayment, type ProviderRefund } from '../payment-gateway.js';
import { toProviderOrder, toProviderPayment, toProviderRefund } from '../razorpay-gateway.js';
import { verifyPaymentSignature, verifyWebhookSignature } from '../signature.js';
import { SandboxError, type RefundEntity } from './sandbox-entities.js';
import { capturePayment, createOrder, findOrder, findPayment, orderPayments, refundPayment } from './sandbox-store.js';

export interface SandboxGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  checkoutScriptUrl: string;
  /** Told of every refund, as Razorpay tells the shop by webhook. */
  onRefund?: (refund: RefundEntity) => Promise<unknown>;
  /** Ends the waiting payments (UPI, bank and wallet pages) whose time has come before a read, as the HTTP API does. */
  settleDue?: (filter: { paymentId?: string; orderId?: string }) => Promise<unknown>;
}

/**
 * The sandbox reached in process, for a shop whose sandbox is mounted in the same server: the
 * same books (sandbox_* tables) and entities its HTTP API serves, without a loopback request
 * per call. Refusals carry the status, code and description that API would have answered.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  readonly keyId: string;
  readonly checkoutScriptUrl: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SandboxGatewayOptions,
  ) {
    this.keyId = options.keyId;
    this.checkoutScriptUrl = options.checkoutScriptUrl;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SandboxError) throw new PaymentGatewayError(error.message, error.statusCode, error.code);
      throw new PaymentGatewayError('The sandbox failed to answer.', 500, 'SERVER_ERROR');
    }
  }

  async createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder> {
    return toProviderOrder(await this.call(() => createOrder(this.db, { ...input, notes: input.notes ?? {} })));
  }

  async fetchOrder(providerOrderId: string): Promise<ProviderOrder> {
    await this.call(async () => this.options.settleDue?.({ orderId: providerOrderId }));
    return toProviderOrder(await this.call(() => findOrder(this.db, providerOrderId)));
  }

  async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    await this.call(async () => this.options.settleDue?.({ orderId: providerOrderId }));
    return (await this.call(() => orderPayments(this.db, providerOrderId))).map(toProviderPayment);
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    // Only a payment still waiting for the customer can be due to end; any other is answered as it is.
    const stored = await this.call(() => findPayment(this.db, providerPaymentId));
    if (stored.status !== 'created') return toProviderPayment(stored);
    await this.call(async () => this.options.settleDue?.({ paymentId: providerPaymentId }));
    return toProviderPayment(await this.call(() => findPayment(this.db, providerPaymentId)));
  }

  async capturePayment(providerPaymentId: string, amount: number, currency: string): Promise<ProviderPayment> {
    return toProviderPayment(await this.call(() => capturePayment(this.db, providerPaymentId, amount, currency)));
  }

  async refundPayment(providerPaymentId: string, amount?: number): Promise<ProviderRefund> {
    const refund = await this.call(() => refundPayment(this.db, providerPaymentId, amount));
    await this.options.onRefund?.(refund);
    return toProviderRefund(refund);
  }

  verifyPaymentSignature(input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean {
    return verifyPaymentSignature(this.options.keySecret, input);
  }

  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean {
    return verifyWebhookSignature(this.options.webhookSecret, rawBody, signature);
  }
}
