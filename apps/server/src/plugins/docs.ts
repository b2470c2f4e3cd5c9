/** OpenAPI document and UI at /api/docs, generated from the routes' zod schemas. */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kaopei (考培) API', version: '0.1.0', description: 'Every call is POST JSON and answers {code,msg,data,success}; send the login token in header `token`.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
