/**
 * AppError: a business failure that answers HTTP 200 with `{code, msg, data, success:false}`
 * (ARCHITECTURE §3). Throw it from services with an `ErrorDef` of the contracts
 * (`new AppError(PaperError.PAPER_HANDED)`); the error handler renders it.
 */
import { CommonError, type ErrorDef } from '@kaopei/contracts';

export class AppError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** HTTP status; 200 for business failures, 429 for rate limits. */
  readonly status: number;
  /** `msg` replaces the default message of `def` (e.g. naming the row that failed). */
  constructor(def: ErrorDef, msg?: string, data: unknown = null, status = 200) {
    super(msg ?? def.msg);
    this.code = def.code;
    this.data = data;
    this.status = status;
  }
}

export const notFound = (msg?: string) => new AppError(CommonError.NOT_FOUND, msg);
export const badParams = (msg?: string) => new AppError(CommonError.BAD_PARAMS, msg);

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(e: unknown): boolean {
  return /UNIQUE constraint|duplicate key/i.test(e instanceof Error ? e.message : String(e));
}

/**
 * Whether `e` is PostgreSQL's answer to two transactions in each other's way — deadlock_detected
 * (40P01) or serialization_failure (40001): the victim's transaction is undone and running it again
 * is the documented remedy (lib/group-commit.ts does so).
 */
export function isTransientConflict(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
