/**
 * The one way a module serves a call (ARCHITECTURE §2 "thin routes", §3 conventions): the endpoint
 * object declared in contracts plus a handler.
 *
 *   r.json(repoApi.paging, ({ body }) => repos.paging(body));
 *   r.upload(quApi.import, ({ fields, file, user }) => qus.startImport(file, fields, user));
 *   r.download(quApi.template, async () => ({ body: await buildImportTemplate() }));
 *
 * For every kind:
 * - the token is resolved and the endpoint's `access` checked BEFORE the body is read (an anonymous
 *   caller gets 10010002, a caller without the permission 10010004, and neither learns anything
 *   about the payload);
 * - failures answer the envelope with a non-zero code (plugins/error-handler.ts).
 * `json` validates the body with the endpoint's schema and serialises `data` through its `data`
 * schema (fields not listed never leave the server). `upload` streams the one file to a temporary
 * file of at most `file.maxBytes` (refusing other extensions), validates the text fields and removes
 * the temporary file after the handler unless the handler moved it. `download` answers the handler's
 * bytes or stream as an attachment.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { CommonError, envelope, type Access, type DownloadEndpoint, type Endpoint, type JsonEndpoint, type UploadEndpoint } from '@kaopei/contracts';
import { AppError, badParams } from '../lib/errors';
import { newId } from '../lib/ids';
import { auditEntry, isAudited, type Auditor } from './audit';
import { authenticate, requestToken, type AuthUser } from './auth';

const failEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown(), success: z.literal(false) });

/** Success envelope `{code:0, msg, data, success:true}`. */
export function ok<D>(data: D) {
  return { code: CommonError.OK.code, msg: CommonError.OK.msg, data, success: true as const };
}

/** The caller a handler gets: nullable only on public calls. */
export type CallerOf<A extends Access> = A extends 'public' ? AuthUser | null : AuthUser;

interface Ctx<A extends Access> {
  user: CallerOf<A>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The uploaded file as a temporary file on disk. Move it (fs.rename) to keep it after the handler. */
export interface UploadedFile {
  /** Absolute path of the temporary file. */
  path: string;
  /** The file name the browser sent. */
  name: string;
  /** Size in bytes. */
  size: number;
}

/** Options of one upload route. */
export interface UploadOptions {
  /**
   * The largest size of a file named `fileName` (decided at run time, e.g. from the environment)
   * and the error answered when it is larger: replaces `file.maxBytes`. Nothing past the limit is
   * written, and the temporary file is removed.
   */
  limit?: (fileName: string) => { bytes: number; error: Error };
}

/** What a download handler answers: the bytes or a stream, and optionally a file name and type. */
export interface FileAnswer {
  body: Buffer | Readable;
  /** Overrides the endpoint's default file name. */
  fileName?: string;
  /** Defaults to the type of the file name's extension (xlsx, pdf, csv, zip) or octet-stream. */
  contentType?: string;
  /** 'attachment' (default: the browser saves it) or 'inline' (shown in the page: images, video, PDF). */
  disposition?: 'inline' | 'attachment';
  /** Defaults to 'no-store' (exports and generated files); a file that never changes may be cached. */
  cacheControl?: string;
  /**
   * Bytes of the whole file: when given the answer carries `Accept-Ranges: bytes` and its length,
   * and `range` may answer a part of it (HTTP Range, RFC 9110 §14; `parseRange` decides it).
   */
  size?: number;
  /** `body` holds bytes start..end only (206 + Content-Range), or the asked range was unsatisfiable (416, no body). */
  range?: { start: number; end: number } | 'unsatisfiable';
}

/**
 * The one byte range of a `Range` header for a file of `size` bytes (RFC 9110 §14.1.2): `{start,
 * end}` (both included; `bytes=a-b`, `bytes=a-`, suffix `bytes=-n`; an end past the file is cut to
 * its last byte), 'unsatisfiable' when it starts at or past the end (or asks 0 suffix bytes), null
 * when there is no header, it is malformed, or it asks several ranges (the whole file is answered).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const a = m[1] as string;
  const b = m[2] as string;
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Number(b);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** An endpoint as registered, with the module that serves it (permission matrix, API list). */
export interface RegisteredEndpoint {
  module: string;
  endpoint: Endpoint;
}

export interface Router {
  json<B extends z.ZodType, D extends z.ZodType, A extends Access>(
    ep: JsonEndpoint<B, D, A>,
    handler: (ctx: Ctx<A> & { body: z.output<B> }) => Promise<z.input<D>> | z.input<D>,
  ): void;
  upload<F extends z.ZodType, D extends z.ZodType, A extends Access>(
    ep: UploadEndpoint<F, D, A>,
    handler: (ctx: Ctx<A> & { fields: z.output<F>; file: UploadedFile }) => Promise<z.input<D>>,
    opts?: UploadOptions,
  ): void;
  download<B extends z.ZodType, A extends Access>(ep: DownloadEndpoint<B, A>, handler: (ctx: Ctx<A> & { body: z.output<B> }) => Promise<FileAnswer>): void;
  /**
   * A WebSocket at `path` (Fastify syntax, e.g. `/api/socket/exam/:userId/:examId/:platform`). The
   * caller is resolved from the `token` header, the `token` cookie or a `token` query parameter
   * before the upgrade; a socket without a valid session is closed at once with 1008 (policy
   * violation) and the handler never runs. The handler runs synchronously right after the upgrade,
   * so listeners it attaches miss no message.
   */
  socket<P extends Record<string, string>>(path: string, handler: (ctx: SocketCtx<P>) => void): void;
}

/** What a socket handler gets: the open socket, the session user, the path parameters and the upgrade request. */
export interface SocketCtx<P extends Record<string, string>> {
  socket: WebSocket;
  user: AuthUser;
  params: P;
  req: FastifyRequest;
}

/** WebSocket close code for a refused caller (RFC 6455 §7.4.1: policy violation). */
export const WS_POLICY_VIOLATION = 1008;

const MIME: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
};

