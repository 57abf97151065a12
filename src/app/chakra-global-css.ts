import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { Global } from '@emotion/react';

/** A `<style>` element for the page's head: its attributes and its CSS. */
export interface GlobalStyleTag {
  attrs: Record<string, string>;
  css: string;
}

interface RenderedStyle {
  emotion: string;
  css: string;
}

/** The `<style>` elements emotion writes when it renders `element` on a server, in order. */
function renderedStyles(element: ReactElement): RenderedStyle[] {
  const markup = renderToStaticMarkup(element);
  return [...markup.matchAll(/<style data-emotion="([^"]*)"[^>]*>([\s\S]*?)<\/style>/g)].map((match) => ({
    emotion: match[1] ?? '',
    css: match[2] ?? '',
  }));
}

function onlyStyle(element: ReactElement): RenderedStyle {
  const [style, ...others] = renderedStyles(element);
  if (!style || others.length > 0) throw new Error('emotion rendered global styles as other than one <style> element');
  return style;
}

/**
 * The CSS Chakra's provider would otherwise have emotion compute in every visitor's browser at
 * the first render: the cascade layers' order, the preflight reset, the global styles and a CSS
 * variable for every token. None of it depends on the visit, so the build renders it once, on a
 * server, through Chakra's and emotion's public components (vite.config.ts puts it in the head).
 *
 * `full` is the system with the reset and the global styles, `page` the one the browser builds
 * without them (theme.ts). The reset, the global styles and the token variables go in plain
 * elements that emotion never touches. What a `<ChakraProvider>` renders (the layer order and the
 * token variables) goes, once more, in elements named as emotion names them on a server: the
 * first provider to mount in the browser finds them and adopts them instead of computing and
 * inserting its own (docs/decisions/026-chakra-off-the-first-load.md).
 */
export function chakraGlobalStyleTags(full: SystemContext, page: SystemContext): GlobalStyleTag[] {
  const fullOnly = onlyStyle(createElement(Global, { styles: [full.layers.atRule, full.getPreflightCss(), full.getGlobalCss()] }));
  const provided = renderedStyles(createElement(ChakraProvider, { value: page, children: null }));
  const [order, variables, ...others] = provided;
  const pageOwn = onlyStyle(createElement(Global, { styles: [page.getPreflightCss(), page.getGlobalCss()] }));
  if (
    !order ||
    !variables ||
    others.length > 0 ||
    order.css !== onlyStyle(createElement(Global, { styles: page.layers.atRule })).css ||
    pageOwn.css.includes('{')
  ) {
    throw new Error(`ChakraProvider renders its global styles differently from what the build expects: ${provided.map((s) => s.emotion).join(', ')}`);
  }
  // The page system's reset and base layers are empty, which emotion writes as bare `@layer reset`
  // statements that a browser would read together with the next rule; its tokens alone say the same.
  const tokens = onlyStyle(createElement(Global, { styles: page.getTokenCss() }));
  return [
    { attrs: { 'data-chakra-global': '' }, css: fullOnly.css },
    // The first page uses no Chakra component, but its own styles read the token variables: this
    // copy stays for the whole visit. A provider mounts with a page or a dialog that uses Chakra,
    // adopts the two named elements below and removes them when it unmounts (emotion's Global).
    { attrs: { 'data-chakra-global': '', 'data-chakra-tokens': '' }, css: tokens.css },
    { attrs: { 'data-chakra-global': '', 'data-emotion': order.emotion }, css: order.css },
    { attrs: { 'data-chakra-global': '', 'data-emotion': variables.emotion }, css: tokens.css },
  ];
}
