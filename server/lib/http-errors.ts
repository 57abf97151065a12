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

/** A 429 that also tells the caller when to come back (Retry-After, which the error handler sets). */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
