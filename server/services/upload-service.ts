import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/clock.js';
import { RetryLaterError } from '../lib/http-errors.js';
import {
  deleteUploadIfUnreferenced,
  findUploadMime,
  insertUpload,
  isUploadOf,
  unreferencedUploadsBefore,
  uploadUsageSince,
} from '../repositories/upload-repository.js';

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

/** What one customer may upload in a rolling day: enough for any return, too little to fill a disk. */
export const UPLOAD_QUOTA = { files: 20, bytes: 20 * 1024 * 1024, windowMs: 24 * 3600_000 } as const;

/** How long an upload no return request names is kept: time enough to finish the return form. */
export const UNREFERENCED_UPLOAD_GRACE_MS = 24 * 3600_000;

export function uploadQuotaMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have uploaded as many photos as one day allows (${UPLOAD_QUOTA.files} photos, ${UPLOAD_QUOTA.bytes / (1024 * 1024)} MB). Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

type Trx = Transaction<Database>;

/**
 * Refuses (429) an upload of `size` bytes that would take the customer past UPLOAD_QUOTA within
 * the window ending `now`, telling them when the oldest counted upload leaves the window. Runs in
 * the storing transaction, after the caller's lock on the customer, so parallel uploads cannot
 * all slip under the quota.
 */
export async function assertUploadQuota(trx: Trx, customerId: number, size: number, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - UPLOAD_QUOTA.windowMs).toISOString();
  const used = await uploadUsageSince(trx, customerId, since);
  if (used.files + 1 <= UPLOAD_QUOTA.files && used.bytes + size <= UPLOAD_QUOTA.bytes) return;
  const freesAt = used.oldest ? Date.parse(used.oldest) + UPLOAD_QUOTA.windowMs : now.getTime() + UPLOAD_QUOTA.windowMs;
  const retryAfter = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw new RetryLaterError(uploadQuotaMessage(retryAfter), retryAfter);
}

/**
 * Writes the image under <dataDir>/uploads with a random name and records who uploaded it.
 * `admit` runs in the recording transaction first (the quota); if it or the record fails, the
 * file is removed again.
 */
export async function storeUpload(
  db: Kysely<Database>,
  dataDir: string,
  customerId: number,
  bytes: Buffer,
  type: ImageType,
  admit?: (trx: Trx) => Promise<void>,
): Promise<StoredUpload> {
  const fileName = `${crypto.randomBytes(16).toString('hex')}.${type.ext}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, fileName);
  await fs.writeFile(file, bytes, { flag: 'wx' });
  try {
    await db.transaction().execute(async (trx) => {
      await admit?.(trx);
      await insertUpload(trx, { customer_id: customerId, file_name: fileName, mime: type.mime, size: bytes.length, created_at: nowIso() });
    });
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { Url: `${UPLOAD_URL_PREFIX}${fileName}`, FileName: fileName };
}

/**
 * Removes uploads older than the grace period that no order's return names (the photo of an
 * abandoned return form, or one uploaded only to fill a disk): the record, then the file. The
 * delete repeats the condition, so a return that names the photo meanwhile keeps it, and two
 * instances sweeping at once remove each one once. Answers the names removed.
 */
export async function removeUnreferencedUploads(db: Kysely<Database>, dataDir: string, now = new Date(), batch = 500): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UNREFERENCED_UPLOAD_GRACE_MS).toISOString();
  const stale = await unreferencedUploadsBefore(db, cutoff, UPLOAD_URL_PREFIX, batch);
  const removed: string[] = [];
  for (const upload of stale) {
    if (!(await deleteUploadIfUnreferenced(db, upload.id, UPLOAD_URL_PREFIX))) continue;
    if (UPLOAD_NAME.test(upload.file_name)) await fs.rm(path.join(uploadsDir(dataDir), upload.file_name), { force: true });
    removed.push(upload.file_name);
  }
  return removed;
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
  return isUploadOf(db, customerId, name);
}

/** The bytes and type of a stored upload, or null. */
export async function readUpload(db: Kysely<Database>, dataDir: string, name: string): Promise<{ bytes: Buffer; mime: string } | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const mime = await findUploadMime(db, name);
  if (mime === undefined) return null;
  try {
    return { bytes: await fs.readFile(path.join(uploadsDir(dataDir), name)), mime };
  } catch {
    return null;
  }
}
