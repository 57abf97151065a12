/**
 * Every shortest path of the search-suggestions path model (tests/paths/search-suggestions.paths.ts),
 * replayed in Chromium against the real server. `npm run test:paths -- --list --machine search-suggestions`.
 */
import { replayInBrowser } from '../paths/browser-world.js';
import { searchSuggestionsDriver } from '../paths/search-suggestions.driver.js';
import { searchSuggestionsPaths } from '../paths/search-suggestions.paths.js';

replayInBrowser(searchSuggestionsPaths, {
  prepare: (world) => ({ world }),
  driver: searchSuggestionsDriver,
});
