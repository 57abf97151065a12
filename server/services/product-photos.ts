/**
 * Product photographs: a picture the shop uploads is checked, cropped square around what
 * matters in it, and made in three widths in AVIF and WebP (metadata such as the camera's GPS
 * position stripped), then kept in the database beside the product. Lists and pages offer the
 * files with `srcset`, so a phone downloads the width its screen needs in the best format it
 * reads; a product without a photo keeps its drawing.
 */
import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';

/** The widths a photo is made in (CSS pixels times the phone's density: cards about 180 px, the product page about 390 px). */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
/** A picture narrower or shorter than this is too small to look sharp on a phone. */
export const MIN_PHOTO_SIDE = 320;
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** Where the made files are served. */
export const PHOTO_PATH = '/photos/';

export class PhotoError extends Error {}

export interface PhotoFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface PhotoSet {
  key: string;
  widths: number[];
  files: PhotoFile[];
}

/** Checks and makes the files of one uploaded picture (JPEG, PNG, WebP, AVIF, HEIF or TIFF). */
export async function makePhotoSet(input: Buffer): Promise<PhotoSet> {
  if (input.length === 0) throw new PhotoError('The picture is empty.');
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoError(`The picture is larger than ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: 80_000_000 }).metadata();
  } catch {
    throw new PhotoError('This is not a picture the shop can read (use JPEG, PNG, WebP, AVIF or HEIC).');
  }
  if (!meta.format || !['jpeg', 'png', 'webp', 'avif', 'heif', 'tiff'].includes(meta.format))
    throw new PhotoError(`Pictures in ${meta.format ?? 'this'} format are not taken (use JPEG, PNG, WebP, AVIF or HEIC).`);
  // The orientation a phone camera records decides which side is the width.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (Math.min(width, height) < MIN_PHOTO_SIDE)
    throw new PhotoError(`The picture is ${width}×${height} pixels; it needs at least ${MIN_PHOTO_SIDE} on each side.`);
  const side = Math.min(width, height);
  const widths = PHOTO_WIDTHS.filter((w) => w <= side);
  const key = crypto.createHash('sha256').update(input).digest('hex').slice(0, 16);
  const files: PhotoFile[] = [];
  for (const w of widths) {
    const square = sharp(input, { limitInputPixels: 80_000_000 }).rotate().resize(w, w, { fit: 'cover', position: sharp.strategy.attention });
    const [avif, webp] = await Promise.all([square.clone().avif({ quality: 55, effort: 4 }).toBuffer(), square.clone().webp({ quality: 78 }).toBuffer()]);
    files.push({ name: `${key}-${w}.avif`, contentType: 'image/avif', bytes: avif }, { name: `${key}-${w}.webp`, contentType: 'image/webp', bytes: webp });
  }
  return { key, widths, files };
}
