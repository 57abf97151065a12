import type { Kysely } from 'kysely';
import type { AppConfig, RunningConfig } from '../config/env.js';
import type { Database } from '../db/schema.js';
import { APP_SECRET_NAMES, appSecret } from '../db/app-secrets.js';

/**
 * The configuration with its payment secrets known. Razorpay's come from the settings. The
 * sandbox's, when the settings do not give them, are the shop's own: made at its first start and
 * kept in app_secrets, so every instance sharing the database signs and checks webhooks and API
 * calls with the same ones, and no value printed in the source signs anything.
 */
export async function withPaymentSecrets(db: Kysely<Database>, config: AppConfig): Promise<RunningConfig> {
  if (config.paymentProvider === 'razorpay') {
    const { razorpayKeySecret, razorpayWebhookSecret } = config;
    if (!razorpayKeySecret || !razorpayWebhookSecret) {
      throw new Error('RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required when PAYMENT_PROVIDER is razorpay');
    }
    return { ...config, razorpayKeySecret, razorpayWebhookSecret };
  }
  return {
    ...config,
    razorpayKeySecret: config.razorpayKeySecret ?? (await appSecret(db, APP_SECRET_NAMES.sandboxKey)),
    razorpayWebhookSecret: config.razorpayWebhookSecret ?? (await appSecret(db, APP_SECRET_NAMES.sandboxWebhook)),
  };
}
