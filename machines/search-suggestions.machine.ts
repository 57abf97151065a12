import { assign, fromPromise, setup } from 'xstate';
import type { SearchSuggestions } from '../contract/catalogue.schemas';

/**
 * The header search box's suggestions (not in the spec; docs/screens.md, "Search suggestions"):
 * typing waits a moment, then asks for suggestions; typing again meanwhile starts over, so an
 * older answer never replaces a newer one (the stale request is cancelled with its actor). Arrow
 * keys move through the list, Enter opens the highlighted suggestion or runs the full search,
 * Escape closes the list. Navigation and the request are named effects the app provides.
 */

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer letters than this ask for no suggestions. */
export const MIN_SUGGEST_LENGTH = 2;
/** The server takes at most this many characters (GET /api/search/suggestions, q). */
export const MAX_SUGGEST_LENGTH = 60;

/** One row of the suggestion list. */
export type SuggestionOption =
  | { kind: 'correction'; text: string }
  | { kind: 'category'; categoryId: number; name: string; image: string }
  | { kind: 'product'; productId: number; name: string; categoryName: string; image: string };

/** The rows of an answer in the order they show: a "Did you mean" first, then categories, then products. */
export function suggestionOptions(suggestions: SearchSuggestions | null): SuggestionOption[] {
  if (!suggestions) return [];
  return [
    ...(suggestions.correction ? [{ kind: 'correction' as const, text: suggestions.correction }] : []),
    ...suggestions.categories.map((c) => ({ kind: 'category' as const, categoryId: c.categoryId, name: c.name, image: c.image })),
    ...suggestions.products.map((p) => ({ kind: 'product' as const, productId: p.productId, name: p.name, categoryName: p.categoryName, image: p.image })),
  ];
}

/** The text as a search: trimmed, inner spaces collapsed, cut to what the server takes. */
export function searchTextOf(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, MAX_SUGGEST_LENGTH).trim();
}

/** Whether the text is worth suggestions for: enough letters or digits. */
export function wantsSuggestions(text: string): boolean {
  const search = searchTextOf(text);
  return search.length >= MIN_SUGGEST_LENGTH && /[\p{L}\p{N}]/u.test(search);
}

export interface SearchSuggestionsContext {
  /** What the box holds. */
  text: string;
  /** The search the shown suggestions (or the request under way) are for. */
  query: string;
  suggestions: SearchSuggestions | null;
  /** Index of the highlighted row, -1 for none. */
  highlighted: number;
  /** The row just picked, while its effect runs. */
  chosen: SuggestionOption | null;
}

export type SearchSuggestionsEvent =
  | { type: 'search.typed'; text: string }
  | { type: 'search.next' }
  | { type: 'search.previous' }
  | { type: 'search.highlight'; index: number }
  | { type: 'search.submit' }
  | { type: 'search.pick'; index: number }
  | { type: 'search.dismiss' }
  | { type: 'search.focused' };

const optionCount = (context: SearchSuggestionsContext): number => suggestionOptions(context.suggestions).length;

/** The row at an index of the shown list. */
function optionAt(context: SearchSuggestionsContext, index: number): SuggestionOption | null {
  return index >= 0 ? (suggestionOptions(context.suggestions)[index] ?? null) : null;
}

