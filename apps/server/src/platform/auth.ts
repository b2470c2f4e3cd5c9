/**
 * The caller as the server knows it, and the access check every route runs before its body is read
 * (ARCHITECTURE §3; SPEC §6 permissions).
 */
import type { FastifyRequest } from 'fastify';
import { accessCodes, CommonError, type Access } from '@kaopei/contracts';
import { AppError } from '../lib/errors';

/** The caller as the server knows it (built from the session by the module that provides `authenticator`). */
export interface AuthUser {
  userId: string;
  userName: string;
  realName: string;
  /** The user's department code (data scope: a role limited to its department sees this subtree). */
  deptCode: string;
  roleType: number;
  /** Role ids (menus are granted per role). */
  roleIds: string[];
  roles: string[];
  permissions: string[];
  /** sha-256 of the session token (the token itself is never stored). */
  tokenHash: string;
  token: string;
}

/** Resolves a raw token to its session user, or null when missing/unknown/expired. */
export type Authenticator = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves a raw token to its session user (set by the platform from the authenticator module). */
    resolveSession: Authenticator;
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

/** True when `user` may make a call of `access`. */
export function allows(user: AuthUser | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  const codes = accessCodes(access);
  return codes.length === 0 || codes.some((c) => user.permissions.includes(c));
}

/**
 * Resolves the caller and checks it against `access`; sets `req.authUser`. Throws AppError 10010002
 * (no or bad token) or 10010004 (missing permission).
 */
export async function authenticate(req: FastifyRequest, access: Access): Promise<AuthUser | null> {
  const token = requestToken(req);
  const user = token ? await req.server.resolveSession(token) : null;
  req.authUser = user;
  if (access === 'public') return user;
  if (!user) throw new AppError(CommonError.NOT_LOGGED_IN);
  if (!allows(user, access)) throw new AppError(CommonError.NO_PERMISSION);
  return user;
}

/** Throws 10010004 unless `user` holds `code` (for calls whose permission depends on the body). */
export function requirePerm(user: AuthUser, code: string): void {
  if (!user.permissions.includes(code)) throw new AppError(CommonError.NO_PERMISSION);
}
