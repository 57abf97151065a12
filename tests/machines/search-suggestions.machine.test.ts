import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  SUGGEST_DEBOUNCE_MS,
  searchSuggestionsMachine,
  suggestionListState,
  suggestionOptions,
  wantsSuggestions,
} from '../../machines/search-suggestions.machine';
import type { SearchSuggestions } from '../../contract/catalogue.schemas';

/** An answer for a query: a category and two products named after it, with a correction when asked. */
function answer(query: string, correction: string | null = null): SearchSuggestions {
  return {
    query,
    correction,
    categories: [{ categoryId: 3, name: `${query} category`, image: '/images/categories/prawns.svg' }],
    products: [
      { productId: 28, name: `${query} one`, categoryId: 3, categoryName: 'Prawns & Shellfish', image: '/images/products/a.svg' },
      { productId: 29, name: `${query} two`, categoryId: 3, categoryName: 'Prawns & Shellfish', image: '/images/products/b.svg' },
    ],
  };
}

interface Pending {
  query: string;
  signal: AbortSignal;
  resolve: (value: SearchSuggestions) => void;
  reject: (error: Error) => void;
}

/** The machine with its request held until the test answers it, and its navigation recorded. */
function start(text = '') {
  const requests: Pending[] = [];
  const effects: string[] = [];
  const actor = createActor(
    searchSuggestionsMachine.provide({
      actors: {
        fetchSuggestions: fromPromise<SearchSuggestions, { query: string }>(
          ({ input, signal }) => new Promise((resolve, reject) => requests.push({ query: input.query, signal, resolve, reject })),
        ),
      },
      actions: {
        openProduct: (_, { productId }) => effects.push(`product ${productId}`),
        openCategory: (_, { categoryId }) => effects.push(`category ${categoryId}`),
        runSearch: (_, { search }) => effects.push(`search ${search}`),
      },
    }),
    { input: { text } },
  ).start();
  const type = (value: string) => actor.send({ type: 'search.typed', text: value });
  return { actor, requests, effects, type };
}

/** Lets settled promises reach the machine. */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('search suggestions machine', () => {
  it('waits 150 ms after the last key before asking, and asks once for the latest text', async () => {
    const { actor, requests, type } = start();
    type('p');
    expect(actor.getSnapshot().value).toBe('closed');
    type('pr');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 10);
    type('prw ');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(requests).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.query)).toEqual(['prw']);
    requests[0]?.resolve(answer('prw', 'prawn'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('open');
    expect(suggestionListState(snapshot)).toBe('list');
    expect(suggestionOptions(snapshot.context.suggestions).map((o) => o.kind)).toEqual(['correction', 'category', 'product', 'product']);
  });

  it('never lets an older answer replace a newer one, and cancels the older request', async () => {
    const { actor, requests, type } = start();
    type('prw');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    type('prwn');
    expect(requests[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(requests.map((r) => r.query)).toEqual(['prw', 'prwn']);
    requests[1]?.resolve(answer('prwn'));
    await settle();
    requests[0]?.resolve(answer('prw'));
    await settle();
    expect(actor.getSnapshot().context.suggestions?.query).toBe('prwn');
    expect(actor.getSnapshot().context.query).toBe('prwn');
  });

  it('keeps the last rows on screen while the next answer is on its way', async () => {
    const { actor, requests, type } = start();
    type('pra');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve(answer('pra'));
    await settle();
    type('praw');
    expect(suggestionListState(actor.getSnapshot())).toBe('list');
    expect(actor.getSnapshot().context.highlighted).toBe(-1);
  });

  it('moves through the rows with the arrow keys, wrapping at both ends, and Escape closes the list', async () => {
    const { actor, requests, type } = start();
    type('prw');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve(answer('prw'));
    await settle();
    const highlighted = () => actor.getSnapshot().context.highlighted;
    actor.send({ type: 'search.next' });
    expect(highlighted()).toBe(0);
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.next' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'search.next' });
    expect(highlighted()).toBe(0);
    actor.send({ type: 'search.previous' });
    expect(highlighted()).toBe(2);
    actor.send({ type: 'search.dismiss' });
    expect(suggestionListState(actor.getSnapshot())).toBe('hidden');
    // Focus or the down arrow opens the same rows again without asking the server.
    actor.send({ type: 'search.next' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(highlighted()).toBe(0);
    actor.send({ type: 'search.dismiss' });
    actor.send({ type: 'search.focused' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(requests).toHaveLength(1);
  });

  it.each([
    [0, 'search prawn', 'prawn'],
    [1, 'category 3', ''],
    [2, 'product 28', ''],
    [3, 'product 29', ''],
  ])('Enter on row %i runs %j', async (row, effect, textAfter) => {
    const { actor, requests, effects, type } = start();
    type('prw');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve(answer('prw', 'prawn'));
    await settle();
    for (let i = 0; i <= row; i += 1) actor.send({ type: 'search.next' });
    actor.send({ type: 'search.submit' });
    expect(effects).toEqual([effect]);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.text).toBe(textAfter);
  });

  it('a tap on a row opens it; a tap past the rows does nothing', async () => {
    const { actor, requests, effects, type } = start();
    type('prw');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve(answer('prw'));
    await settle();
    actor.send({ type: 'search.pick', index: 7 });
    expect(effects).toEqual([]);
    type('prw');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[1]?.resolve(answer('prw'));
    await settle();
    actor.send({ type: 'search.pick', index: 1 });
    expect(effects).toEqual(['product 28']);
  });

  it('Enter with no row highlighted runs the full search for the trimmed words, even before any answer', async () => {
    const { actor, effects, type } = start();
    type('  seer   fish ');
    actor.send({ type: 'search.submit' });
    expect(effects).toEqual(['search seer fish']);
    type('   ');
    actor.send({ type: 'search.submit' });
    expect(effects).toEqual(['search seer fish']);
  });

  it('says when nothing matches and when suggestions fail; Enter still searches', async () => {
    const { actor, requests, effects, type } = start();
    type('xyzzy');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve({ query: 'xyzzy', correction: null, categories: [], products: [] });
    await settle();
    expect(suggestionListState(actor.getSnapshot())).toBe('empty');
    type('xyzzyq');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[1]?.reject(new Error('Request failed (500)'));
    await settle();
    expect(suggestionListState(actor.getSnapshot())).toBe('failed');
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.submit' });
    expect(effects).toEqual(['search xyzzyq']);
  });

  it('asks nothing for one letter or for punctuation, and clears what it showed', async () => {
    const { actor, requests, type } = start('prawn');
    expect(actor.getSnapshot().context.text).toBe('prawn');
    type('pra');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    requests[0]?.resolve(answer('pra'));
    await settle();
    type('p');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    type('%%');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(requests).toHaveLength(1);
    expect(actor.getSnapshot().context.suggestions).toBeNull();
    expect(suggestionListState(actor.getSnapshot())).toBe('hidden');
    expect(wantsSuggestions('a ')).toBe(false);
    expect(wantsSuggestions('ab')).toBe(true);
    expect(wantsSuggestions('ചെ')).toBe(true);
  });
});
