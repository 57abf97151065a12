import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSystem } from '@chakra-ui/react';
import { SHOP_PALETTES, pageSystem } from '../../src/app/theme';
import { statusPalette } from '../../src/pages/account/order-display';
import { LATER_RECIPES } from '../../src/app/later-recipes';

const system = pageSystem();

const root = path.resolve(import.meta.dirname, '..', '..');
const components = path.join(root, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm', 'components');

/** The module whose components carry their own recipe (src/components/chakra-with-recipes.tsx). */
const WITH_RECIPES = path.join('components', 'chakra-with-recipes.tsx');

/** Every name the app imports from '@chakra-ui/react', outside the module that binds recipes to components. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || entry === WITH_RECIPES) continue;
    const text = fs.readFileSync(path.join(root, 'src', entry), 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && /^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

/** The recipe keys ('button', 'dialog'...) a Chakra component folder styles itself with. */
function recipeKeysOf(name: string): { folder: string; keys: string[] } | null {
  for (const folder of fs.readdirSync(components)) {
    const index = path.join(components, folder, 'index.js');
    if (!fs.existsSync(index)) continue;
    if (!new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\}`).test(fs.readFileSync(index, 'utf8'))) continue;
    const keys = new Set<string>();
    for (const file of fs.readdirSync(path.join(components, folder))) {
      for (const m of fs.readFileSync(path.join(components, folder, file), 'utf8').matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(m[1] as string);
    }
    return { folder, keys: [...keys] };
  }
  return null;
}

describe('the shop theme', () => {
  it('holds the recipe of every Chakra component the app renders', () => {
    const missing: string[] = [];
    for (const name of importedNames()) {
      const found = recipeKeysOf(name);
      for (const key of found?.keys ?? []) {
        // Keys Chakra's own default theme has no recipe for (e.g. text) are styled without one.
        const chakraHasOne = defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key);
        if (chakraHasOne && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name} (${key})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives each component that carries its own recipe the recipe Chakra styles it with, one the build loads later', () => {
    const text = fs.readFileSync(path.join(root, 'src', WITH_RECIPES), 'utf8');
    const bound = [...text.matchAll(/export const (\w+) = \/\* @__PURE__ \*\/ with(Slot)?Recipe\(Chakra(\w+), (\w+)\);/g)];
    expect(bound.length).toBeGreaterThan(0);
    const later = new Set<string>(LATER_RECIPES);
    const wrong: string[] = [];
    for (const [, exported, slot, component, recipe] of bound) {
      const keys = recipeKeysOf(component ?? '')?.keys ?? [];
      const expected = keys.map((key) => `${key}${slot ? 'SlotRecipe' : 'Recipe'}`);
      if (exported !== component || !expected.includes(recipe ?? '')) wrong.push(`${exported}: ${recipe}, expected one of ${expected.join(', ')}`);
      for (const key of keys) if (!later.has(key)) wrong.push(`${exported}: ${key} is not in LATER_RECIPES`);
    }
    // The theme the first page builds holds none of them.
    for (const key of LATER_RECIPES) if (system.isRecipe(key) || system.isSlotRecipe(key)) wrong.push(`the theme holds ${key}`);
    expect(wrong).toEqual([]);
  });

  it('leaves out recipes of components the app does not use, or that only later pages show', () => {
    expect(system.isSlotRecipe('card')).toBe(true);
    expect(system.isSlotRecipe('dialog')).toBe(false);
    expect(system.isSlotRecipe('table')).toBe(false);
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('menu')).toBe(false);
  });

  it('holds every colour palette the app names, light values only', () => {
    const named = new Set<string>(['gray']);
    for (const entry of fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry)) continue;
      const text = fs.readFileSync(path.join(root, 'src', entry), 'utf8');
      for (const m of text.matchAll(/colorPalette[=:]\s*["']([a-zA-Z]+)["']/g)) named.add(m[1] as string);
      for (const m of text.matchAll(/["'](gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)\.\d{2,3}["']/g)) named.add(m[1] as string);
    }
    for (const code of ['DELIVERED', 'CANCELLED', 'AWAITING_PAYMENT', 'RETURN_REQUESTED', 'RETURNED', 'REFUNDED', 'PLACED']) named.add(statusPalette(code));
    const missing = [...named].filter((palette) => !system.tokens.getByName(`colors.${palette}.solid`) || !system.tokens.getByName(`colors.${palette}.500`));
    expect(missing).toEqual([]);
    for (const palette of SHOP_PALETTES) expect(named.has(palette) || palette === 'gray').toBe(true);
    expect(system.tokens.getByName('colors.yellow.500')).toBeUndefined();
    // Semantic tokens resolve to the light values of Chakra's default theme.
    for (const name of [
      'colors.bg',
      'colors.bg.panel',
      'colors.fg',
      'colors.fg.muted',
      'colors.fg.error',
      'colors.border',
      'colors.red.subtle',
      'colors.red.fg',
      'colors.gray.solid',
      'colors.gray.contrast',
      'shadows.md',
    ]) {
      expect(system.tokens.getByName(name)?.value, name).toBe(defaultSystem.tokens.getByName(name)?.value);
    }
  });
});
