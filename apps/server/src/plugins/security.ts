/**
 * Security headers on every answer (API, web app, files, 404s) through @fastify/helmet:
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
 * Register it FIRST (before the docs, the modules and the web app): helmet reads per-route options
 * when routes are added.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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

/**
 * Registers @fastify/helmet on `app` (globally: every route, the not-found handler and static
 * files) with the policy above. `opts.https`: the public site is https (adds HSTS and
 * upgrade-insecure-requests); leave it unset for plain http, e.g. a LAN install or the tests.
 * `opts.connectSrc`: origins added to connect-src on every answer (the bucket of the current
 * storage provider, so that the browser can upload to it directly; issue 11), asked per answer
 * and so kept cached by its owner; only well-formed http(s) origins are taken, never a scheme or
 * a wildcard.
 */
export async function registerSecurity(app: FastifyInstance, opts: { https?: boolean; connectSrc?: () => readonly string[] } = {}): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false, preload: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  // The embedded player pages (/player/*, e.g. the live player of issue 13) may be framed by our own pages only.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith(PLAYER_PREFIX) || reply.raw.headersSent) return payload;
    const header = reply.raw.getHeader('content-security-policy');
    if (typeof header === 'string') reply.raw.setHeader('content-security-policy', header.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    return payload;
  });
  const connectSrc = opts.connectSrc;
  if (connectSrc) {
    app.addHook('onSend', async (_req, reply, payload) => {
      // helmet writes its headers on the raw response (onRequest); the origins are added just before sending.
      const header = reply.raw.getHeader('content-security-policy');
      if (typeof header === 'string' && !reply.raw.headersSent) reply.raw.setHeader('content-security-policy', withConnectSrc(header, connectSrc()));
      return payload;
    });
  }
}
