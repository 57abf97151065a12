/**
 * Chakra recipes the first page never uses, by Chakra's recipe key: those the components of
 * src/components/chakra-with-recipes.tsx carry, and the recipes theirs are built from (checkmark,
 * radiomark, select). The theme a page's browser builds leaves them out, and their modules load
 * with the pages and dialogs that use them; tests/unit/theme-recipes.test.ts keeps this list,
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
