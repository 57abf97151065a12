import { ApiError, getData, http } from '../lib/http';
import type { UploadedImage } from '../../contract/upload.schemas';

/**
 * POST Product/images (multipart, bearer token). Section 8: a non-OK answer is logged and the
 * call returns null; the caller tells the customer. A network failure is thrown as usual.
 */
export async function uploadImage(file: File): Promise<UploadedImage | null> {
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    return await getData<UploadedImage>(http.post('Product/images', { body }));
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      console.error(`Image upload failed (${error.status}): ${error.message}`);
      return null;
    }
    throw error;
  }
}
