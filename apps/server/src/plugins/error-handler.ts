/**
 * Error handler and not-found handler (ARCHITECTURE §3): business failures (AppError) and request
 * validation failures answer HTTP 200 with the envelope and a non-zero code; transport faults keep
 * their HTTP status with an envelope body; crashes answer 500 without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CommonError } from '@kaopei/contracts';
import { AppError } from '../lib/errors';

const CJK = /[\u4e00-\u9fff]/;

/** The Chinese message of the first validation issue, or a generic one naming the field. */
function validationMsg(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return CommonError.BAD_PARAMS.msg;
  if (first.message && CJK.test(first.message)) return first.message;
  const field = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  return field ? `参数不正确：${field}` : CommonError.BAD_PARAMS.msg;
}

export function fail(code: number, msg: string, data: unknown = null) {
  return { code, msg, data, success: false };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const thrown: unknown = err;
    if (thrown instanceof AppError) {
      return reply.status(thrown.status).send(fail(thrown.code, thrown.message, thrown.data));
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return reply.status(200).send(fail(CommonError.BAD_PARAMS.code, validationMsg(err)));
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send(fail(500, '糟糕，服务器开小差了。'));
    }
    if (status === 429) return reply.status(429).send(fail(CommonError.TOO_MANY_REQUESTS.code, CommonError.TOO_MANY_REQUESTS.msg));
    // Other transport faults: malformed JSON, body too large, unsupported media type …
    return reply.status(status).send(fail(status, status === 413 ? '上传内容过大！' : '缺少必要参数或参数类型不正确。'));
  });
}
