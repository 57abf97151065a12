import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/clock.js';

/** Largest photo a customer may upload (a phone photo resized by the browser fits easily). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

/**
 * The image type from the file's first bytes. The browser's declared type and the file name
 * are ignored: a renamed document must not be stored and served back as a picture.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Stored names are random hex with the detected extension; nothing else is ever served. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
export const UPLOAD_URL_PREFIX = '/uploads/';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export interface StoredUpload {
  Url: string;
  FileName: string;
}

/** Writes the image under <dataDir>/uploads with a random name and records who uploaded it. */
export async function storeUpload(db: Kysely<Database>, dataDir: string, customerId: number, bytes: Buffer, type: ImageType): Promise<StoredUpload> {
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, fileName), bytes, { flag: 'wx' });
  await db.insertInto('uploads').values({ customer_id: customerId, file_name: fileName, mime: type.mime, size: bytes.length, created_at: nowIso() }).execute();
  return { Url: `${UPLOAD_URL_PREFIX}${fileName}`, FileName: fileName };
}

/** The stored file name behind an upload URL or name given by a client, or null if it is not one of ours. */
export function uploadNameOf(reference: string): string | null {
  const trimmed = reference.trim();
  const name = trimmed.startsWith(UPLOAD_URL_PREFIX) ? trimmed.slice(UPLOAD_URL_PREFIX.length) : trimmed;
  return UPLOAD_NAME.test(name) ? name : null;
}

/** True when the reference names an upload made by this customer. */
export async function isOwnUpload(db: Kysely<Database>, customerId: number, reference: string): Promise<boolean> {
  const name = uploadNameOf(reference);
  if (!name) return false;
  const row = await db.selectFrom('uploads').select('id').where('file_name', '=', name).where('customer_id', '=', customerId).executeTakeFirst();
  return row !== undefined;
}

/** The bytes and type of a stored upload, or null. */
export async function readUpload(db: Kysely<Database>, dataDir: string, name: string): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const row = await db.selectFrom('uploads').select('mime').where('file_name', '=', name).executeTakeFirst();
  if (!row) return null;
  try {
    return { bytes: await fs.readFile(path.join(uploadsDir(dataDir), name)), mime: row.mime };
  } catch {
    return null;
  }
}
