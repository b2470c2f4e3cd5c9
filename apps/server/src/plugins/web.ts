/**
 * Serves the built web app (apps/web/dist) with SPA fallback: any GET that is not an API path and
 * not a file answers index.html. Unknown /api paths answer 404 with the envelope.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { fail } from './error-handler';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  else app.log.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it)');

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(fail(404, '接口地址错误，请联系管理员。'));
    }
    if (!built) return reply.status(404).type('text/plain; charset=utf-8').send('Web app not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