/** `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>` (RFC 6266 / 5987), or `inline; …`. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A router that registers calls of module `module` on `app`, recording each in `registered`.
 * `tmpDir` holds uploads while their handler runs. `audit`, when given, receives every call of an
 * audited endpoint (platform/audit.ts) once it has ended, successful or not.
 */
export function createRouter(app: FastifyInstance, module: string, registered: RegisteredEndpoint[], tmpDir: string, audit?: Auditor): Router {
  const record = (endpoint: Endpoint) => {
    const clash = registered.find((r) => r.endpoint.path === endpoint.path);
    if (clash) throw new Error(`${module}: path ${endpoint.path} is already served by module ${clash.module}`);
    registered.push({ module, endpoint });
  };
  const schemaBase = (ep: Endpoint) => ({ summary: ep.summary, tags: [module], ...(ep.access === 'public' ? { security: [] } : {}) });
  const onRequest = (access: Access) => async (req: FastifyRequest) => {
    await authenticate(req, access);
  };
  /** Runs a handler; for audited endpoints records its outcome (the log never changes the answer). */
  const run = async <T>(ep: Endpoint, req: FastifyRequest, fn: () => Promise<T>): Promise<T> => {
    if (!audit || !isAudited(ep)) return fn();
    const started = Date.now();
    const record = (code: number, msg: string) =>
      audit(auditEntry(module, ep, req, req.authUser, { code, msg }, started)).catch((err: unknown) => req.log.error({ err }, 'operation log write failed'));
    try {
      const result = await fn();
      await record(CommonError.OK.code, CommonError.OK.msg);
      return result;
    } catch (err) {
      await record(err instanceof AppError ? err.code : 500, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };

  const socketPaths = new Set<string>();
  return {
    socket(socketPath, handler) {
      if (socketPaths.has(socketPath)) throw new Error(`${module}: socket ${socketPath} is registered twice`);
      socketPaths.add(socketPath);
      app.get(socketPath, {
        websocket: true,
        schema: { summary: `WebSocket (${module})`, tags: [module], hide: true },
        // Resolve the session before the upgrade; refusing happens on the socket (close 1008), not as an HTTP error.
        onRequest: async (req) => {
          const query = req.query as { token?: unknown };
          const token = requestToken(req) || (typeof query.token === 'string' ? query.token.trim() : '');
          req.authUser = token ? await req.server.resolveSession(token) : null;
        },
      }, (socket, req) => {
        if (!req.authUser) {
          socket.close(WS_POLICY_VIOLATION, 'unauthorized');
          return;
        }
        handler({ socket, user: req.authUser, params: req.params as never, req });
      });
    },

    json(ep, handler) {
      record(ep);
      app.route({
        method: 'POST',
        url: ep.path,
        schema: { ...schemaBase(ep), body: ep.body, response: { 200: z.union([envelope(ep.data), failEnvelope]) } },
        onRequest: onRequest(ep.access),
        handler: async (req, reply) => {
          const user = req.authUser as CallerOf<typeof ep.access>;
          const data = await run(ep, req, async () => handler({ body: (req.body ?? {}) as z.output<typeof ep.body>, user, req, reply }));
          return ok(data ?? null);
        },
      });
    },

    upload(ep, handler, opts) {
      record(ep);
      app.route({
        method: 'POST',
        url: ep.path,
        schema: { ...schemaBase(ep), consumes: ['multipart/form-data'], response: { 200: z.union([envelope(ep.data), failEnvelope]) } },
        onRequest: onRequest(ep.access),
        handler: async (req, reply) => {
          const user = req.authUser as CallerOf<typeof ep.access>;
          const accept = ep.file.accept.join('/');
          const missing = `请上传${accept}文件！`;
          if (!req.isMultipart()) throw badParams(missing);
          fs.mkdirSync(tmpDir, { recursive: true });
          const tmp = path.join(tmpDir, `upload-${newId()}`);
          let file: UploadedFile | undefined;
          const raw: Record<string, string> = {};
          try {
            // With a limit per file the counting stream below cuts it; otherwise busboy truncates at file.maxBytes.
            for await (const part of req.parts({ limits: { fileSize: opts?.limit ? Number.MAX_SAFE_INTEGER : ep.file.maxBytes, files: 3, fields: 20 } })) {
              if (part.type === 'file') {
                if (part.fieldname !== ep.file.field || file) {
                  part.file.resume();
                  continue;
                }
                const ext = path.extname(part.filename).toLowerCase();
                if (!ep.file.accept.includes(ext)) {
                  part.file.resume();
                  throw badParams(`文件格式不正确，${missing}`);
                }
                const limit = opts?.limit?.(part.filename) ?? { bytes: ep.file.maxBytes, error: badParams(`文件不能超过${Math.round(ep.file.maxBytes / 1024 / 1024)}MB！`) };
                let seen = 0;
                // Counts while writing: nothing past the limit reaches the disk; the rest of the request
                // is read and dropped so that the client gets the answer, not a reset connection.
                const counter = new Transform({
                  transform(chunk: Buffer, _enc, done) {
                    const room = limit.bytes - seen;
                    seen += chunk.length;
                    done(null, room <= 0 ? undefined : room >= chunk.length ? chunk : chunk.subarray(0, room));
                  },
                });
                await pipeline(part.file, counter, fs.createWriteStream(tmp));
                if (part.file.truncated || seen > limit.bytes) throw limit.error;
                file = { path: tmp, name: part.filename, size: fs.statSync(tmp).size };
              } else if (typeof part.value === 'string' && part.value.trim() !== '') {
                raw[part.fieldname] = part.value.trim();
              }
            }
            if (!file) throw badParams(missing);
            const fields = ep.fields.safeParse(raw);
            if (!fields.success) throw badParams(fields.error.issues[0]?.message);
            const parsed = fields.data as z.output<typeof ep.fields>;
            const data = await run(ep, req, async () => handler({ fields: parsed, file: file as UploadedFile, user, req, reply }));
            return ok(data ?? null);
          } finally {
            fs.rmSync(tmp, { force: true });
          }
        },
      });
    },

    download(ep, handler) {
      record(ep);
      app.route({
        method: ep.method,
        url: ep.path,
        schema: { ...schemaBase(ep), ...(ep.method === 'GET' ? { querystring: ep.body } : { body: ep.body }) },
        onRequest: onRequest(ep.access),
        handler: async (req, reply) => {
          const user = req.authUser as CallerOf<typeof ep.access>;
          const input = (ep.method === 'GET' ? req.query : req.body) ?? {};
          const answer = await run(ep, req, () => handler({ body: input as z.output<typeof ep.body>, user, req, reply }));
          const fileName = answer.fileName ?? ep.fileName;
          if (answer.size !== undefined) {
            reply.header('accept-ranges', 'bytes');
            if (answer.range === 'unsatisfiable') {
              if (answer.body instanceof Readable) answer.body.destroy();
              return reply.code(416).header('content-range', `bytes */${answer.size}`).header('cache-control', 'no-store').send();
            }
            if (answer.range) {
              reply.code(206).header('content-range', `bytes ${answer.range.start}-${answer.range.end}/${answer.size}`).header('content-length', answer.range.end - answer.range.start + 1);
            } else {
              reply.header('content-length', answer.size);
            }
          }
          return reply
            .header('content-type', answer.contentType ?? MIME[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream')
            .header('content-disposition', contentDisposition(fileName, answer.disposition))
            .header('cache-control', answer.cacheControl ?? 'no-store')
            .send(answer.body);
        },
      });
    },
  };
}
