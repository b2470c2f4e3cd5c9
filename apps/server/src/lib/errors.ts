/**
 * AppError: a business failure that answers HTTP 200 with `{code, msg, data, success:false}`
 * (ARCHITECTURE §3). Throw it from services; the error handler renders it.
 */
import { ErrorCode, ErrorMsg, type ErrorCodeValue } from '@kaopei/contracts';

export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly data: unknown;
  /** HTTP status; 200 for business failures, 429 for rate limits. */
  readonly status: number;
  constructor(code: ErrorCodeValue, msg?: string, data: unknown = null, status = 200) {
    super(msg ?? ErrorMsg[code]);
    this.code = code;
    this.data = data;
    this.status = status;
  }
}

export const notFound = (msg?: string) => new AppError(ErrorCode.NOT_FOUND, msg);
export const badParams = (msg?: string) => new AppError(ErrorCode.BAD_PARAMS, msg);

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(e: unknown): boolean {
  return /UNIQUE constraint|duplicate key/i.test(e instanceof Error ? e.message : String(e));
}
