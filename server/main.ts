import { loadConfig } from './config/env.js';
import { buildApp } from './app.js';
import { projectNodeEngines, unsupportedNodeMessage } from './lib/node-version.js';

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
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Shoal is open on ${config.publicUrl} (database: ${app.dialect}, payments: ${config.paymentProvider})`);
  if (config.paymentProvider === 'sandbox') {
    app.log.warn('Payments are simulated by the built-in sandbox: no money moves. Set PAYMENT_PROVIDER=razorpay with its keys to take real payments.');
  }
}

void main();
