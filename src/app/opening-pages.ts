/**
 * The pages the server paints into their HTML before the app's code has run, as the build
 * bundles them for the server (vite.config.ts, OPENING_RENDERER): the product list (decision 029)
 * and a product's page (decision 033).
 */
export { renderOpeningList } from './opening-list';
export { renderOpeningDetail } from './opening-detail-paint';
