/**
 * Serves the built web app (apps/web/dist) with SPA fallback: any GET that is not an API path and
 * does not name a file (no extension) answers index.html. Files are looked up at request time, so a
 * rebuild while the server runs is served at once; a missing file (e.g. an old /assets/x.js) is a
 * plain 404, never index.html. Unknown /api paths answer 404 with the envelope.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from './error-handler';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });
  else app.log.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it)');

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(fail(404, '接口地址错误，请联系管理员。'));
    }
    if (!built) return reply.status(404).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    if (/\.[a-z0-9]+$/i.test(url)) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
