/**
 * Suggestions in the header search (docs/screens.md, "Search suggestions") as a visitor on a phone
 * lives them: "prw" typed and asked for once, the suggestions with Did you mean prawn?, a product
 * picked, the correction picked with the keyboard, the list closed with Escape; a word nothing
 * matches; and suggestions that cannot be read, with Enter still searching. Replayed in Chromium
 * by tests/browser/paths-search-suggestions.test.ts.
 */
import { setup } from 'xstate';
import { searchSuggestionsMachine } from '../../machines/search-suggestions.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const searchSuggestionsPathModel = setup({}).createMachine({
  id: 'searchSuggestionsPaths',
  initial: 'closed',
  states: {
    closed: {
      ...at('closed', 'home: the search box empty, no list under it'),
      on: { TYPE_PRW: 'loading', TYPE_A_WORD_NOTHING_MATCHES: 'loadingNothing' },
    },
    loading: {
      ...at('loading', '"prw" typed key by key: one request for the whole word, after the pause', ['waiting']),
      on: { SUGGESTIONS_ARRIVE: 'open', SUGGESTIONS_FAIL: 'failed' },
    },
    open: {
      ...at('open', 'the list: Did you mean prawn?, the Prawns & Shellfish category and prawn products; the box says it is expanded'),
      on: { PICK_A_PRODUCT: 'productOpened', ARROW_DOWN_AND_ENTER: 'correctionSearched', ESCAPE: 'dismissed' },
    },
    productOpened: at('closed', 'a product tapped: its page, the box emptied', ['choosing']),
    correctionSearched: at('closed', 'the first row (Did you mean prawn?) chosen with the keyboard: the results for prawn', ['choosing']),
    dismissed: at('closed', 'Escape: the list gone, "prw" still in the box'),
    loadingNothing: {
      ...at('loading', 'a word nothing matches typed: asked once', ['waiting']),
      on: { SUGGESTIONS_ARRIVE: 'empty' },
    },
    empty: at('empty', 'No suggestions. Press Enter to search.'),
    failed: {
      ...at('failed', 'Suggestions are not available right now. Press Enter to search.'),
      on: { ENTER: 'searched' },
    },
    searched: at('closed', 'Enter: the full search for prw runs all the same, the list closed'),
  },
});

export const searchSuggestionsPaths: PathModel = {
  name: 'search-suggestions',
  machine: searchSuggestionsMachine,
  model: searchSuggestionsPathModel,
  transient: {
    answered: 'an eventless choice between open and empty by what the answer holds, left in the same step',
    choosing: 'an eventless choice by the kind of row picked (product, category, correction), left in the same step',
  },
  testFile: 'tests/browser/paths-search-suggestions.test.ts',
};
