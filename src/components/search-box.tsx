import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  MAX_SUGGEST_LENGTH,
  suggestionListState,
  suggestionOptions,
  type SuggestionListState,
  type SuggestionOption,
} from '../../machines/search-suggestions.machine.js';
import { imageUrl } from '../../contract/image-url.rules.js';
import { actorOptions } from '../app/actor-options.js';
import { searchSuggestionsLogic } from '../app/search-actors.js';
import { SearchIcon } from './icons.js';

/**
 * The shop-wide search: sends the visitor to /product?search=... (blank searches go nowhere). As
 * the shopper types, a list of suggestions opens under it (an ARIA combobox): arrow keys move
 * through it, Enter opens the highlighted row or runs the full search, Escape closes it.
 */
export function SearchBox() {
  const location = useLocation();
  const current = location.pathname.startsWith('/product') ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  // Keyed by the search in force, so back/forward and chip links reset what the box shows.
  return <SearchForm key={current} initial={current} />;
}

function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [logic] = useState(() => searchSuggestionsLogic((to) => void navigateRef.current(to)));
  const actor = useActorRef(logic, actorOptions({ input: { text: initial } }));
  const text = useSelector(actor, (s) => s.context.text);
  const list = useSelector(actor, suggestionListState);
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  const highlighted = useSelector(actor, (s) => s.context.highlighted);
  const inputId = useId();
  const listId = `${inputId}-suggestions`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const options = suggestionOptions(suggestions);
  const expanded = list !== 'hidden';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') actor.send({ type: 'search.next' });
    else if (event.key === 'ArrowUp') actor.send({ type: 'search.previous' });
    else if (event.key === 'Escape' && expanded) actor.send({ type: 'search.dismiss' });
    else return;
    event.preventDefault();
  };

  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label className="ui-visually-hidden" htmlFor={inputId}>
        Search products
      </label>
      <input
        className="search-box-input"
        id={inputId}
        name="search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && highlighted >= 0 && highlighted < options.length ? optionId(highlighted) : undefined}
        enterKeyHint="search"
        autoComplete="off"
        maxLength={MAX_SUGGEST_LENGTH}
        value={text}
        onChange={(e) => actor.send({ type: 'search.typed', text: e.target.value })}
        onKeyDown={onKeyDown}
        onFocus={() => actor.send({ type: 'search.focused' })}
        onBlur={() => actor.send({ type: 'search.dismiss' })}
        placeholder="Search fish, prawns, masalas…"
      />
      <SearchSubmitButton label="Search" />
      <SuggestionList
        id={listId}
        state={list}
        options={options}
        highlighted={highlighted}
        optionId={optionId}
        onPick={(index) => actor.send({ type: 'search.pick', index })}
      />
      <span className="ui-visually-hidden" role="status" aria-live="polite">
        {list === 'list' ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.` : ''}
        {list === 'empty' ? NO_SUGGESTIONS : ''}
        {list === 'failed' ? SUGGESTIONS_FAILED : ''}
      </span>
    </form>
  );
}

const NO_SUGGESTIONS = 'No suggestions. Press Enter to search.';
const SUGGESTIONS_FAILED = 'Suggestions are not available right now. Press Enter to search.';

/** The listbox under the search field: a "Did you mean", categories, then products; or why there are none. */
function SuggestionList({
  id,
  state,
  options,
  highlighted,
  optionId,
  onPick,
}: {
  id: string;
  state: SuggestionListState;
  options: SuggestionOption[];
  highlighted: number;
  optionId: (index: number) => string;
  onPick: (index: number) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={state === 'hidden'}
      className="search-box-list"
      // A tap on a row must not take the focus from the field first (its blur closes the list).
      onMouseDown={(e) => e.preventDefault()}
    >
      {state === 'empty' || state === 'failed' ? (
        <li role="presentation" className={state === 'failed' ? 'search-box-message search-box-message-failed' : 'search-box-message'}>
          {state === 'failed' ? SUGGESTIONS_FAILED : NO_SUGGESTIONS}
        </li>
      ) : (
        // The highlighted row (aria-selected) is tinted (search-box.css).
        options.map((option, index) => (
          <li
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className="search-box-option"
            onClick={() => onPick(index)}
          >
            <SuggestionRow option={option} />
          </li>
        ))
      )}
    </ul>
  );
}

function optionKey(option: SuggestionOption): string {
  if (option.kind === 'product') return `p${option.productId}`;
  if (option.kind === 'category') return `c${option.categoryId}`;
  return `s${option.text}`;
}

/** One row: what it opens, and what kind of thing it is. */
function SuggestionRow({ option }: { option: SuggestionOption }) {
  if (option.kind === 'correction') {
    return (
      <>
        <span className="search-box-option-icon">
          <SearchIcon size={18} />
        </span>
        <span className="search-box-option-text">
          Did you mean <strong>{option.text}</strong>?
        </span>
      </>
    );
  }
  return (
    <>
      <img className="search-box-option-image" src={imageUrl(option.image)} alt="" />
      <span className="search-box-option-text search-box-option-lines">
        <span className="search-box-truncate">{option.name}</span>
        <span className="search-box-truncate search-box-option-kind">{option.kind === 'category' ? 'Category' : `in ${option.categoryName}`}</span>
      </span>
    </>
  );
}

/** The round search button inside the end of a search field. */
export function SearchSubmitButton({ label }: { label: string }) {
  return (
    <button type="submit" aria-label={label} className="ui-button ui-button-sm ui-button-icon ui-button-solid search-box-submit">
      <SearchIcon size={18} />
    </button>
  );
}
