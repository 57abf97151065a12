/**
 * The baseline for catalogue reads: a bare Fastify hello-world route with the same process
 * settings as the shop server (logger level, body limit), run as its own process.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' }, bodyLimit: 256 * 1024, trustProxy: true });
app.get('/hello', async () => ({ Success: true, Message: '', Data: 'hello world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
