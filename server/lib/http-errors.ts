/** An error whose message is safe to show the caller, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A stable name for the case, sent as the envelope's Code, for clients that act on it. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue.'): HttpError => new HttpError(401, message);
export const forbidden = (message = 'You may not access this record.'): HttpError => new HttpError(403, message);
export const notFound = (message = 'Not Found'): HttpError => new HttpError(404, message);
export const conflict = (message: string, code?: string): HttpError => new HttpError(409, message, code);
export const tooManyRequests = (message: string): HttpError => new HttpError(429, message);
