import type { App } from '../../../server/app.js';

/** A JSON schema as @fastify/swagger renders it (only what the generators read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface RouteParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Fastify's pattern, e.g. /api/Cart/:branchId/:productId/:variantId. */
  url: string;
  pathParams: string[];
  parameters: RouteParameter[];
  body: JsonSchema | null;
  bodyTypes: string[];
  /** Declares a bearer token (OpenAPI security). */
  authenticated: boolean;
}

/** Routes the server serves that are not API surface: its own docs and the single-page app. */
const NOT_API = [/^\/api\/docs/, /^\*$/];

/**
 * Every route of the built app with its declared schemas: the route table comes from
 * printRoutes (it lists hidden routes too), the schemas from the OpenAPI document. A route
 * added tomorrow is covered by the suites without touching them.
 */
export function collectRoutes(app: App): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found = new Map<string, RouteEntry>();
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: RouteParameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>
    >;
  };
  const operations = new Map<string, (typeof doc.paths)[string][string]>();
  for (const [openPath, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) operations.set(`${method.toUpperCase()} ${openPath.replace(/\{(\w+)\}/g, ':$1')}`, op);
  }
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack[depth] = match[2] ?? '';
    const url = stack.join('');
    if (!match[3] || NOT_API.some((re) => re.test(url))) continue;
    for (const method of match[3].split(', ')) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const op = operations.get(`${method} ${url}`);
      const content = op?.requestBody?.content ?? {};
      const pathParams = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      found.set(`${method} ${url}`, {
        method: method as RouteEntry['method'],
        url,
        pathParams,
        parameters: op?.parameters ?? pathParams.map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } })),
        body: Object.values(content)[0]?.schema ?? null,
        bodyTypes: Object.keys(content),
        authenticated: Array.isArray(op?.security) && op.security.length > 0,
      });
    }
  }
  return [...found.values()];
}

/** Fills a route pattern's path parameters. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1');
}
