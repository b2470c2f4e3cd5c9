/**
 * The operation log's hook (issue "every admin write is recorded"): the router reports each call
 * that needs a permission code and is not `readOnly` — who, what, on which ids, with which result,
 * from where — to the module that provides `auditor` (none: nothing is recorded).
 */
import type { FastifyRequest } from 'fastify';
import type { Endpoint } from '@kaopei/contracts';
import { accessCodes } from '@kaopei/contracts';
import type { AuthUser } from './auth';

/** One recorded call. */
export interface AuditEntry {
  /** The module that served it. */
  module: string;
  path: string;
  /** The endpoint's summary (what the call does). */
  summary: string;
  userId: string;
  userName: string;
  /** The ids the call acted on (`id`, `ids`, `jobId` of the body, comma-separated), '' when none. */
  targetIds: string;
  /** Business code of the answer (0 success; 500 for a crash). */
  code: number;
  msg: string;
  ip: string;
  /** Epoch ms when the call ended. */
  time: number;
  /** Milliseconds the call took. */
  costMs: number;
}

/** Stores one entry; must not throw for a failed write of the log (it logs instead). */
export type Auditor = (entry: AuditEntry) => Promise<void>;

/** True when calls of `ep` are recorded: they need a permission code and change something. */
export function isAudited(ep: Endpoint): boolean {
  return !ep.readOnly && accessCodes(ep.access).length > 0;
}

/** The ids a call acted on, from its body: `id`, `ids`, `jobId`. */
export function targetIdsOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as { id?: unknown; ids?: unknown; jobId?: unknown };
  const ids = [b.id, b.jobId, ...(Array.isArray(b.ids) ? b.ids : [])].filter((v): v is string => typeof v === 'string' && v !== '');
  return ids.join(',').slice(0, 2000);
}

/** The entry of a finished call. */
export function auditEntry(module: string, ep: Endpoint, req: FastifyRequest, user: AuthUser | null, result: { code: number; msg: string }, started: number): AuditEntry {
  const time = Date.now();
  return {
    module,
    path: ep.path,
    summary: ep.summary,
    userId: user?.userId ?? '',
    userName: user?.userName ?? '',
    targetIds: targetIdsOf(req.body),
    code: result.code,
    msg: result.msg.slice(0, 500),
    ip: req.ip,
    time,
    costMs: time - started,
  };
}
