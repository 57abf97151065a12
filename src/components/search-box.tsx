import { Box, chakra, IconButton, useRecipe, VisuallyHidden } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchParam } from '../lib/search-params.js';
import { SearchIcon } from './icons.js';

/** The shop-wide search: sends the visitor to /product?search=... (blank searches go nowhere). */
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
  const inputId = useId();
  const [text, setText] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = searchParam(text);
    if (!search) return;
    navigate(`/product?search=${encodeURIComponent(search)}`);
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
        enterKeyHint="search"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search fish, prawns, masalas…"
        bg="bg"
        color="fg"
        rounded="full"
        pe="12"
        _placeholder={{ color: 'fg.muted' }}
      />
      <SearchSubmitButton label="Search" />
    </Box>
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
