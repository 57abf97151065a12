import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getData, http, onNetworkResult, OFFLINE_MESSAGE, UNREACHABLE_MESSAGE, type ApiError } from '../../src/lib/http';

// The app's client with an absolute prefix, since Node has no page address to resolve '/api' against.
const api = http.extend({ prefixUrl: 'http://shop.test/api' });

type Answer = Response | 'no network';
let answers: Answer[] = [];
let calls: { method: string; at: number }[] = [];

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const ok = () => json(200, { Success: true, Message: '', Data: 'fresh' });

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push({ method: request.method, at: Date.now() });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer === 'no network') throw new TypeError('Failed to fetch');
      return answer.clone();
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a request to its end under the fake clock; resolves with its data or the ApiError it became. */
async function settle(request: Promise<unknown>): Promise<unknown> {
  const outcome = request.then(
    (data) => data,
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(60_000);
  return outcome;
}

const gaps = () => calls.slice(1).map((call, i) => call.at - calls[i]!.at);

describe('the HTTP client retries reads, never writes', () => {
  it('asks for a read again 1 s and then 2 s after no answer, then gives up with a sentence a shopper understands', async () => {
    answers = ['no network'];
    const error = (await settle(getData(api.get('Company/details/1')))) as ApiError;
    expect(calls).toHaveLength(3);
    expect(gaps()).toEqual([1000, 2000]);
    expect(error.status).toBe(0);
    expect(error.message).toBe(UNREACHABLE_MESSAGE);
    expect(error.transient).toBe(true);
  });

  it('a read that gets its answer on a retry returns it', async () => {
    answers = ['no network', ok()];
    expect(await settle(getData(api.get('Company/details/1')))).toBe('fresh');
    expect(calls).toHaveLength(2);
  });

  it.each([502, 503, 504])('retries a read answered %i twice', async (status) => {
    answers = [json(status, { Success: false, Message: 'Busy', Data: null })];
    const error = (await settle(getData(api.get('products')))) as ApiError;
    expect(calls).toHaveLength(3);
    expect(error.status).toBe(status);
    expect(error.message).toBe('Busy');
  });

  it.each([400, 404, 500])('does not retry a read answered %i', async (status) => {
    answers = [json(status, { Success: false, Message: 'No', Data: null })];
    const error = (await settle(getData(api.get('products')))) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.transient).toBe(false);
  });

  it('waits as long as a 429 Retry-After asks, when that is short', async () => {
    answers = [json(429, { Success: false, Message: 'Please wait', Data: null }, { 'Retry-After': '3' }), ok()];
    expect(await settle(getData(api.get('products')))).toBe('fresh');
    expect(gaps()).toEqual([3000]);
  });

  it('gives up at once on a 429 that asks for a long wait', async () => {
    answers = [json(429, { Success: false, Message: 'Please wait', Data: null }, { 'Retry-After': '3600' })];
    const error = (await settle(getData(api.get('products')))) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.message).toBe('Please wait');
  });

  it.each(['post', 'put', 'delete'] as const)('never repeats a %s by itself, whatever went wrong', async (method) => {
    answers = ['no network'];
    await settle(getData(api[method]('Cart')));
    answers = [json(503, { Success: false, Message: 'Busy', Data: null })];
    await settle(getData(api[method]('Cart')));
    expect(calls.map((c) => c.method)).toEqual([method.toUpperCase(), method.toUpperCase()]);
  });

  it('does not retry while the phone says it is offline, and says so', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    answers = ['no network'];
    const error = (await settle(getData(api.get('products')))) as ApiError;
    expect(calls).toHaveLength(1);
    expect(error.message).toBe(OFFLINE_MESSAGE);
  });

  it('tells the connectivity flow whether each attempt got an answer', async () => {
    const results: boolean[] = [];
    const stop = onNetworkResult((reachable) => results.push(reachable));
    answers = ['no network', json(503, { Success: false, Message: 'Busy', Data: null }), ok()];
    await settle(getData(api.get('products')));
    stop();
    expect(results).toEqual([false, true, true]);
  });
});
