/** The answer of an image upload (a return's photo). */
export interface UploadedImage {
  Url: string;
  FileName: string;
}
