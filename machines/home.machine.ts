import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Category, Offer, Product, SpecialCategory } from '../contract/catalogue.schemas';
import { keptIfSame, replaceProducts, upsertBy } from './catalogue-items';
import { messageOf } from './failure-message.rules';

/** Products of one special category, shown as a rail on the home page. */
export interface SpecialRail {
  specialCategoryId: number;
  products: Product[];
}

/** What one home load brings. The first three lists are the session 'home-store' (section 3). */
export interface HomeData {
  categoryData: Category[];
  productData: Product[];
  specialCategories: SpecialCategory[];
  rails: SpecialRail[];
  offers: Offer[];
}

export type HomeStore = Pick<HomeData, 'categoryData' | 'productData' | 'specialCategories'>;

export interface HomeContext extends HomeData {
  companyId: number;
  branchId: number;
  error: string | null;
  /** A push arrived since the catch-up read began: its answer may be older than the push. */
  pushedDuringCatchUp: boolean;
}

export type HomeEvent =
  | { type: 'home.fetch'; companyId?: number; branchId?: number }
  | { type: 'home.productUpdate'; items: Product[] }
  | { type: 'category.update'; items: Category[] }
  | { type: 'home.sectionUpdate'; items: SpecialCategory[] }
  /** The live connection (re)opened: what changed while it was away was never pushed. */
  | { type: 'home.catchUp' };

export interface HomeInput {
  companyId: number;
  branchId: number;
  cached?: HomeStore | null;
}

/** Only the three lists of the session store are persisted; rails and offers are refetched. */
const persistStore = {
  type: 'persist',
  params: ({ context }: { context: HomeContext }): HomeStore => ({
    categoryData: context.categoryData,
    productData: context.productData,
    specialCategories: context.specialCategories,
  }),
} as const;

/**
 * Home data store (section 3/4): categories, products and special categories loaded at start,
 * kept in session storage as 'home-store' version 1, and patched in place by live updates.
 * States loading, error, fetched; a load failure is logged only and keeps what was shown.
 * When the live connection (re)opens, the home data is read again without a spinner
 * (catchingUp); a push during that read has it read once more.
 */
export const homeMachine = setup({
  types: {
    context: {} as HomeContext,
    events: {} as HomeEvent,
    input: {} as HomeInput,
  },
  actors: {
    fetchHome: fromPromise<HomeData, { companyId: number; branchId: number }>(async () => {
      throw new Error('fetchHome is not provided');
    }),
    /** Forwards the hub's events (home.productUpdate, category.update, home.sectionUpdate) to this machine. */
    liveUpdates: fromCallback<HomeEvent>(() => () => {}),
  },
  actions: {
    persist: (_, _store: HomeStore) => {},
    notePush: assign({ pushedDuringCatchUp: true }),
    /** A load's answer; lists equal to those shown keep their identity (no re-render). */
    takeHome: assign(({ context }, output: HomeData) => ({
      ...output,
      categoryData: keptIfSame(context.categoryData, output.categoryData),
      productData: keptIfSame(context.productData, output.productData),
      specialCategories: keptIfSame(context.specialCategories, output.specialCategories),
      error: null,
    })),
    logError: (_, _error: unknown) => {},
    /** The shop the next load is for: a fetch may switch company or branch (the '/' search params). */
    selectShop: assign(({ context, event }) =>
      event.type === 'home.fetch' ? { companyId: event.companyId ?? context.companyId, branchId: event.branchId ?? context.branchId } : {},
    ),
  },
  guards: {
    pushedDuringCatchUp: ({ context }) => context.pushedDuringCatchUp,
  },
}).createMachine({
  id: 'home',
  context: ({ input }) => ({
    companyId: input.companyId,
    branchId: input.branchId,
    categoryData: input.cached?.categoryData ?? [],
    productData: input.cached?.productData ?? [],
    specialCategories: input.cached?.specialCategories ?? [],
    rails: [],
    offers: [],
    error: null,
    pushedDuringCatchUp: false,
  }),
  invoke: { src: 'liveUpdates' },
  initial: 'loading',
  on: {
    'home.productUpdate': {
      actions: [
        assign(({ context, event }) => ({
          productData: replaceProducts(context.productData, event.items),
          rails: context.rails.map((rail) => ({ ...rail, products: replaceProducts(rail.products, event.items) })),
        })),
        persistStore,
        'notePush',
      ],
    },
    'category.update': {
      actions: [assign({ categoryData: ({ context, event }) => upsertBy(context.categoryData, event.items, 'categoryId') }), persistStore, 'notePush'],
    },
    'home.sectionUpdate': {
      actions: [
        assign({ specialCategories: ({ context, event }) => upsertBy(context.specialCategories, event.items, 'specialCategoryId') }),
        persistStore,
        'notePush',
      ],
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchHome',
        input: ({ context }) => ({ companyId: context.companyId, branchId: context.branchId }),
        onDone: { target: 'fetched', actions: [{ type: 'takeHome', params: ({ event }) => event.output }, persistStore] },
        onError: {
          target: 'error',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error, 'Failed to load the shop') }),
            { type: 'logError', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
      on: { 'home.fetch': { target: 'loading', reenter: true, actions: 'selectShop' } },
    },
    fetched: {
      on: { 'home.fetch': { target: 'loading', actions: 'selectShop' }, 'home.catchUp': 'catchingUp' },
    },
    catchingUp: {
      entry: assign({ pushedDuringCatchUp: false }),
      invoke: {
        src: 'fetchHome',
        input: ({ context }) => ({ companyId: context.companyId, branchId: context.branchId }),
        onDone: [
          { guard: 'pushedDuringCatchUp', target: 'catchingUp', reenter: true },
          { target: 'fetched', actions: [{ type: 'takeHome', params: ({ event }) => event.output }, persistStore] },
        ],
        // What is shown stays; a failed catch-up is logged only, as a failed load is.
        onError: { target: 'fetched', actions: { type: 'logError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: { 'home.fetch': { target: 'loading', actions: 'selectShop' } },
    },
    error: {
      on: { 'home.fetch': { target: 'loading', actions: 'selectShop' }, 'home.catchUp': 'loading' },
    },
  },
});
