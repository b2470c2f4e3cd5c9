/**
 * The request log: one JSON line per API call and per failed request, nothing for the web app's
 * files. Fastify's own per-request lines ("incoming request" / "request completed", two lines for
 * every static file of every page view) are switched off (QuietRequestLogController, the
 * non-deprecated form of `disableRequestLogging: true`) and replaced by one onResponse hook that
 * writes:
 *
 * - every /api call: `{ method, url, statusCode, code?, responseTime, msg: 'api' }` at info level
 *   (warn for 4xx, error for 5xx). `code` is the envelope's business code when the answer is a
 *   JSON envelope (read from the first bytes of the serialized body, no parsing); `responseTime` is
 *   in milliseconds; secrets in the query string (token, password, key, sign, ticket, code …) are
 *   replaced by `[redacted]`.
 * - any other request only when it failed: every 5xx (error), and every 4xx (warn) except a 404
 *   under /assets/ (an old hashed file asked for by a stale tab: expected after a deploy).
 *   Successful pages, files and 304s are not logged.
 *
 * The token header, cookies and Authorization are redacted wherever a log line carries request or
 * response headers (LOG_REDACT_PATHS), e.g. an error logged with the request.
 */
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Log paths whose values are replaced by '[redacted]' (pino redaction). */
export const LOG_REDACT_PATHS = [
  'req.headers.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.token',
  'headers.cookie',
  'headers.authorization',
];

/** Query parameters whose values never reach the log (by name ending: token, access_token, newPassword, apiKey, sign …). */
const SECRET_PARAM = /(token|pass|passwd|password|pwd|secret|key|sign|signature|ticket|auth|authorization|session|sessionid|captcha|code)$/i;
const ENVELOPE_CODE = /^\{"code":(-?\d+)/;
const ASSETS_PREFIX = '/assets/';

/**
 * Fastify's request-lifecycle logging without its two lines per request ("incoming request",
 * "request completed"); its error lines (errors of the default error handler, failed streams,
 * serializer and writeHead errors, a request that completed with an error) are kept. This is
 * Fastify 5.12's replacement of the deprecated top-level `disableRequestLogging: true`.
 */
export class QuietRequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/**
 * Fastify server options of the request log, to spread into `Fastify({ … })`: `logger` (level
 * `level` — 'fatal' … 'trace' or 'silent' —, redaction of LOG_REDACT_PATHS; `stream` only for
 * tests) and `logController` (QuietRequestLogController). Use with registerRequestLog().
 */
export function requestLogOptions(level: string, stream?: { write(line: string): void }) {
  return {
    logger: { level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) },
    logController: new QuietRequestLogController(),
  };
}

/** `url` with the values of secret-looking query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Adds the request-log hooks to `app` (see the file comment). The app must be created with
 * requestLogOptions() (or another way of turning Fastify's own request lines off), or Fastify's two
 * lines per request are written as well. Register it before the routes whose calls it should see (hooks
 * apply to routes added after them).
 */
export function registerRequestLog(app: FastifyInstance): void {
  const codes = new WeakMap<FastifyRequest, number>();

  app.addHook('onSend', async (req, _reply, payload) => {
    if (typeof payload === 'string' && isApiPath(req.url.split('?')[0] ?? '')) {
      const m = ENVELOPE_CODE.exec(payload.slice(0, 32));
      if (m) codes.set(req, Number(m[1]));
    }
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const statusCode = reply.statusCode;
    const api = isApiPath(pathname);
    if (!api) {
      if (statusCode < 400) return;
      if (statusCode === 404 && pathname.startsWith(ASSETS_PREFIX)) return;
    }
    const line: Record<string, unknown> = { method: req.method, url: redactUrl(req.url), statusCode };
    const code = codes.get(req);
    if (code !== undefined) line.code = code;
    line.responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const msg = api ? 'api' : 'request failed';
    if (statusCode >= 500) req.log.error(line, msg);
    else if (statusCode >= 400) req.log.warn(line, msg);
    else req.log.info(line, msg);
  });
}
