import { performance } from 'node:perf_hooks';
import { RawHttpClient } from './raw-http.js';
import { oneDecimal, percentile } from './open-loop.js';

export interface ClosedLoopOptions {
  /** The whole URL asked for, e.g. http://127.0.0.1:3000/api/products?pageNumber=1. */
  url: string;
  /** Connections, each sending its next request as soon as its answer is in. */
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
}

export interface ClosedLoopResult {
  /** Answers per second over the run. */
  rps: number;
  answered: number;
  /** Requests that got no answer, and answers whose status was not 2xx. */
  errors: number;
  /** Milliseconds from a request's send to its answer's last byte, one decimal. */
  p99: number;
}

/**
 * The most a server answers: `connections` keep-alive connections, each asking again the moment
 * its answer is in, as autocannon does, through the prepared-buffer client of `raw-http.ts`.
 * autocannon appends every answer's body to a string (`req.body += data`), which for a gzipped
 * body is a UTF-8 decode of binary bytes: on a 2-core machine that the load shares with the
 * server, a 3.6 KB list answer cost autocannon about twice the CPU of the hello-world's answer,
 * and the load generator, not the server, set the pace (docs/performance.md). This client reads
 * only the head and counts the body's bytes.
 */
export async function closedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const url = new URL(options.url);
  const path = `${url.pathname}${url.search}`;
  const client = new RawHttpClient(url.origin, options.connections, options.headers);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + options.durationS * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const sent = performance.now();
          try {
            const answer = await client.get(path);
            latencies.push(performance.now() - sent);
            if (answer.status < 200 || answer.status >= 300) errors += 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
  } finally {
    client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, answered: latencies.length, errors, p99: oneDecimal(percentile(latencies, 0.99)) };
}
