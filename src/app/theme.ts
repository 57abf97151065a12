import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes the shop uses: brand (below), gray for text and borders, red for offers and
 * errors, and the order-status badges' green, orange, purple and blue. Chakra turns every token
 * into a CSS variable when the app starts, which on a phone is a long task before the first paint;
 * the palettes nobody uses (yellow, teal, cyan, pink) are left out.
 * tests/unit/theme-recipes.test.ts fails if a colorPalette the app names is missing.
 */
export const SHOP_PALETTES = ['gray', 'red', 'orange', 'green', 'blue', 'purple'] as const;

const UNUSED_PALETTES = new Set(['yellow', 'teal', 'cyan', 'pink']);

function withoutUnusedPalettes<T extends Record<string, unknown>>(group: T): T {
  return Object.fromEntries(Object.entries(group).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * A semantic token's light value only: the shop has no dark mode (nothing sets Chakra's `dark`
 * class), so the dark values would only be more CSS variables to build at start.
 */
function lightOnly(group: unknown): unknown {
  if (group === null || typeof group !== 'object') return group;
  const record = group as Record<string, unknown>;
  const value = record.value;
  if (value !== null && typeof value === 'object' && '_light' in value) {
    return { ...record, value: (value as { _light: unknown })._light };
  }
  return Object.fromEntries(Object.entries(record).map(([key, child]) => [key, lightOnly(child)]));
}

const shopTokens = { ...tokens, colors: withoutUnusedPalettes(tokens.colors) };
const shopSemanticTokens = lightOnly({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }) as typeof semanticTokens;

/**
 * Chakra's default theme with only the recipes of the components the first page may render: the
 * full set is a fifth of the first-load JavaScript (docs/performance.md). Components that only
 * later pages and dialogs show carry their own recipe (src/components/chakra-with-recipes.tsx).
 * A component whose recipe is in neither renders unstyled; tests/unit/theme-recipes.test.ts
 * names any such component.
 */
const shopThemeBase = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: shopTokens,
    semanticTokens: shopSemanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      card: cardSlotRecipe,
      emptyState: emptyStateSlotRecipe,
    },
  },
});

/**
 * Shoal's look: a deep sea blue (the company's theme colour #1565C0) on white, with text
 * colours chosen for at least 4.5:1 contrast so the shop reads well in daylight on a phone.
 */
const config = defineConfig({
  globalCss: {
    ':root': { '--toastify-toast-bd-radius': '10px' },
    body: { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#E8F1FC' },
          100: { value: '#C9DDF7' },
          200: { value: '#9DC0EF' },
          300: { value: '#6A9FE4' },
          400: { value: '#3F82D8' },
          500: { value: '#1E6FD0' },
          600: { value: '#1869C6' },
          700: { value: '#1565C0' },
          800: { value: '#0F4C94' },
          900: { value: '#0B3A72' },
          950: { value: '#07264B' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.800}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        price: {
          offer: { value: '#B3261E' },
        },
      },
    },
  },
});

let merged: ReturnType<typeof mergeConfigs> | undefined;

/** The whole config, merged on first use: merging clones every token and recipe, work for the system's own task rather than for the main script's evaluation. */
function fullConfig(): ReturnType<typeof mergeConfigs> {
  merged ??= mergeConfigs(defaultBaseConfig, shopThemeBase, config);
  return merged;
}

let created: SystemContext | undefined;

/** The shop's Chakra system with everything it styles globally (the build turns that into CSS, chakra-global-css.ts). */
export function shopSystem(): SystemContext {
  created ??= createSystem(fullConfig());
  return created;
}

let inPage: SystemContext | undefined;

/**
 * The system the browser builds, on first call (when the code of the first page or dialog that uses
 * Chakra arrives, src/app/chakra-scope.tsx, in the task that evaluates it):
 * the page already carries the reset, the global styles and the keyframes (vite.config.ts), so
 * it leaves them out, a third less work.
 */
export function pageSystem(): SystemContext {
  if (!inPage) {
    const full = fullConfig();
    inPage = createSystem({ ...full, preflight: false, globalCss: {}, theme: { ...full.theme, keyframes: {} } });
  }
  return inPage;
}
