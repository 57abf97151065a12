import { expect, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { Deferred, describeModel } from './model-harness';
import { SUGGEST_DEBOUNCE_MS, searchSuggestionsMachine, suggestionListState } from '../../machines/search-suggestions.machine';
import type { SearchSuggestions } from '../../contract/catalogue.schemas';

const ANSWER: SearchSuggestions = {
  query: 'prw',
  correction: null,
  categories: [{ categoryId: 3, name: 'Prawns & Shellfish', image: '/images/categories/prawns.svg' }],
  products: [{ productId: 28, name: 'Tiger Prawns', categoryId: 3, categoryName: 'Prawns & Shellfish', image: '/images/products/tiger-prawns.svg' }],
};

function start() {
  const deferred = new Deferred();
  const effects: string[] = [];
  const actor = createActor(
    searchSuggestionsMachine.provide({
      actors: deferred.actors('fetchSuggestions'),
      actions: {
        openProduct: (_, { productId }) => effects.push(`product ${productId}`),
        openCategory: (_, { categoryId }) => effects.push(`category ${categoryId}`),
        runSearch: (_, { search }) => effects.push(`search ${search}`),
      },
    }),
    { input: undefined },
  ).start();
  return { actor, deferred, effects };
}

const at = (real: string, description: string) => ({ meta: { real, description } });

describeModel('search suggestions machine, every shortest path (type, wait, answer, keys, pick)', {
  machine: searchSuggestionsMachine,
  transient: {
    answered: 'left at once for open or empty by its eventless transition',
    choosing: 'left at once for closed, running the picked row’s effect',
  },
  model: setup({}).createMachine({
    id: 'searchSuggestionsModel',
    initial: 'idle',
    states: {
      idle: { ...at('closed', 'an empty box'), on: { TYPE: 'typing', SUBMIT_BLANK: 'idle' } },
      typing: { ...at('waiting', 'typed "prw": nothing asked for yet'), on: { PAUSE: 'asking', SUBMIT: 'searched' } },
      asking: { ...at('loading', 'asked for "prw"'), on: { ANSWER: 'shown', ANSWER_NOTHING: 'nothing', FAIL: 'failed', TYPE_MORE: 'typingAgain' } },
      typingAgain: { ...at('waiting', 'typed on: the first request is cancelled'), on: {} },
      shown: { ...at('open', 'a category and a product shown'), on: { DOWN: 'onCategory', ESCAPE: 'dismissed', TAP_PRODUCT: 'productOpened' } },
      onCategory: { ...at('open', 'the category highlighted'), on: { ENTER: 'categoryOpened', DOWN_AGAIN: 'onProduct' } },
      onProduct: { ...at('open', 'the product highlighted'), on: { ENTER: 'productOpened' } },
      dismissed: { ...at('closed', 'the list closed with Escape, the rows kept'), on: { FOCUS: 'reopened' } },
      reopened: at('open', 'the same rows shown again on focus, without asking'),
      nothing: { ...at('empty', 'nothing to suggest, said in the list'), on: { SUBMIT: 'searched' } },
      failed: { ...at('failed', 'suggestions failed, said in the list'), on: { SUBMIT: 'searched' } },
      searched: at('closed', 'Enter ran the full search for "prw"'),
      categoryOpened: at('closed', 'the category’s list opened, the box cleared'),
      productOpened: at('closed', 'the product’s page opened, the box cleared'),
    },
  }),
  start,
  events: ({ actor, deferred }) => ({
    TYPE: () => actor.send({ type: 'search.typed', text: 'prw' }),
    SUBMIT_BLANK: () => actor.send({ type: 'search.submit' }),
    PAUSE: () => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS),
    TYPE_MORE: () => actor.send({ type: 'search.typed', text: 'prwn' }),
    ANSWER: () => deferred.settle('fetchSuggestions', { output: ANSWER }),
    ANSWER_NOTHING: () => deferred.settle('fetchSuggestions', { output: { ...ANSWER, categories: [], products: [] } }),
    FAIL: () => deferred.settle('fetchSuggestions', { error: new Error('Request failed (503)') }),
    DOWN: () => actor.send({ type: 'search.next' }),
    DOWN_AGAIN: () => actor.send({ type: 'search.next' }),
    ENTER: () => actor.send({ type: 'search.submit' }),
    SUBMIT: () => actor.send({ type: 'search.submit' }),
    ESCAPE: () => actor.send({ type: 'search.dismiss' }),
    FOCUS: () => actor.send({ type: 'search.focused' }),
    TAP_PRODUCT: () => actor.send({ type: 'search.pick', index: 1 }),
  }),
  states: ({ actor, deferred, effects }) => ({
    idle: () => expect(effects).toEqual([]),
    typing: () => expect(deferred.calls.fetchSuggestions).toEqual([]),
    asking: () => expect(deferred.open('fetchSuggestions').map((c) => c.input)).toEqual([{ query: 'prw' }]),
    typingAgain: () => expect(deferred.calls.fetchSuggestions?.map((c) => c.input)).toEqual([{ query: 'prw' }]),
    shown: () => expect(suggestionListState(actor.getSnapshot())).toBe('list'),
    onCategory: () => expect(actor.getSnapshot().context.highlighted).toBe(0),
    onProduct: () => expect(actor.getSnapshot().context.highlighted).toBe(1),
    dismissed: () => expect(suggestionListState(actor.getSnapshot())).toBe('hidden'),
    reopened: () => expect(deferred.calls.fetchSuggestions).toHaveLength(1),
    nothing: () => expect(suggestionListState(actor.getSnapshot())).toBe('empty'),
    failed: () => expect(suggestionListState(actor.getSnapshot())).toBe('failed'),
    searched: () => expect(effects).toEqual(['search prw']),
    categoryOpened: () => {
      expect(effects).toEqual(['category 3']);
      expect(actor.getSnapshot().context.text).toBe('');
    },
    productOpened: () => {
      expect(effects).toEqual(['product 28']);
      expect(actor.getSnapshot().context.text).toBe('');
    },
  }),
});
