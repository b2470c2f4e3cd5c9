/**
 * Security headers on every answer (API, web app, files, 404s), helmet's (registerSecurity):
 *
 * - Content-Security-Policy (CONTENT_SECURITY_POLICY below), written for the BUILT web app:
 *   scripts only from our origin (index.html has no inline script; Vite's module preloading inserts
 *   <link> elements, not scripts); styles from our origin plus 'unsafe-inline', because antd's
 *   CSS-in-JS inserts <style> elements at run time and components set style attributes (a nonce
 *   would need server-rendered HTML and antd's `csp` config; not worth it while scripts are locked
 *   down); images also as data: (antd's inline images) and from any http(s) host (question banks
 *   and rich text carry pictures from elsewhere); fetch/XHR/WebSocket only to our origin and the
 *   bucket of the current storage configuration (browser direct uploads, `opts.connectSrc`); no
 *   plugins (object-src 'none'); frames of http(s) pages (link course files open in the page, in a
 *   sandboxed iframe); forms only post to us; nobody may frame us (frame-ancestors
 *   'none', and X-Frame-Options: DENY for old browsers) except the player pages under /player/,
 *   which our own pages embed (frame-ancestors 'self', X-Frame-Options: SAMEORIGIN);
 *   `upgrade-insecure-requests` only with https.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: strict-origin-when-cross-origin (our paths
 *   and query strings never leave the site; image hosts that check the referrer still see our
 *   origin); Cross-Origin-Opener-Policy: same-origin; Cross-Origin-Resource-Policy: same-origin;
 *   Origin-Agent-Cluster; X-DNS-Prefetch-Control: off; X-Download-Options: noopen;
 *   X-Permitted-Cross-Domain-Policies: none; X-XSS-Protection: 0 (helmet's defaults).
 * - Strict-Transport-Security only when the site is served over https (`opts.https`): 180 days,
 *   this host only (no includeSubDomains, no preload: sibling hosts of a customer's domain are not
 *   ours to pin).
 *
 * The Swagger UI (/api/docs, plugins/docs.ts) runs under the same policy: it loads its own files,
 * uses inline styles and data: images, and no inline script (checked in a browser by
 * e2e/delivery.e2e.ts). Routes that need a different policy can set the route option
 * `helmet: { contentSecurityPolicy: { directives: … } }` (or `helmet: false`).
 *
 * Register it FIRST (before the docs, the modules and the web app): per-route options are read
 * when routes are added.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {} from '@fastify/helmet'; // the route option `helmet` (its type augmentation of Fastify)
import helmet from 'helmet';

/** CSP directives (helmet's camelCase form) of the web app and the API; see the file comment. */
export function cspDirectives(opts: { https?: boolean } = {}): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:', 'http:', 'https:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    // Link course files (issue 11, fileType 11) open in the page: another site in a sandboxed frame.
    frameSrc: ["'self'", 'http:', 'https:'],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
    upgradeInsecureRequests: opts.https ? [] : null,
  };
}

/** Pages under this prefix (the embedded players, SPEC §2 /player/live.html) may be framed by the site itself. */
export const PLAYER_PREFIX = '/player/';

