import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Product } from '../contract/catalogue.schemas';
import { messageOf } from './failure-message.rules';

export interface DetailRequest {
  productId: number;
  variantId?: number;
}

export interface ProductDetailContext {
  productId: number | null;
  /** The variant the visitor chose (or asked for in the URL); 0 for the product's own choice. */
  variantId: number;
  product: Product | null;
  error: string | null;
}

/** A product already at hand when the page opens (the one the server sent with the HTML). */
export interface ProductDetailInput {
  opening?: { productId: number; variantId: number; product: Product };
}

export type ProductDetailEvent =
  | { type: 'detail.load'; productId: number | undefined; variantId?: number }
  | { type: 'detail.selectVariant'; variantId: number }
  | { type: 'detail.retry' }
  | { type: 'detail.update'; items: Product[] }
  /** The live connection (re)opened: a change made while it was away was never pushed. */
  | { type: 'detail.catchUp' };

const detailRequest = ({ context }: { context: ProductDetailContext }): DetailRequest => ({
  productId: context.productId ?? 0,
  ...(context.variantId ? { variantId: context.variantId } : {}),
});

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Product detail: loads one product with its variants. Switching variant is local (the
 * variants carry their own rates and stock), and a live 'product.detailsUpdate' replaces the
 * product while keeping the visitor's choice. An invalid id or a 404 ends in notFound. When
 * the live connection (re)opens the product is read again without a spinner; a push during
 * that read starts it over. A page that opens with its product at hand (input.opening) starts
 * from it, with no request and no spinner.
 */
export const productDetailMachine = setup({
  types: {
    context: {} as ProductDetailContext,
    events: {} as ProductDetailEvent,
    input: {} as ProductDetailInput,
  },
  actors: {
    fetchDetail: fromPromise<Product, DetailRequest>(async () => {
      throw new Error('fetchDetail is not provided');
    }),
    liveUpdates: fromCallback<ProductDetailEvent>(() => () => {}),
  },
  guards: {
    hasNoId: ({ event }) => event.type === 'detail.load' && event.productId === undefined,
    isShownProduct: ({ context, event }) => event.type === 'detail.load' && context.product !== null && event.productId === context.productId,
    isNotFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    hasProduct: ({ context }) => context.product !== null,
  },
  actions: {
    request: assign(({ event }) => (event.type === 'detail.load' ? { productId: event.productId ?? null, variantId: event.variantId ?? 0, error: null } : {})),
    chooseVariant: assign(({ event }) => (event.type === 'detail.selectVariant' || event.type === 'detail.load' ? { variantId: event.variantId ?? 0 } : {})),
    applyUpdate: assign(({ context, event }) => {
      if (event.type !== 'detail.update' || !context.product) return {};
      const update = event.items.find((p) => p.productId === context.productId);
      return update ? { product: update } : {};
    }),
  },
}).createMachine({
  id: 'productDetail',
  context: ({ input }) => ({
    productId: input?.opening?.productId ?? null,
    variantId: input?.opening?.variantId ?? 0,
    product: input?.opening?.product ?? null,
    error: null,
  }),
  invoke: { src: 'liveUpdates' },
  initial: 'idle',
  on: {
    'detail.load': [
      { guard: 'hasNoId', target: '.notFound', actions: ['request', assign({ product: null })] },
      { guard: 'isShownProduct', target: '.fetched', actions: 'chooseVariant' },
      { target: '.loading', actions: 'request' },
    ],
    'detail.update': { actions: 'applyUpdate' },
  },
  states: {
    idle: { always: { guard: 'hasProduct', target: 'fetched' } },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchDetail',
        input: detailRequest,
        onDone: { target: 'fetched', actions: assign({ product: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound', actions: assign({ product: null }) },
          { target: 'error', actions: assign({ error: ({ event }) => messageOf(event.error, 'Could not load this product') }) },
        ],
      },
    },
    fetched: {
      on: { 'detail.selectVariant': { actions: 'chooseVariant' }, 'detail.catchUp': 'catchingUp' },
    },
    catchingUp: {
      on: {
        'detail.selectVariant': { actions: 'chooseVariant' },
        'detail.update': { target: 'catchingUp', reenter: true, actions: 'applyUpdate' },
      },
      invoke: {
        src: 'fetchDetail',
        input: detailRequest,
        onDone: { target: 'fetched', actions: assign({ product: ({ event }) => event.output }) },
        // A product taken off sale since shows as such on the next visit; what is shown stays.
        onError: 'fetched',
      },
    },
    notFound: {},
    error: {
      on: { 'detail.retry': 'loading', 'detail.catchUp': 'loading' },
    },
  },
});
