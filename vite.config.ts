import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bundle as bundleCss } from 'lightningcss';
import { build as viteBuild, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chakraGlobalStyleTags, type GlobalStyleTag } from './src/app/chakra-global-css.js';
import { pageSystem, shopSystem } from './src/app/theme.js';
import { openingShellFile } from './src/app/opening-shell.js';
import { OPENING_RENDERER, OPENING_SHELL_FILE } from './contract/opening-shell.rules.js';
import { LATER_STYLES_ATTRIBUTE } from './src/lib/later-styles.js';

/**
 * Writes a .br and a .gz copy beside every script and style sheet of the build; the server
 * sends them to browsers that accept them (docs/performance.md), so a phone downloads a
 * quarter of the bytes without the server compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'shoal-precompress',
    apply: 'build',
    // After writing: the files on disk are final (import preloads and hashes filled in).
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * Puts Chakra's global CSS (layer order, reset, global styles, token variables) in the page's
 * head, computed once here instead of by emotion in every visitor's browser at the first render.
 */
function chakraGlobalStyles(): Plugin {
  let styles: GlobalStyleTag[] | null = null;
  return {
    name: 'shoal-chakra-global-css',
    transformIndexHtml() {
      styles ??= chakraGlobalStyleTags(shopSystem(), pageSystem());
      return styles.map(({ attrs, css }) => ({ tag: 'style', attrs, children: css, injectTo: 'head-prepend' as const }));
    },
  };
}

/**
 * Writes the home page's first paint (src/app/opening-shell.tsx) beside index.html; the server
 * puts it in the page for a visit that opens on '/' (server/spa/opening-page.ts).
 */
function openingShell(): Plugin {
  return {
    name: 'shoal-opening-shell',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: OPENING_SHELL_FILE, source: `${JSON.stringify(openingShellFile())}\n` });
    },
  };
}

/** The app's value of `__APP_VERSION__`, and the one module swap every bundle of it makes. */
const define = { __APP_VERSION__: JSON.stringify('1.3') };
// React 19 has useSyncExternalStore built in: @xstate/react's selector hook needs no shim for older Reacts.
const alias = [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }];

/**
 * Bundles the first paints of the product list and of a product's page (src/app/opening-pages.ts)
 * for the server, after the browser's build and beside its manifest (OPENING_RENDERER): one file
 * with React's server renderer in it, so the server runs it wherever the build was written. Its
 * CSS modules get the same class names as in the browser's build: both name a class from its
 * file's content.
 */
function openingPagesRenderer(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shoal-opening-pages-renderer',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await viteBuild({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'warn',
        plugins: [react()],
        // React's production build, whatever the server's environment says.
        define: { ...define, 'process.env.NODE_ENV': JSON.stringify('production') },
        resolve: { alias },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'src/app/opening-pages.ts',
          outDir: path.join(outDir, path.dirname(OPENING_RENDERER)),
          emptyOutDir: true,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: path.basename(OPENING_RENDERER) } },
        },
      });
    },
  };
}

/**
 * Puts the first page's own style sheet (the CSS modules of the layout, header and cards, under
 * 2 KB compressed) in the page's head instead of linking it: a linked style sheet blocks the
 * first paint for one more round trip, which on a phone's mobile data is the longest wait.
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'shoal-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (link, fileName: string) => {
          const asset = context.bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/** Styles no first paint needs: the footer, the "Notify me" button, the notifications, home's sections (src/later-styles.css). */
const LATER_STYLES = 'src/later-styles.css';

/**
 * Preloads the styles no first paint needs (src/later-styles.css) in the page's head, in a style
 * sheet of their own that the app applies just before its first render (src/lib/later-styles.ts): the first paint
 * waits neither for them nor for the bytes they would add to the HTML (on a phone's first round
 * trip there is none to spare), and what the app draws once the page is shown brings no styles of
 * its own, which would make the browser restyle the whole page. Asked for at low priority: a
 * preloaded style sheet is otherwise asked for as one the first paint waits for, ahead of it.
 */
function laterStyles(): Plugin {
  let href = `/${LATER_STYLES}`;
  return {
    name: 'shoal-later-styles',
    buildStart() {
      if (this.meta.watchMode) return;
      const { code } = bundleCss({ filename: path.resolve(import.meta.dirname, LATER_STYLES), minify: true });
      const hash = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/later-styles-${hash}.css`;
      this.emitFile({ type: 'asset', fileName, source: code });
      href = `/${fileName}`;
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preload', as: 'style', href, fetchpriority: 'low', [LATER_STYLES_ATTRIBUTE]: '' }, injectTo: 'head' },
    ],
  };
}

/**
 * Names the build: an id derived from the hashed names of its scripts and style sheets, written
 * into index.html (meta shoal-build) and into version.json. A tab whose page code cannot be
 * downloaded compares the two to tell whether a newer build was deployed since it opened
 * (machines/page-code.machine.ts, docs/decisions/010-redeploys-and-old-page-files.md).
 */
function buildId(): Plugin {
  let id: string | null = null;
  return {
    name: 'shoal-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
          .filter((file) => !file.endsWith('.html'))
          .sort();
        id = crypto.createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
        return [{ tag: 'meta', attrs: { name: 'shoal-build', content: id }, injectTo: 'head' }];
      },
    },
    writeBundle(options) {
      if (id === null) return;
      fs.writeFileSync(path.join(options.dir ?? 'dist', 'version.json'), `${JSON.stringify({ build: id })}\n`);
    },
  };
}

const apiTarget = process.env.SHOAL_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), chakraGlobalStyles(), openingShell(), laterStyles(), inlineEntryStyles(), buildId(), precompress(), openingPagesRenderer()],
  define,
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/sandbox': apiTarget,
      '/uploads': apiTarget,
      '/images': apiTarget,
      '/catalogueHub': { target: apiTarget, ws: true },
    },
  },
  resolve: { alias },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server names a page's code in the HTML of that page (server/spa/opening-page.ts).
    manifest: true,
    // Every browser the shop supports preloads modules itself.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Every module the first page needs in one script: the first load's scripts were ten files
        // gzipped apart, which compressed ~3.5 KB worse than one and cost a request each.
        codeSplitting: {
          groups: [{ name: 'first-load', tags: ['$initial'], priority: 1 }],
        },
      },
      treeshake: { manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'defineTokens', 'defineSemanticTokens', 'createAnatomy'] },
    },
  },
});
