import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Categories, products, special categories, offers, FAQ and delivery slots. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async () => {};
