import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { fastifyTrustProxy, type AppConfig, type RunningConfig } from './config/env.js';
import { configuredDatabase, migrateToLatest, openDatabase, type DatabaseHandle } from './db/database.js';
import { dbPlugin } from './plugins/db.plugin.js';
import { authPlugin } from './plugins/auth.plugin.js';
import { authFirstPlugin } from './plugins/auth-first.plugin.js';
import { errorsPluginFp } from './plugins/errors.plugin.js';
import { jsonBodyPlugin } from './plugins/json-body.plugin.js';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.js';
import { gracefulClosePlugin } from './plugins/graceful-close.plugin.js';
import { requestLogSerializers } from './lib/log-redaction.js';
import { IMAGES_DIR } from './lib/project-root.js';
import { systemClock, type Clock } from './lib/clock.js';
import { HttpSmsSender, OutboxSmsSender, type SmsSender } from './senders/sms-sender.js';
import { OutboxMailSender, type MailSender } from './senders/mail-sender.js';
import { LiveUpdates } from './hub/live-updates.js';
import { compressJsonAnswers } from './plugins/json-compression.js';
import { catalogueCachePlugin } from './plugins/catalogue-cache.plugin.js';
import { FrontDoor } from './plugins/front-door.js';
import { hubPlugin } from './hub/hub.plugin.js';
import { stockNoticeRoutes } from './routes/stock-notice.routes.js';
import { seedDemoShop } from './db/seed/demo-seed.js';
import { productPhotoRoutes } from './routes/product-photo.routes.js';
import { catalogueRoutes } from './routes/catalogue.routes.js';
import { productsRoutes } from './routes/products.routes.js';
import { searchRoutes } from './routes/search.routes.js';
import { offersRoutes } from './routes/offers.routes.js';
import { faqRoutes } from './routes/faq.routes.js';
import { deliverySlotRoutes } from './routes/delivery-slot.routes.js';
import { deliveryAreaRoutes } from './routes/delivery-area.routes.js';
import { companyRoutes } from './routes/company.routes.js';
import { cartRoutes } from './routes/cart.routes.js';
import { couponRoutes } from './routes/coupon.routes.js';
import { authRoutes } from './routes/auth.routes.js';
import { customerRoutes } from './routes/customer.routes.js';
import { addressRoutes } from './routes/address.routes.js';
import { uploadFileRoutes, uploadRoutes } from './routes/upload.routes.js';
import { geocodeRoutes } from './routes/geocode.routes.js';
import { orderHistoryRoutes } from './routes/order-history.routes.js';
import { paymentsPlugin } from './payments/payments.plugin.js';
import type { PaymentGateway } from './payments/payment-gateway.js';
import { withPaymentSecrets } from './payments/payment-secrets.js';
import { abandonedOrdersJob } from './jobs/abandoned-orders.js';
import { unreferencedUploadsJob } from './jobs/unreferenced-uploads.js';
import { checkoutRoutes } from './routes/checkout.routes.js';
import { orderRoutes } from './routes/order.routes.js';
import { paymentRoutes } from './routes/payment.routes.js';
import { pendingRoutes } from './routes/pending.routes.js';
import { keepBuildAssets } from './spa/asset-history.js';
import { clientFileHeaders } from './spa/client-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: RunningConfig;
    sms: SmsSender;
    mail: MailSender;
    live: LiveUpdates;
    /** The time the delivery answers are computed for; BuildOptions.clock in tests. */
    clock: Clock;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already opened database (tests share one across apps); otherwise opened from config. */
  database?: DatabaseHandle;
  sms?: SmsSender;
  mail?: MailSender;
  /** Replaces the payment gateway chosen by config.paymentProvider. */
  payments?: PaymentGateway;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the system clock for the delivery answers (PIN check, earliest delivery). */
  clock?: Clock;
  /** The HTTP server's door in front of Fastify (tests count what it answers). */
  frontDoor?: FrontDoor;
}

export type App = FastifyInstance;

