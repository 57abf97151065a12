import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { OPENING_RENDERER, type OpeningDetailInput, type OpeningListInput, type OpeningShop } from '../../contract/opening-shell.rules.js';

/** The first paints the build bundled for the server (src/app/opening-pages.ts); a page whose renderer is missing is null. */
export interface OpeningRenderers {
  list: ((input: OpeningListInput) => string) | null;
  detail: ((input: OpeningDetailInput) => string) | null;
}

const NONE: OpeningRenderers = { list: null, detail: null };

const asRenderer = <T>(value: unknown): ((input: T) => string) | null => (typeof value === 'function' ? (value as (input: T) => string) : null);

/**
 * The build's renderers, loaded from `clientDir` once: none for a build without the file, or one
 * that cannot be loaded (logged as a warning; pages are then sent without their paint).
 */
export function openingRenderers(app: FastifyInstance, clientDir: string): () => Promise<OpeningRenderers> {
  let loaded: Promise<OpeningRenderers> | null = null;
  return () => {
    const file = path.join(clientDir, OPENING_RENDERER);
    loaded ??= !fs.existsSync(file)
      ? Promise.resolve(NONE)
      : import(pathToFileURL(file).href).then(
          (module: { renderOpeningList?: unknown; renderOpeningDetail?: unknown }) => ({
            list: asRenderer<OpeningListInput>(module.renderOpeningList),
            detail: asRenderer<OpeningDetailInput>(module.renderOpeningDetail),
          }),
          (error: unknown) => {
            app.log.warn({ err: error }, 'the pages’ first paints could not be loaded; pages are sent without them');
            return NONE;
          },
        );
    return loaded;
  };
}

/** A page's first paint, or nothing when its renderer fails on this page (the page is then sent without it). */
export function paintOrNothing<T>(app: FastifyInstance, page: string, render: (input: T) => string, input: T): string {
  try {
    return render(input);
  } catch (error) {
    app.log.warn({ err: error }, `the ${page}’s first paint failed; it is sent without it`);
    return '';
  }
}

/** The shop as a painted page shows it, from its company's name and details as the API answers them. */
export function openingShop(company: { name: string; details: { Logo?: string | null; CurrencySymbol?: string; DecimalValue?: number } | null }): OpeningShop {
  return {
    name: company.name,
    logo: company.details?.Logo ?? '',
    currencySymbol: company.details?.CurrencySymbol ?? '₹',
    decimals: company.details?.DecimalValue ?? 2,
  };
}
