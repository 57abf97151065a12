import ky, { HTTPError, type KyInstance, type ResponsePromise } from 'ky';
import { getToken } from './session';

/** An API error with the server's message, safe to show a customer, and the server's Code for the case when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Error codes read from error bodies, kept beside ky's error until it becomes an ApiError. */
const errorCodes = new WeakMap<HTTPError, string>();

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The app root subscribes here to run the session-timeout flow on any 401. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The one HTTP client: adds the bearer token, maps 401 to the session timeout, types errors. */
export const http: KyInstance = ky.create({
  prefixUrl: '/api',
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    beforeError: [
      async (error: HTTPError) => {
        const { response } = error;
        let message = `Request failed (${response.status})`;
        try {
          const body = (await response.clone().json()) as { Message?: unknown; Code?: unknown };
          if (typeof body.Message === 'string' && body.Message) message = body.Message;
          if (typeof body.Code === 'string' && body.Code) errorCodes.set(error, body.Code);
        } catch {
          // a body that is not JSON keeps the generic message
        }
        if (response.status === 401 && error.request.headers.has('Authorization')) {
          for (const listener of unauthorizedListeners) listener();
        }
        error.message = message;
        return error;
      },
    ],
  },
});

/** Unwraps the response envelope: the result is in Data. */
export async function getData<T>(promise: ResponsePromise): Promise<T> {
  try {
    const body = await promise.json<{ Data: T }>();
    return body.Data;
  } catch (error) {
    throw toApiError(error);
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return new ApiError(error.response.status, error.message, errorCodes.get(error));
  if (error instanceof Error) return new ApiError(0, error.message || 'Network error');
  return new ApiError(0, 'Network error');
}
