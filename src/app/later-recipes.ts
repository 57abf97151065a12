/**
 * Chakra recipes the first page never uses, by Chakra's recipe key: those the components of
 * src/components/chakra-with-recipes.tsx carry, and the recipes theirs are built from (checkmark,
 * radiomark, select). The build puts their modules in a chunk of their own, loaded with the pages
 * and dialogs that use them (vite.config.ts); tests/unit/theme-recipes.test.ts keeps this list,
 * those components and the theme in agreement.
 */
export const LATER_RECIPES = [
  'accordion',
  'alert',
  'checkbox',
  'checkmark',
  'dataList',
  'dialog',
  'field',
  'nativeSelect',
  'radioGroup',
  'radiomark',
  'select',
  'separator',
  'stat',
  'table',
  'textarea',
] as const;

/** The file Chakra keeps a recipe in: dataList → data-list.js. */
export function recipeFileName(key: string): string {
  return `${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.js`;
}