/** Levels at which Fastify writes a line for every request it is given. */
const LEVELS_LOGGING_REQUESTS = new Set(['trace', 'debug', 'info']);

/** Builds the whole server: plugins first, then the app's services, then the routes. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const frontDoor = options.frontDoor ?? new FrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: requestLogSerializers, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 256 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const handle = options.database ?? openDatabase(configuredDatabase(config));
  if (!options.database) {
    await migrateToLatest(handle);
  }

  const serveSpa = config.serveClient && fs.existsSync(path.join(config.clientDir, 'index.html'));
  await app.register(gracefulClosePlugin, {});
  await app.register(securityHeadersPlugin, { config });
  await app.register(errorsPluginFp, {
    spa: serveSpa && { clientDir: config.clientDir, shop: { companyId: config.defaultCompanyId, branchId: config.defaultBranchId } },
  });
  await app.register(jsonBodyPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shoal storefront API', version: '1.3.0', description: 'Every call of the storefront, under /api.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorate('config', await withPaymentSecrets(handle.db, config));
  await app.register(dbPlugin, { handle, closeWithApp: !options.database });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret, tokenTtlSeconds: config.tokenTtlSeconds });
  await app.register(authFirstPlugin);
  app.decorate('sms', options.sms ?? (config.smsHttpUrl ? new HttpSmsSender(config.smsHttpUrl, config.smsHttpToken) : new OutboxSmsSender(config.dataDir)));
  app.decorate('mail', options.mail ?? new OutboxMailSender(config.dataDir));
  app.decorate('live', new LiveUpdates());
  app.decorate('clock', options.clock ?? systemClock);
  // Answers sent from the door are not in Fastify's request log, so a shop that logs requests has every hit logged by Fastify.
  const requestsLogged = options.logger !== false && LEVELS_LOGGING_REQUESTS.has(config.logLevel);
  await app.register(catalogueCachePlugin, {
    outsideWrites: handle.outsideWrites,
    maxAgeMs: config.catalogueAnswerMaxAgeMs,
    ...(requestsLogged ? {} : { frontDoor }),
  });
  await app.register(hubPlugin);
  await app.register(paymentsPlugin, { gateway: options.payments });
  await app.register(abandonedOrdersJob);
  await app.register(unreferencedUploadsJob);

  if (config.seedDemo) {
    await seedDemoShop(app.db, app.dialect);
  }

  await app.register(
    async (api) => {
      compressJsonAnswers(api);
      await api.register(companyRoutes);
      await api.register(catalogueRoutes);
      await api.register(productsRoutes);
      await api.register(searchRoutes);
      await api.register(offersRoutes);
      await api.register(faqRoutes);
      await api.register(deliverySlotRoutes);
      await api.register(deliveryAreaRoutes);
      await api.register(cartRoutes);
      await api.register(couponRoutes);
      await api.register(authRoutes);
      await api.register(customerRoutes);
      await api.register(addressRoutes);
      await api.register(uploadRoutes);
      await api.register(geocodeRoutes);
      await api.register(orderHistoryRoutes);
      await api.register(checkoutRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(pendingRoutes);
      await api.register(stockNoticeRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(uploadFileRoutes);
  await app.register(productPhotoRoutes);
  // Catalogue pictures; decorateReply false leaves reply.sendFile to the SPA's static instance.
  await app.register(fastifyStatic, { root: IMAGES_DIR, prefix: '/images/', decorateReply: false });

  if (serveSpa) {
    // preCompressed: the build writes .br/.gz beside each script and style sheet (vite.config.ts).
    const files = { index: false, preCompressed: true, cacheControl: false, setHeaders: clientFileHeaders } as const;
    await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, ...files });
    // A tab opened before a deploy asks for its build's files by their old names (decision 010).
    const history = await keepBuildAssets(config.clientDir, config.dataDir);
    if (history.pruned.length > 0) app.log.info({ pruned: history.pruned.length }, 'removed files of builds replaced more than a week ago');
    await app.register(fastifyStatic, { root: history.dir, prefix: '/assets/', decorateReply: false, ...files });
  }

  return app;
}