/** An origin the CSP may name: `http(s)://host[:port]` and nothing else (no path, no wildcard, no quote or `;`). */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * The CSP header `header` with `origins` (only well-formed http(s) origins) added to its default
 * connect-src `'self'` (a route's own policy without that directive is left as it is).
 */
export function withConnectSrc(header: string, origins: readonly string[]): string {
  const extra = [...new Set(origins.filter((o) => ORIGIN.test(o)))];
  if (!extra.length) return header;
  return header.replace(/(^|;)connect-src 'self'(?=;|$)/, `$1connect-src 'self' ${extra.join(' ')}`);
}

/** The key of a route's own security headers in its config (a route with a `helmet` option). */
const ROUTE_HEADERS = 'securityHeaders';

/** A header name and value helmet writes. */
type Header = readonly [name: string, value: string];
/** The options of helmet (the `helmet` module's own type, as a route's `helmet` option takes them). */
type HelmetConfig = NonNullable<Parameters<typeof helmet>[0]>;

/**
 * The headers helmet writes for `config`, computed once: helmet's middleware is run against a
 * response that only records them. Every directive here is a constant (no nonce, no function), so
 * the headers are the same for every answer.
 */
export function helmetHeaders(config: HelmetConfig): Header[] {
  const headers: Header[] = [];
  const res = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(config)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The headers with the CSP's frame-ancestors and X-Frame-Options of the player pages (framed by our own pages). */
function playerHeaders(headers: readonly Header[]): Header[] {
  return headers.map(([name, value]): Header => {
    if (name === 'content-security-policy') return [name, value.replace("frame-ancestors 'none'", "frame-ancestors 'self'")];
    if (name === 'x-frame-options') return [name, 'SAMEORIGIN'];
    return [name, value];
  });
}

/**
 * Writes the security headers (the file comment) on every answer: the API, the web app, files and
 * the not-found handler. `opts.https`: the public site is https (adds HSTS and
 * upgrade-insecure-requests); leave it unset for plain http, e.g. a LAN install or the tests.
 * `opts.connectSrc`: origins added to connect-src on every answer (the bucket of the current
 * storage provider, so that the browser can upload to it directly; issue 11), asked per answer
 * and so kept cached by its owner; only well-formed http(s) origins are taken, never a scheme or
 * a wildcard. A route's `helmet` option (@fastify/helmet's: its own helmet options merged over
 * these, or `false` for none) still applies.
 *
 * The headers are helmet's, computed once per policy when the route is added (helmetHeaders) and
 * copied onto each answer in one synchronous onRequest hook: @fastify/helmet built helmet's
 * middleware again for every request (re-parsing the CSP directives each time), ≈ 3 % of the
 * server's time in the exam burst's profile (issue 9 "Scale", docs/decisions.md). The CSP with
 * the connect-src origins is rebuilt only when the owner answers other origins.
 */
export async function registerSecurity(app: FastifyInstance, opts: { https?: boolean; connectSrc?: () => readonly string[] } = {}): Promise<void> {
  const global: HelmetConfig = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false, preload: false } : false,
    xFrameOptions: { action: 'deny' },
  };
  const standard = helmetHeaders(global);
  const player = playerHeaders(standard);
  // A route's own headers, computed when the route is added and kept in its config.
  app.addHook('onRoute', (route) => {
    const own = (route as { helmet?: HelmetConfig | false }).helmet;
    if (own === undefined) return;
    const { enableCSPNonces: _nonces, ...rest } = (own || {}) as HelmetConfig & { enableCSPNonces?: boolean };
    route.config = { ...(route.config as object | undefined), [ROUTE_HEADERS]: own === false ? [] : helmetHeaders({ ...global, ...rest } as HelmetConfig) } as typeof route.config;
  });
  const connectSrc = opts.connectSrc;
  // connect-src: the last origins asked and the CSP values built from them (by the base CSP).
  let lastOrigins: readonly string[] | null = null;
  let withOrigins = new Map<string, string>();
  const csp = (base: string): string => {
    if (!connectSrc) return base;
    const origins = connectSrc();
    if (origins !== lastOrigins) {
      lastOrigins = origins;
      withOrigins = new Map();
    }
    let value = withOrigins.get(base);
    if (value === undefined) withOrigins.set(base, (value = withConnectSrc(base, origins)));
    return value;
  };
  app.addHook('onRequest', (req, reply, done) => {
    const own = (req.routeOptions.config as { [ROUTE_HEADERS]?: Header[] } | undefined)?.[ROUTE_HEADERS];
    const headers = own ?? (req.url.startsWith(PLAYER_PREFIX) ? player : standard);
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, name === 'content-security-policy' ? csp(value) : value);
    done();
  });
}
