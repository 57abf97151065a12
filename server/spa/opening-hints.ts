import type { FastifyInstance } from 'fastify';
import { imageUrl } from '../../contract/image-url.rules.js';
import type { Category } from '../../contract/catalogue.schemas.js';
import { escapeHtml } from '../../contract/opening-shell.rules.js';

/**
 * Parts of the HTML of the page a visit opens on that server/spa/opening-page.ts and
 * server/spa/opening-list-paint.ts both write: data sent as JSON, a picture asked for from the
 * head, and the company's categories.
 */

/** A value sent with the HTML as JSON, in a script element of this id that no text in it can end. */
export function sentScript(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** A product's picture as the API answers it: its photo (AVIF at several widths) or its drawing. */
export interface SentPicture {
  image?: string | null;
  photo?: { avif: string };
}

/** A product's picture asked for from the head: its photo (AVIF, the widths `sizes` picks from) or its drawing. */
export function picturePreload(product: SentPicture, sizes: string): string {
  return product.photo
    ? `<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="${escapeHtml(product.photo.avif)}" imagesizes="${sizes}">`
    : `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageUrl(product.image))}">`;
}

/** A company's categories as `GET /api/categories` answers them. */
export interface CategoriesBody {
  Data?: Category[] | null;
}

/** A company's categories as the API answers them; null when it does not answer 200. */
export async function categoriesOf(app: FastifyInstance, companyId: number): Promise<CategoriesBody | null> {
  const answer = await app.inject({ method: 'GET', url: `/api/categories?companyId=${companyId}` });
  return answer.statusCode === 200 ? (JSON.parse(answer.body) as CategoriesBody) : null;
}

/** The script element that sends a company's categories (`#shoal-opening-categories`), which the header's menu and the list's chips show. */
export function categoriesScript(companyId: number, body: CategoriesBody): string {
  return sentScript('shoal-opening-categories', { companyId: String(companyId), body });
}
