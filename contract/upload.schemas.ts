import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schema of an image upload's answer (POST Product/images, PascalCase). The server documents
 * its answer with it; the browser imports the `Static` type only.
 */

/** A stored photo (a return's picture): where it is served and the name it is stored under. */
export const UploadedImageSchema = Type.Object({
  Url: Type.String(),
  FileName: Type.String(),
});

export type UploadedImage = Static<typeof UploadedImageSchema>;
