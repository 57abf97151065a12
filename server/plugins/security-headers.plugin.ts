import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { CHECKOUT_PAGE_STYLE } from '../payments/sandbox/checkout-assets.js';
import { CHECKOUT_PAGE_SCRIPT } from '../payments/sandbox/checkout-window-script.js';

/** Header name to value, lower-case names, ready to send as they are. */
type HeaderSet = Readonly<Record<string, string>>;

type Directives = Record<string, string[]>;

/**
 * What Razorpay Checkout loads into the shop's page: checkout.js and its risk-detection script,
 * its card window in frames, its event log calls and its pictures (Razorpay's own CSP allow-list
 * for its checkout plugins).
 */
const RAZORPAY_CHECKOUT_ORIGINS = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  image: ['https://cdn.razorpay.com'],
} as const;

/** Pages whose route has a policy of its own; every other HTML answer is the shop's. */
const SANDBOX_CHECKOUT_PAGE_ROUTE = '/sandbox/checkout';
const API_DOCS_PAGE_ROUTES = ['/api/docs', '/api/docs/'] as const;

/** The source that allows exactly this inline script or style element. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The Content-Security-Policy value of these directives, written and checked by helmet (it refuses unquoted keywords and unknown syntax). */
function policy(directives: Directives): string {
  let value = '';
  const write = fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives });
  const recorder = {
    setHeader(_name: string, header: string) {
      value = header;
    },
  };
  write({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return value;
}

interface SecurityHeaderSets {
  /** The shop's own pages (the app's HTML, whatever route renders it). */
  shopPage: HeaderSet;
  /** The sandbox's card window, which the shop's page shows in a frame. */
  sandboxCheckoutPage: HeaderSet;
  /** Swagger UI at /api/docs. */
  apiDocsPage: HeaderSet;
  /** Everything that is not a page: API answers, pictures, uploads, scripts, style sheets. */
  resource: HeaderSet;
}

/** The header sets of this configuration, computed once: a request only picks one. */
function securityHeaderSets(config: Pick<AppConfig, 'publicUrl' | 'paymentProvider'>): SecurityHeaderSets {
  const https = config.publicUrl.startsWith('https://');
  const razorpay = config.paymentProvider === 'razorpay';
  // A browser that has seen the shop over https keeps to https; over http the header means nothing and would pin localhost.
  const transport: Record<string, string> = https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
  const upgrade: Directives = https ? { 'upgrade-insecure-requests': [] } : {};
  const pageBase = { 'x-content-type-options': 'nosniff', ...transport };

  const shopPage = policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(razorpay ? RAZORPAY_CHECKOUT_ORIGINS.script : [])],
    // Chakra's emotion writes <style> elements while the app runs (decision 008).
    'style-src': ["'self'", "'unsafe-inline'"],
    // blob: is the preview of a photo chosen for a return request, before it is uploaded.
    'img-src': ["'self'", 'blob:', ...(razorpay ? RAZORPAY_CHECKOUT_ORIGINS.image : [])],
    // The API and the hub (WebSockets, SSE, long polling) are this origin; the geocoder is called by the server.
    'connect-src': ["'self'", ...(razorpay ? RAZORPAY_CHECKOUT_ORIGINS.connect : [])],
    'frame-src': razorpay ? [...RAZORPAY_CHECKOUT_ORIGINS.frame] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...upgrade,
  });

  const sandboxCheckoutPage = policy({
    'default-src': ["'none'"],
    // Its script and style sheet are the same for every order: allowed by hash, nothing else inline runs.
    'script-src': [hashSource(CHECKOUT_PAGE_SCRIPT)],
    'style-src': [hashSource(CHECKOUT_PAGE_STYLE)],
    'connect-src': ["'self'"],
    'base-uri': ["'none'"],
    // The card form is sent by its script; without it the browser must not send card numbers in a URL.
    'form-action': ["'none'"],
    'frame-ancestors': ["'self'"],
  });

  const apiDocsPage = policy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Swagger UI writes a <style> element as it renders; the page holds no customer data.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Swagger UI's style sheet draws its icons as data: SVGs.
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...upgrade,
  });

  return {
    shopPage: {
      ...pageBase,
      'content-security-policy': shopPage,
      'x-frame-options': 'DENY',
      // Cross-origin requests carry the shop's origin only, never a path with an order id in its query.
      'referrer-policy': 'strict-origin-when-cross-origin',
      // Razorpay opens bank and wallet pages as popups that report back to its frame.
      'cross-origin-opener-policy': razorpay ? 'same-origin-allow-popups' : 'same-origin',
    },
    sandboxCheckoutPage: {
      ...pageBase,
      'content-security-policy': sandboxCheckoutPage,
      'x-frame-options': 'SAMEORIGIN',
      // Its address carries the order id and the customer's email and number.
      'referrer-policy': 'no-referrer',
    },
    apiDocsPage: {
      ...pageBase,
      'content-security-policy': apiDocsPage,
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    },
    resource: {
      // Nothing but a page runs code: a picture or an answer opened on its own loads nothing and cannot be framed.
      'content-security-policy': policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }),
      'x-content-type-options': 'nosniff',
      ...transport,
    },
  };
}

/**
 * Sends the security headers with every answer. The sets are computed once at start (helmet's
 * own plugin builds its middleware again on every request, which halved the throughput of a
 * hello-world route), and an answer only picks its set: a page by its route, anything else the
 * small resource set, so the catalogue reads carry two short headers.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<AppConfig, 'publicUrl' | 'paymentProvider'> }) => {
    const sets = securityHeaderSets(options.config);
    const pages = new Map<string, HeaderSet>([
      [SANDBOX_CHECKOUT_PAGE_ROUTE, sets.sandboxCheckoutPage],
      ...API_DOCS_PAGE_ROUTES.map((route) => [route, sets.apiDocsPage] as const),
    ]);
    app.addHook('onSend', (request, reply, payload, done) => {
      // A 304 updates the headers the browser stored with the page; without a type it would get the resource set.
      if (reply.statusCode !== 304) {
        const type = reply.getHeader('content-type');
        const page = typeof type === 'string' && type.startsWith('text/html');
        reply.headers(page ? (pages.get(request.routeOptions.url ?? '') ?? sets.shopPage) : sets.resource);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
