import { assign, fromPromise, setup } from 'xstate';
import type { EarliestDelivery } from '../contract/delivery.schemas';
import { notProvided } from './not-provided';

export interface EarliestDeliveryContext {
  companyId: number;
  branchId: number;
  /** The server's earliest slot with room, null when every coming slot is full; kept while a fresh read runs. */
  earliest: EarliestDelivery | null;
  /** Whether the server has answered at least once. */
  known: boolean;
}

/** Read again, for the shop in force now (an address may have named another branch). */
export type EarliestDeliveryEvent = { type: 'earliestDelivery.refresh'; companyId?: number; branchId?: number };

/**
 * The earliest delivery the header, the product cards and the cart show. The server computes it
 * (India time, from the slots' capacity and bookings); the hub has no message for a slot filling
 * up, so it is read again on every path change (`earliestDelivery.refresh`). A failed read keeps
 * what was shown and is tried again on the next refresh.
 */
export const earliestDeliveryMachine = setup({
  types: {
    context: {} as EarliestDeliveryContext,
    events: {} as EarliestDeliveryEvent,
    input: {} as { companyId: number; branchId: number },
  },
  actions: {
    useShop: assign(({ context, event }) => ({ companyId: event.companyId ?? context.companyId, branchId: event.branchId ?? context.branchId })),
  },
  actors: {
    fetchEarliest: fromPromise<EarliestDelivery | null, { companyId: number; branchId: number }>(async () => notProvided('fetchEarliest')),
  },
}).createMachine({
  id: 'earliestDelivery',
  context: ({ input }) => ({ companyId: input.companyId, branchId: input.branchId, earliest: null, known: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchEarliest',
        input: ({ context }) => ({ companyId: context.companyId, branchId: context.branchId }),
        onDone: { target: 'shown', actions: assign({ earliest: ({ event }) => event.output, known: true }) },
        onError: 'failed',
      },
    },
    shown: { on: { 'earliestDelivery.refresh': { target: 'loading', actions: 'useShop' } } },
    failed: { on: { 'earliestDelivery.refresh': { target: 'loading', actions: 'useShop' } } },
  },
});

/** What a screen says for the earliest delivery: the server's label, 'No delivery slots open' when all are full, null while unknown. */
export function earliestLabel(context: Pick<EarliestDeliveryContext, 'earliest' | 'known'>): string | null {
  if (!context.known) return null;
  return context.earliest ? context.earliest.Label : 'No delivery slots open';
}
