/**
 * Serves the built web app (apps/web/dist) with SPA fallback: any GET/HEAD that is not an API path
 * and does not name a file (no extension) answers index.html. Files are looked up at request time,
 * so a rebuild while the server runs is served at once; a missing file (e.g. an old /assets/x.js) is
 * a plain 404, never index.html. Unknown /api paths, and non-GET/HEAD requests nothing answered,
 * get 404 with the JSON envelope.
 *
 * Delivery:
 * - compression: the build writes `x.br` and `x.gz` beside every text asset (apps/web/vite.config.ts);
 *   @fastify/static `preCompressed` sends the best one the client accepts (br, then gzip), with
 *   `Content-Encoding` and `Vary: Accept-Encoding`, else the plain file. Nothing is compressed at
 *   request time.
 * - caching: hashed build output under /assets/ (`name-HASH.ext`) is `public, max-age=31536000,
 *   immutable`; index.html, the SPA fallback and any other file are `no-cache` (revalidated with
 *   ETag / Last-Modified on every use), so a new build is picked up on the next page load.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from './error-handler';

/** Cache-Control of content-hashed build assets (never change under their name). */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html and other unhashed files: always revalidate. */
export const CACHE_REVALIDATE = 'no-cache';

/** `…-Ab3_x9Zq.js` (Vite/rolldown: 8 url-safe base64 characters before the extension). */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i;
const PRECOMPRESSED_EXT = /\.(br|gz)$/;
const HAS_EXTENSION = /\.[a-z0-9]+$/i;

/**
 * The Cache-Control for a file of the build: CACHE_IMMUTABLE for a hashed file directly under
 * `<webDist>/assets/` (its .br/.gz siblings included), CACHE_REVALIDATE for anything else.
 * `file` is an absolute path inside `webDist`.
 */
export function cacheControlFor(webDist: string, file: string): string {
  const plain = file.replace(PRECOMPRESSED_EXT, '');
  const inAssets = path.dirname(plain) === path.join(webDist, 'assets');
  return inAssets && HASHED_NAME.test(path.basename(plain)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

/**
 * Registers the static file server for `webDist` (a folder with index.html, as built by
 * `npm run build`) and the app's not-found handler (SPA fallback, 404s). When `webDist` has no
 * index.html the API still works, pages answer a plain-text 404 and a warning is logged.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  const index = path.join(root, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('cache-control', cacheControlFor(root, file));
      },
    });
  } else app.log.warn({ webDist: root }, 'web app not built: run `npm run build` (npm start does it)');

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(fail(404, '接口地址错误，请联系管理员。'));
    }
    if (!built) return reply.status(404).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    if (HAS_EXTENSION.test(url)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.header('cache-control', CACHE_REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
  });
}
