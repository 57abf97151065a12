import type { ComponentProps, ComponentType } from 'react';
import {
  Accordion as ChakraAccordion,
  Alert as ChakraAlert,
  Checkbox as ChakraCheckbox,
  DataList as ChakraDataList,
  Dialog as ChakraDialog,
  Field as ChakraField,
  NativeSelect as ChakraNativeSelect,
  RadioGroup as ChakraRadioGroup,
  Separator as ChakraSeparator,
  Stat as ChakraStat,
  Table as ChakraTable,
  Textarea as ChakraTextarea,
  type RecipeDefinition,
  type SlotRecipeConfig,
} from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  checkboxSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  separatorRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra components the first page never shows, each carrying its own recipe (Chakra's `recipe`
 * prop) instead of the shop's theme holding it. The theme is built in every visitor's browser
 * before the first paint; these recipes load with the pages and dialogs that use them
 * (docs/performance.md). Import these components from here, not from '@chakra-ui/react': there
 * they would render unstyled (tests/unit/theme-recipes.test.ts names any that do).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Chakra component
type Part = ComponentType<any>;

/** A Chakra namespace (Dialog, Table...) whose Root is styled by `recipe`; its other parts take their styles from Root. */
function withSlotRecipe<N extends { Root: Part }>(namespace: N, recipe: SlotRecipeConfig): N {
  const Root = (props: ComponentProps<N['Root']>) => <namespace.Root recipe={recipe} {...props} />;
  return { ...namespace, Root };
}

/** A single-part Chakra component styled by `recipe`. */
function withRecipe<C extends Part>(Component: C, recipe: RecipeDefinition): C {
  const Styled: Part = Component;
  return ((props: ComponentProps<C>) => <Styled recipe={recipe} {...props} />) as C;
}

export const Accordion = /* @__PURE__ */ withSlotRecipe(ChakraAccordion, accordionSlotRecipe);
export const Alert = /* @__PURE__ */ withSlotRecipe(ChakraAlert, alertSlotRecipe);
export const Checkbox = /* @__PURE__ */ withSlotRecipe(ChakraCheckbox, checkboxSlotRecipe);
export const DataList = /* @__PURE__ */ withSlotRecipe(ChakraDataList, dataListSlotRecipe);
export const Dialog = /* @__PURE__ */ withSlotRecipe(ChakraDialog, dialogSlotRecipe);
export const Field = /* @__PURE__ */ withSlotRecipe(ChakraField, fieldSlotRecipe);
export const NativeSelect = /* @__PURE__ */ withSlotRecipe(ChakraNativeSelect, nativeSelectSlotRecipe);
export const RadioGroup = /* @__PURE__ */ withSlotRecipe(ChakraRadioGroup, radioGroupSlotRecipe);
export const Stat = /* @__PURE__ */ withSlotRecipe(ChakraStat, statSlotRecipe);
export const Table = /* @__PURE__ */ withSlotRecipe(ChakraTable, tableSlotRecipe);
export const Separator = /* @__PURE__ */ withRecipe(ChakraSeparator, separatorRecipe);
export const Textarea = /* @__PURE__ */ withRecipe(ChakraTextarea, textareaRecipe);
