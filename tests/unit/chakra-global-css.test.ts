import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { chakraGlobalStyleTags } from '../../src/app/chakra-global-css';
import { pageSystem, shopSystem } from '../../src/app/theme';

/** Every CSS variable a style object gives a value, at any depth (conditions and layers nest them); emotion drops empty ones. */
function declaredVariables(styles: unknown, into: string[] = []): string[] {
  if (styles && typeof styles === 'object') {
    for (const [key, value] of Object.entries(styles)) {
      if (key.startsWith('--')) {
        if (String(value).trim() !== '') into.push(key);
      } else declaredVariables(value, into);
    }
  }
  return into;
}

describe('the global CSS the build puts in the page', () => {
  const system = shopSystem();
  const tags = chakraGlobalStyleTags(system, pageSystem());
  const css = tags.map((tag) => tag.css).join('');

  it('declares the cascade layers first, in the order Chakra wraps styles in', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    expect(tags.every((tag) => 'data-chakra-global' in tag.attrs)).toBe(true);
  });

  it('declares every token variable Chakra declares for the theme', () => {
    const names = declaredVariables(system.getTokenCss());
    expect(names.length).toBeGreaterThan(400);
    expect(names.filter((name) => !css.includes(`${name}:`))).toEqual([]);
    expect(css).toContain('--chakra-colors-brand-700:#1565C0');
  });

  it('carries the reset and the global styles', () => {
    expect(css).toContain('@layer reset{');
    expect(css).toMatch(/\*,\*::before,\*::after,\*::backdrop\{box-sizing:border-box;/);
    expect(css).toContain('@layer base{');
  });

  it('leaves the provider nothing global to compute, while components still style inside the layers', () => {
    // Emotion in the browser adopts a shipped element named as it would name its own; one it does not find, it builds and inserts.
    const provided = [...renderToStaticMarkup(createElement(ChakraProvider, { value: pageSystem(), children: null })).matchAll(/data-emotion="([^"]+)"/g)].map(
      (match) => match[1],
    );
    const shipped = tags.map((tag) => tag.attrs['data-emotion']).filter((name) => name !== undefined);
    expect(provided).toHaveLength(2);
    expect(shipped).toEqual(provided);
    expect(tags.find((tag) => tag.attrs['data-emotion'] === provided[1])?.css).toContain('--chakra-colors-brand-700:#1565C0');
    // A provider removes what it adopted when it unmounts; the first page's own styles read the variables from a copy no provider adopts.
    const kept = tags.filter((tag) => tag.attrs['data-emotion'] === undefined);
    expect(kept.map((tag) => tag.css)).toContain(tags.find((tag) => tag.attrs['data-emotion'] === provided[1])?.css);
    expect(pageSystem().layers.wrap('recipes', { color: 'red' })).toEqual({ '@layer recipes': { color: 'red' } });
  });

  it('gives the browser a system that styles components exactly as the full one', () => {
    const styles = {
      color: 'brand.solid',
      bg: 'bg.subtle',
      px: '4',
      rounded: 'md',
      animation: 'spin',
      _hover: { bg: 'brand.emphasized' },
      md: { fontSize: 'lg' },
    };
    const page = pageSystem();
    expect(page.css(styles)).toEqual(system.css(styles));
    expect(page.getRecipe('button')).toEqual(system.getRecipe('button'));
    expect(page.getTokenCss()).toEqual(system.getTokenCss());
    expect(page.token('colors.brand.700')).toBe('#1565C0');
  });
});
