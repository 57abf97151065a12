import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import type { SystemContext } from '@chakra-ui/react';

/**
 * The CSS that Chakra's provider would have emotion compute in the browser on every visit: the
 * cascade layers' order, the preflight reset, the global styles and a CSS variable for every
 * token. None of it depends on the visit, so the build computes it once with emotion itself and
 * puts it in the page (vite.config.ts), and the app renders with `withoutGlobalCss(system)`.
 */
export function chakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'chakra-global' });
  const parts: string[] = [];
  const blocks = system._config.disableLayers ? [system._global] : [system.layers.atRule, system._global];
  for (const styles of blocks) {
    const serialized = serializeStyles([styles as never], undefined, {});
    const rules = cache.insert('', serialized, cache.sheet, false);
    parts.push(typeof rules === 'string' ? rules : '');
  }
  return parts.join('');
}

/** The system as the provider sees it when the page already carries its global CSS. */
export function withoutGlobalCss(system: SystemContext): SystemContext {
  return { ...system, _global: [], _config: { ...system._config, disableLayers: true } };
}
