import { fromPromise } from 'xstate';
import { searchSuggestionsMachine } from '../../machines/search-suggestions.machine.js';
import { getSearchSuggestions } from '../api/catalogue.js';
import type { SearchSuggestions } from '../../contract/catalogue.schemas';
import { currentShop } from './shop-context.js';

/**
 * The header search's suggestions machine, wired to GET search/suggestions of the shop's company
 * and branch and to the router. A request its machine leaves behind (the shopper typed on) is
 * aborted with its actor.
 */
export function searchSuggestionsLogic(navigate: (to: string) => void) {
  return searchSuggestionsMachine.provide({
    actors: {
      fetchSuggestions: fromPromise<SearchSuggestions, { query: string }>(({ input, signal }) => {
        const { companyId, branchId } = currentShop();
        return getSearchSuggestions({ companyId, branchId, query: input.query }, signal);
      }),
    },
    actions: {
      openProduct: (_, { productId }) => navigate(`/product/product_detail?productId=${productId}`),
      openCategory: (_, { categoryId }) => navigate(`/product?categoryId=${categoryId}`),
      runSearch: (_, { search }) => navigate(`/product?search=${encodeURIComponent(search)}`),
    },
  });
}
