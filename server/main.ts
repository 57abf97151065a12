import { loadConfig } from './config/env.js';
import { buildApp } from './app.js';
import { warmListings } from './repositories/catalogue-repository.js';
import { projectNodeEngines, unsupportedNodeMessage } from './lib/node-version.js';

/** The longest a stop may take; closing normally takes well under a second (plugins/graceful-close.plugin.ts). */
const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const unsupported = unsupportedNodeMessage(process.versions.node, projectNodeEngines());
  if (unsupported) {
    console.error(unsupported);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second signal: the operator will not wait.
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received, closing`);
    // Closing ends held polls and streams at once and cuts sockets after a grace period;
    // should something still hang, the process goes anyway.
    setTimeout(() => {
      app.log.error('the server did not close in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Not awaited: the server answers meanwhile, and a branch asked for first is read at once.
  void warmListings(app.db, app.listings, (error) => app.log.warn({ err: error }, 'reading the product lists ahead failed'));
  app.log.info(`Shoal is open on ${config.publicUrl} (database: ${app.dialect}, payments: ${config.paymentProvider})`);
  if (config.paymentProvider === 'sandbox') {
    app.log.warn('Payments are simulated by the built-in sandbox: no money moves. Set PAYMENT_PROVIDER=razorpay with its keys to take real payments.');
  }
  if (!config.invoiceIssuer) {
    app.log.warn('Tax invoices are refused: set SHOP_LEGAL_NAME, SHOP_LEGAL_ADDRESS, SHOP_STATE and SHOP_GSTIN to issue them.');
  } else if (config.invoiceIssuer.demo) {
    app.log.warn('Tax invoices carry demo shop details and are marked as not valid. Set SHOP_LEGAL_NAME, SHOP_LEGAL_ADDRESS, SHOP_STATE and SHOP_GSTIN.');
  }
}

void main();