export const searchSuggestionsMachine = setup({
  types: {
    context: {} as SearchSuggestionsContext,
    events: {} as SearchSuggestionsEvent,
    input: {} as { text?: string } | undefined,
  },
  actors: {
    fetchSuggestions: fromPromise<SearchSuggestions, { query: string }>(async () => {
      throw new Error('searchSuggestions: fetchSuggestions is not provided');
    }),
  },
  actions: {
    /** Opens a product's page. */
    openProduct: (_, _params: { productId: number }) => {},
    /** Opens a category's product list. */
    openCategory: (_, _params: { categoryId: number }) => {},
    /** Runs the full search: the product list for these words. */
    runSearch: (_, _params: { search: string }) => {},
  },
  guards: {
    wantsSuggestions: ({ event }) => event.type === 'search.typed' && wantsSuggestions(event.text),
    hasOptions: ({ context }) => optionCount(context) > 0,
    hasSuggestionsFor: ({ context }) => context.suggestions !== null && context.query === searchTextOf(context.text) && optionCount(context) > 0,
    hasSearch: ({ context }) => searchTextOf(context.text).length > 0,
    hasHighlighted: ({ context }) => optionAt(context, context.highlighted) !== null,
    chosen: ({ context }, params: { kind: SuggestionOption['kind'] }) => context.chosen?.kind === params.kind,
  },
  delays: {
    SUGGEST_DEBOUNCE: SUGGEST_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'searchSuggestions',
  context: ({ input }) => ({ text: input?.text ?? '', query: '', suggestions: null, highlighted: -1, chosen: null }),
  initial: 'closed',
  on: {
    'search.typed': [
      {
        guard: 'wantsSuggestions',
        target: '.waiting',
        reenter: true,
        actions: assign({ text: ({ event }) => event.text, highlighted: -1 }),
      },
      { target: '.closed', actions: assign({ text: ({ event }) => event.text, suggestions: null, query: '', highlighted: -1 }) },
    ],
    'search.submit': [
      {
        guard: 'hasHighlighted',
        target: '.choosing',
        actions: assign({ chosen: ({ context }) => optionAt(context, context.highlighted) }),
      },
      {
        guard: 'hasSearch',
        target: '.closed',
        actions: [{ type: 'runSearch', params: ({ context }) => ({ search: searchTextOf(context.text) }) }, assign({ highlighted: -1 })],
      },
    ],
    'search.pick': { target: '.choosing', actions: assign({ chosen: ({ context, event }) => optionAt(context, event.index) }) },
    'search.dismiss': { target: '.closed', actions: assign({ highlighted: -1 }) },
  },
  states: {
    closed: {
      on: {
        'search.focused': { guard: 'hasSuggestionsFor', target: 'open' },
        'search.next': { guard: 'hasSuggestionsFor', target: 'open', actions: assign({ highlighted: 0 }) },
      },
    },
    waiting: {
      tags: ['busy'],
      after: { SUGGEST_DEBOUNCE: 'loading' },
    },
    loading: {
      tags: ['busy'],
      entry: assign({ query: ({ context }) => searchTextOf(context.text) }),
      invoke: {
        src: 'fetchSuggestions',
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: 'answered', actions: assign({ suggestions: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ suggestions: null }) },
      },
    },
    answered: {
      always: [{ guard: 'hasOptions', target: 'open' }, { target: 'empty' }],
    },
    open: {
      on: {
        'search.next': { actions: assign({ highlighted: ({ context }) => (context.highlighted + 1) % optionCount(context) }) },
        'search.previous': {
          actions: assign({ highlighted: ({ context }) => (context.highlighted <= 0 ? optionCount(context) - 1 : context.highlighted - 1) }),
        },
        'search.highlight': { actions: assign({ highlighted: ({ context, event }) => (event.index < optionCount(context) ? event.index : -1) }) },
      },
    },
    /** The answer had nothing to suggest: the list says so. */
    empty: {},
    /** Suggestions could not be read: the list says so, and Enter still runs the full search. */
    failed: {},
    /** A row was picked: a product opens its page, a category its list, a "Did you mean" runs that search. */
    choosing: {
      always: [
        {
          guard: { type: 'chosen', params: { kind: 'product' } },
          target: 'closed',
          actions: [
            { type: 'openProduct', params: ({ context }) => ({ productId: context.chosen?.kind === 'product' ? context.chosen.productId : 0 }) },
            assign({ text: '', query: '', suggestions: null, highlighted: -1, chosen: null }),
          ],
        },
        {
          guard: { type: 'chosen', params: { kind: 'category' } },
          target: 'closed',
          actions: [
            { type: 'openCategory', params: ({ context }) => ({ categoryId: context.chosen?.kind === 'category' ? context.chosen.categoryId : 0 }) },
            assign({ text: '', query: '', suggestions: null, highlighted: -1, chosen: null }),
          ],
        },
        {
          guard: { type: 'chosen', params: { kind: 'correction' } },
          target: 'closed',
          actions: [
            { type: 'runSearch', params: ({ context }) => ({ search: context.chosen?.kind === 'correction' ? context.chosen.text : '' }) },
            assign({ text: ({ context }) => (context.chosen?.kind === 'correction' ? context.chosen.text : context.text), highlighted: -1, chosen: null }),
          ],
        },
        { target: 'closed', actions: assign({ chosen: null }) },
      ],
    },
  },
});

/** What the list under the box shows: nothing, the rows, that nothing matched, or that suggestions failed. */
export type SuggestionListState = 'hidden' | 'list' | 'empty' | 'failed';

/** The list's state for a snapshot: rows of the last answer stay while the next one is on its way. */
export function suggestionListState(snapshot: {
  matches: (state: 'open' | 'empty' | 'failed' | 'waiting' | 'loading') => boolean;
  context: SearchSuggestionsContext;
}): SuggestionListState {
  if (snapshot.matches('open')) return 'list';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  const busy = snapshot.matches('waiting') || snapshot.matches('loading');
  return busy && suggestionOptions(snapshot.context.suggestions).length > 0 ? 'list' : 'hidden';
}
