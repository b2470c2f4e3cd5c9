/**
 * The one way a module declares a call (ARCHITECTURE §2 "thin routes", §3 conventions):
 *
 *   post(app, { path, summary, body, data, access, handler })
 *
 * - `POST` with a JSON body validated by the zod `body` schema (messages from contracts);
 * - `access`: 'public' (no login needed), 'user' (any logged-in user), a permission code the
 *   session user must hold, or a list of codes of which it needs one (SPEC §6); calls whose code
 *   depends on the body (save = add or update) list both and refine with `requirePerm`;
 * - the answer is the envelope `{code:0, msg, data, success:true}`; `data` is serialised through the
 *   `data` schema, so fields it does not list never leave the server;
 * - a missing/unknown/expired token answers code 10010002; a missing permission 10010004 — both
 *   before the body is validated.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope, ErrorCode, ErrorMsg, type PermCode } from '@kaopei/contracts';
import { AppError } from '../lib/errors';

/** The caller as the server knows it (built from the session; see sys-user service). */
export interface AuthUser {
  userId: string;
  userName: string;
  realName: string;
  roleType: number;
  /** Role ids (menus are granted per role). */
  roleIds: string[];
  roles: string[];
  permissions: string[];
  /** sha-256 of the session token (the token itself is never stored). */
  tokenHash: string;
  token: string;
}

/** 'public', 'user', a permission code, or a list of codes of which the caller needs at least one (SPEC §6). */
export type Access = 'public' | 'user' | PermCode | readonly PermCode[];

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves a raw token to its session user, or null when missing/unknown/expired. */
    resolveSession: (token: string) => Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/** The token of a request: header `token`, else cookie `token` (ARCHITECTURE §3). */
export function requestToken(req: FastifyRequest): string {
  const header = req.headers.token;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return (fromHeader || req.cookies?.token || '').trim();
}

/** Resolves and checks the caller for `access`; throws AppError 10010002 / 10010004. */
export async function authenticate(req: FastifyRequest, access: Access): Promise<AuthUser | null> {
  const token = requestToken(req);
  const user = token ? await req.server.resolveSession(token) : null;
  req.authUser = user;
  if (access === 'public') return user;
  if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
  if (access === 'user') return user;
  const codes: readonly string[] = typeof access === 'string' ? [access] : access;
  if (!codes.some((c) => user.permissions.includes(c))) throw new AppError(ErrorCode.NO_PERMISSION);
  return user;
}

export const failEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown(), success: z.literal(false) });

/** Success envelope. */
export function ok<D>(data: D) {
  return { code: ErrorCode.OK, msg: ErrorMsg[ErrorCode.OK], data, success: true as const };
}

interface Ctx<B, A extends Access> {
  body: B;
  user: A extends 'public' ? AuthUser | null : AuthUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface PostDef<B extends z.ZodTypeAny, D extends z.ZodTypeAny, A extends Access> {
  path: string;
  summary: string;
  tags?: string[];
  /** Request body schema; omit for calls without payload. */
  body?: B;
  /** Schema of `data` in the success envelope. */
  data: D;
  access: A;
  handler: (ctx: Ctx<z.output<B>, A>) => Promise<z.input<D>>;
}

/** Registers a POST JSON call; see the module docstring. */
export function post<B extends z.ZodTypeAny, D extends z.ZodTypeAny, A extends Access>(app: FastifyInstance, def: PostDef<B, D, A>): void {
  app.route({
    method: 'POST',
    url: def.path,
    schema: {
      summary: def.summary,
      tags: def.tags ?? [def.path.split('/')[2] ?? 'api'],
      ...(def.body ? { body: def.body } : {}),
      response: { 200: z.union([envelope(def.data), failEnvelope]) },
    },
    // Authentication runs before the body is parsed and validated: an anonymous or unauthorised
    // caller learns nothing about the payload a call expects.
    onRequest: async (req) => {
      await authenticate(req, def.access);
    },
    handler: async (req, reply) => {
      const user = req.authUser;
      const data = await def.handler({ body: (req.body ?? {}) as z.output<B>, user: user as Ctx<z.output<B>, A>['user'], req, reply });
      return ok(data ?? null);
    },
  });
}

/** Throws 10010004 unless `user` holds `code` (for calls whose permission depends on the body). */
export function requirePerm(user: AuthUser, code: PermCode): void {
  if (!user.permissions.includes(code)) throw new AppError(ErrorCode.NO_PERMISSION);
}
