import fc from 'fast-check';
import type { JsonSchema, RouteEntry } from './route-catalogue.js';
import { fillPath } from './route-catalogue.js';

/** Who the request claims to be; the suites hold one token of each kind. */
export const TOKEN_KINDS = ['none', 'valid', 'forged', 'expired', 'garbage', 'otherCompany'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface GeneratedRequest {
  method: RouteEntry['method'];
  url: string;
  route: string;
  token: TokenKind;
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** What was broken, for the report. */
  shape: string;
}

/** Text that breaks parsers and validators: numbers out of range, wrong types, unicode, injection. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '-1', '0', '-0', '1.5', 'NaN', 'Infinity', '1e309', '9'.repeat(40), '-9007199254740993', '2147483648', 'true', 'null', '[]', '{}'),
  fc.constantFrom(
    '%00',
    '\u0000',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '${7*7}',
    '\u202e\u0646\u0627\u0645',
    '🐟'.repeat(300),
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }).map(String),
  fc.double({ noNaN: false }).map(String),
);

/** JSON values of the wrong kind for almost any field. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.constantFrom(0, -0.5, 1.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, true, false, null),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 }),
);

function typeOf(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return t ?? (schema.anyOf ? typeOf(schema.anyOf[0] ?? {}) : 'string');
}

/** A plausible value for a schema, so a mutation elsewhere is what the server must catch. */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'integer':
      return fc.integer({ min: Math.max(1, schema.minimum ?? 1), max: Math.min(schema.maximum ?? 5, 5) });
    case 'number':
      return fc.double({ min: 0, max: 10, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items ?? {}), { maxLength: 3 });
    case 'object':
      return objectFor(schema, false);
    default:
      return fc.string({ maxLength: Math.min(schema.maxLength ?? 12, 12) });
  }
}

/** An object for a body schema with some fields broken, dropped or added. */
function objectFor(schema: JsonSchema, breakIt: boolean): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const fields = props.map(([name, sub]) =>
    fc.tuple(fc.constant(name), breakIt ? fc.oneof(plausible(sub), hostileJson, fc.constant(undefined)) : plausible(sub)),
  );
  return fc.tuple(fc.tuple(...fields), fc.dictionary(fc.string({ maxLength: 12 }), hostileJson, { maxKeys: breakIt ? 3 : 0 })).map(([pairs, extra]) => {
    const out: Record<string, unknown> = { ...extra };
    for (const [name, value] of pairs) if (value !== undefined) out[name] = value;
    return out;
  });
}

const brokenJsonText = fc.oneof(
  fc.json().map((text) => text.slice(0, Math.max(1, text.length - 1)) + '{'),
  fc.constantFrom(
    '{',
    '[',
    '{"a":',
    '{"qty": 1e400}',
    '{"Qty": -5}',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
  ),
  fc.string({ maxLength: 200 }),
);

const brokenMultipart = fc.constantFrom(
  { type: 'multipart/form-data', body: 'not multipart at all' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nPNG' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nContent-Disposition: form-data\r\n\r\n\r\n--xyz--\r\n' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n\r\n' },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(2000)}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\u00ff\u00d8\u00ff\r\n--xyz--\r\n`,
  },
);

interface Body {
  contentType: string | null;
  payload: string | Buffer | undefined;
  shape: string;
}

function bodyFor(route: RouteEntry): fc.Arbitrary<Body> {
  const options: fc.Arbitrary<Body>[] = [
    fc.constant({ contentType: null, payload: undefined, shape: 'no body' }),
    brokenJsonText.map((payload) => ({ contentType: 'application/json', payload, shape: 'broken JSON' })),
    fc.jsonValue().map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v), shape: 'JSON of the wrong shape' })),
    fc
      .constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'image/png',
        'application/json; charset=utf-16',
      )
      .map((contentType) => ({
        contentType,
        payload: 'a=1&b=<x/>',
        shape: `body as ${contentType}`,
      })),
    brokenMultipart.map((m) => ({ contentType: m.type, payload: m.body, shape: 'broken multipart' })),
    fc
      .constantFrom(300 * 1024, 2 * 1024 * 1024)
      .map((size) => ({ contentType: 'application/json', payload: JSON.stringify({ Name: 'x'.repeat(size) }), shape: `huge body (${size} bytes)` })),
  ];
  if (route.body) {
    const body = route.body;
    const broken = body.type === 'array' ? fc.array(objectFor(body.items ?? {}, true), { maxLength: 4 }) : objectFor(body, true);
    options.push(
      broken.map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value), shape: 'declared body with fields broken, missing or extra' })),
    );
  }
  return fc.oneof(...options);
}

function queryFor(route: RouteEntry): fc.Arbitrary<string> {
  const declared = route.parameters.filter((p) => p.in === 'query');
  const known = declared.map((p) => fc.tuple(fc.constant(p.name), fc.oneof(plausible(p.schema).map(String), hostileText, fc.constant(undefined))));
  return fc
    .tuple(
      fc.tuple(...known),
      fc.dictionary(fc.string({ maxLength: 10 }), hostileText, { maxKeys: 3 }),
      fc.boolean(),
      fc.constantFrom('', '&%E0%A4%A', '&a[b]=1&a[b]=2', '&x=%'),
    )
    .map(([pairs, extra, repeat, raw]) => {
      const params = new URLSearchParams();
      for (const [name, value] of pairs) if (value !== undefined) params.append(name, value);
      if (repeat && pairs[0]?.[1] !== undefined) params.append(pairs[0][0], pairs[0][1]);
      for (const [name, value] of Object.entries(extra)) params.append(name, value);
      const text = params.toString();
      return text || raw ? `?${text}${raw}` : '';
    });
}

/** One malformed request to a route, with a token of some kind. */
export function malformedRequest(route: RouteEntry): fc.Arbitrary<GeneratedRequest> {
  const pathValues = fc.tuple(
    ...route.pathParams.map((name) => fc.tuple(fc.constant(name), fc.oneof(hostileText, fc.integer({ min: 1, max: 3 }).map(String)))),
  );
  return fc
    .record({ path: pathValues, query: queryFor(route), body: bodyFor(route), token: fc.constantFrom(...TOKEN_KINDS) })
    .map(({ path, query, body, token }) => {
      const values = Object.fromEntries(path.map(([name, value]) => [name, encodeURIComponent(value)]));
      const sendsBody = route.method !== 'GET';
      return {
        method: route.method,
        url: `${fillPath(route.url, values)}${query}`,
        route: `${route.method} ${route.url}`,
        token,
        contentType: sendsBody ? body.contentType : null,
        payload: sendsBody ? body.payload : undefined,
        shape: sendsBody ? body.shape : 'query and path',
      };
    });
}
