import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ProductPhoto } from '../../contract/catalogue.schemas.js';
import { PHOTO_PATH, type PhotoSet } from '../services/product-photos.js';

/** Product photographs in the database: the photo of each product and its made files (server/services/product-photos.ts makes them). */

type Db = Kysely<Database> | Transaction<Database>;

/** Puts a product's photo in place of the one it had (its old files go). */
export async function saveProductPhoto(db: Kysely<Database>, productId: number, set: PhotoSet, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_photo_files').where('product_id', '=', productId).execute();
    for (const file of set.files) {
      await trx
        .insertInto('product_photo_files')
        .values({ name: file.name, product_id: productId, content_type: file.contentType, bytes: file.bytes })
        .execute();
    }
    await trx.deleteFrom('product_photos').where('product_id', '=', productId).execute();
    await trx
      .insertInto('product_photos')
      .values({ product_id: productId, photo_key: set.key, widths: set.widths.join(','), updated_at: at })
      .execute();
  });
}

/** Takes a product's photo away: the drawing shows again. Answers whether it had one. */
export async function removeProductPhoto(db: Kysely<Database>, productId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_photo_files').where('product_id', '=', productId).execute();
    const removed = await trx.deleteFrom('product_photos').where('product_id', '=', productId).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
}

/** The photos of these products, as the catalogue answers them. */
export async function photosOf(db: Db, productIds: number[]): Promise<Map<number, ProductPhoto>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom('product_photos').select(['product_id', 'photo_key', 'widths']).where('product_id', 'in', productIds).execute();
  return new Map(rows.map((r) => [r.product_id, photoOf(r.photo_key, r.widths.split(',').map(Number))]));
}

export function photoOf(key: string, widths: number[]): ProductPhoto {
  const set = (format: 'avif' | 'webp') => widths.map((w) => `${PHOTO_PATH}${key}-${w}.${format} ${w}w`).join(', ');
  const middle = widths.includes(640) ? 640 : (widths.at(-1) ?? 320);
  return { avif: set('avif'), webp: set('webp'), src: `${PHOTO_PATH}${key}-${middle}.webp` };
}

/** One made file by its name, or undefined. */
export async function findPhotoFile(db: Db, name: string): Promise<{ content_type: string; bytes: Buffer } | undefined> {
  return db.selectFrom('product_photo_files').select(['content_type', 'bytes']).where('name', '=', name).executeTakeFirst();
}
