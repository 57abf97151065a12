import { Box, chakra, IconButton, useRecipe, VisuallyHidden } from '@chakra-ui/react';
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
  // The input recipe on a plain input: Chakra's Input brings the whole form-field kit to the first load.
  const inputStyles = useRecipe({ key: 'input' })();
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
    <Box as="form" role="search" onSubmit={submit} position="relative" w="full">
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>Search products</label>
      </VisuallyHidden>
      <chakra.input
        css={inputStyles}
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
        bg="bg"
        color="fg"
        rounded="full"
        pe="12"
        _placeholder={{ color: 'fg.muted' }}
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
      <VisuallyHidden role="status" aria-live="polite">
        {list === 'list' ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.` : ''}
        {list === 'empty' ? NO_SUGGESTIONS : ''}
        {list === 'failed' ? SUGGESTIONS_FAILED : ''}
      </VisuallyHidden>
    </Box>
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
    <Box
      as="ul"
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={state === 'hidden'}
      position="absolute"
      top="calc(100% + 4px)"
      insetX="0"
      zIndex="popover"
      bg="bg"
      color="fg"
      rounded="lg"
      shadow="lg"
      borderWidth="1px"
      borderColor="border"
      listStyleType="none"
      py="1"
      maxH="min(60vh, 28rem)"
      overflowY="auto"
      // A tap on a row must not take the focus from the field first (its blur closes the list).
      onMouseDown={(e) => e.preventDefault()}
    >
      {state === 'empty' || state === 'failed' ? (
        <Box as="li" role="presentation" px="3" py="2" fontSize="sm" color={state === 'failed' ? 'fg.error' : 'fg.muted'}>
          {state === 'failed' ? SUGGESTIONS_FAILED : NO_SUGGESTIONS}
        </Box>
      ) : (
        options.map((option, index) => (
          <Box
            as="li"
            key={optionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            display="flex"
            alignItems="center"
            gap="3"
            px="3"
            py="2"
            minH="11"
            cursor="pointer"
            bg={index === highlighted ? 'brand.subtle' : undefined}
            _hover={{ bg: 'bg.muted' }}
            onClick={() => onPick(index)}
          >
            <SuggestionRow option={option} />
          </Box>
        ))
      )}
    </Box>
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
        <Box as="span" display="inline-flex" boxSize="8" alignItems="center" justifyContent="center" color="fg.muted" flexShrink={0}>
          <SearchIcon size={18} />
        </Box>
        <Box as="span" minW="0">
          Did you mean <Box as="strong">{option.text}</Box>?
        </Box>
      </>
    );
  }
  return (
    <>
      <chakra.img src={imageUrl(option.image)} alt="" width="32px" height="32px" boxSize="8" rounded="md" bg="bg.muted" flexShrink={0} />
      <Box as="span" minW="0" display="flex" flexDirection="column">
        <Box as="span" truncate>
          {option.name}
        </Box>
        <Box as="span" fontSize="xs" color="fg.muted" truncate>
          {option.kind === 'category' ? 'Category' : `in ${option.categoryName}`}
        </Box>
      </Box>
    </>
  );
}

/** The round search button inside the end of a search field. */
export function SearchSubmitButton({ label }: { label: string }) {
  return (
    <IconButton
      type="submit"
      aria-label={label}
      position="absolute"
      top="50%"
      transform="translateY(-50%)"
      right="1"
      size="sm"
      rounded="full"
      colorPalette="brand"
    >
      <SearchIcon size={18} />
    </IconButton>
  );
}
