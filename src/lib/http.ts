import ky, { HTTPError, TimeoutError, type KyInstance, type ResponsePromise } from 'ky';
import { getToken } from './session.js';

/** Answers that say "not now" rather than "no": the shop is busy or a proxy could not reach it. */
const TRANSIENT_STATUSES = [429, 502, 503, 504];

/** An API error with the server's message, safe to show a customer, and the server's Code for the case when it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** No answer came at all: no network, the shop out of reach, or too slow. */
    readonly noAnswer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A failure that may pass by itself; the client has already retried a read that met one. */
  get transient(): boolean {
    return this.noAnswer || TRANSIENT_STATUSES.includes(this.status);
  }
}

/** Said when the phone has no network: the offline banner says the rest. */
export const OFFLINE_MESSAGE = 'You are offline. Check your internet connection and try again.';
/** Said when the network is up but the shop did not answer. */
export const UNREACHABLE_MESSAGE = 'We could not reach the shop. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The shop is taking too long to answer. Please try again.';

/**
 * Reads (GET) are retried at most twice, 1 s then 2 s later, when no answer came or the shop
 * answered 429, 502, 503 or 504. Writes (money, orders, the cart) are never retried here: a
 * write whose answer was lost may have happened, and only its own flow knows whether to repeat it.
 */
export const GET_RETRIES = 2;
export const GET_RETRY_BASE_MS = 1000;
/** A Retry-After longer than this is not waited for: the screen shows its error instead. */
export const MAX_RETRY_AFTER_MS = 10_000;

function retryAfterMs(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : at - Date.now();
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

type NetworkListener = (reachable: boolean) => void;
const networkListeners = new Set<NetworkListener>();

/** The connectivity flow listens here: true when any answer arrives, false when a request got none. */
export function onNetworkResult(listener: NetworkListener): () => void {
  networkListeners.add(listener);
  return () => networkListeners.delete(listener);
}

function reportNetwork(reachable: boolean): void {
  for (const listener of networkListeners) listener(reachable);
}

/** fetch, telling the connectivity flow whether the shop answered; an abort (timeout, a screen left) says nothing. */
const reportingFetch: typeof fetch = async (input, init) => {
  try {
    const response = await globalThis.fetch(input, init);
    reportNetwork(true);
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportNetwork(false);
    throw error;
  }
};

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
  fetch: reportingFetch,
  retry: {
    limit: GET_RETRIES,
    methods: ['get'],
    statusCodes: TRANSIENT_STATUSES,
    afterStatusCodes: [429, 503],
    delay: (attempt) => GET_RETRY_BASE_MS * 2 ** (attempt - 1),
    retryOnTimeout: false,
    shouldRetry: ({ error }) => {
      // Asking again while the phone knows it has no network only wastes its battery.
      if (browserOffline()) return false;
      if (error instanceof HTTPError) {
        const wait = retryAfterMs(error.response);
        if (wait !== null && wait > MAX_RETRY_AFTER_MS) return false;
      }
      return undefined;
    },
  },
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
  if (error instanceof TimeoutError) return new ApiError(0, TIMEOUT_MESSAGE, undefined, true);
  // fetch rejects with a TypeError whose text varies by browser ('Failed to fetch', 'Load failed'): say what it means.
  if (error instanceof TypeError || !(error instanceof Error)) {
    return new ApiError(0, browserOffline() ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE, undefined, true);
  }
  return new ApiError(0, error.message || UNREACHABLE_MESSAGE);
}
