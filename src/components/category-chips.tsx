import { Link as RouterLink } from 'react-router';
import type { Category } from '../../contract/catalogue.schemas';
import { ScrollRow } from './scroll-row';
import styles from './product-list.module.css';

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
    <div className={styles.chips}>
      <ScrollRow label={label} noun="categories" fade="bg" buttonProps={{ colorPalette: 'brand', variant: 'solid' }} activeKey={`${current}:${chips.length}`}>
        <ul className={styles.chipList}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <RouterLink
                className={`ui-button ui-button-sm ${styles.chip} ${chip.current ? 'ui-button-solid' : `ui-button-outline ${styles.chipOther}`}`}
                to={chip.to}
                aria-current={chip.current ? 'page' : undefined}
                onClick={chip.onSelect}
              >
                {chip.label}
              </RouterLink>
            </li>
          ))}
        </ul>
      </ScrollRow>
    </div>
  );
}

/** Chips for 'All' plus each category, linking to `base` with categoryId (and keeping other params). */
export function categoryChips(categories: Category[], selected: number | undefined, href: (categoryId?: number) => string, onAll?: () => void): Chip[] {
  return [
    { key: 'all', label: 'All', to: href(undefined), current: selected === undefined, onSelect: onAll },
    ...categories.map((c) => ({ key: String(c.categoryId), label: c.name, to: href(c.categoryId), current: selected === c.categoryId })),
  ];
}
