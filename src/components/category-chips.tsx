import { Box, Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Category } from '../../contract/catalogue.schemas';
import { ScrollRow } from './scroll-row';

export interface Chip {
  key: string;
  label: string;
  to: string;
  current: boolean;
  onSelect?: () => void;
}

/** A row of category links that scrolls sideways when they do not fit; the current one is marked for screen readers and kept in view. */
export function CategoryChips({ chips, label = 'Categories' }: { chips: Chip[]; label?: string }) {
  if (chips.length === 0) return null;
  const current = chips.find((c) => c.current)?.key ?? '';
  return (
    <Box mx="-4" mb="4">
      <ScrollRow label={label} noun="categories" fade="bg" buttonProps={{ colorPalette: 'brand', variant: 'solid' }} activeKey={`${current}:${chips.length}`}>
        <HStack as="ul" listStyleType="none" gap="2" w="max-content" px="4" pb="1">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Button asChild size="sm" rounded="full" variant={chip.current ? 'solid' : 'outline'} colorPalette="brand" bg={chip.current ? undefined : 'bg'}>
                <RouterLink to={chip.to} aria-current={chip.current ? 'page' : undefined} onClick={chip.onSelect}>
                  {chip.label}
                </RouterLink>
              </Button>
            </li>
          ))}
        </HStack>
      </ScrollRow>
    </Box>
  );
}

/** Chips for 'All' plus each category, linking to `base` with categoryId (and keeping other params). */
export function categoryChips(categories: Category[], selected: number | undefined, href: (categoryId?: number) => string, onAll?: () => void): Chip[] {
  return [
    { key: 'all', label: 'All', to: href(undefined), current: selected === undefined, onSelect: onAll },
    ...categories.map((c) => ({ key: String(c.categoryId), label: c.name, to: href(c.categoryId), current: selected === c.categoryId })),
  ];
}
