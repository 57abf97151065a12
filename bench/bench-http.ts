import http from 'node:http';

/**
 * A small keep-alive JSON client for the load measures: node:http with a pooled agent costs
 * the bench process far less CPU per request than fetch, which matters when the bench and the
 * server share two cores.
 */
export class BenchHttp {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, maxSockets: number) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; text: string }> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.end(payload);
    });
  }

  /** The `Data` of a 200 envelope (or the whole body of a sandbox answer); anything else throws. */
  async json<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
    const res = await this.request(method, path, options);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    const body = JSON.parse(res.text) as { Data?: T } & T;
    return (typeof body === 'object' && body !== null && 'Data' in body ? body.Data : body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}
