/**
 * Where the e2e journeys find things: the repository root, the failure-screenshot folder and the
 * real input data of `../shared/data` (ARCHITECTURE §6: read in place, never copied; where it is
 * absent — a user's own clone — the journeys that need it skip and say so, except on CI).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<repo root>/e2e/support` → repo root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Screenshots of failed journeys (git-ignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', '.artifacts');

/** env KAOPEI_SHARED_DATA when set, else `<repo root>/../shared/data`. */
export const SHARED_DATA_DIR = process.env.KAOPEI_SHARED_DATA
  ? path.resolve(process.env.KAOPEI_SHARED_DATA)
  : path.resolve(REPO_ROOT, '..', 'shared', 'data');

export function sharedDataPath(...parts: string[]): string {
  return path.join(SHARED_DATA_DIR, ...parts);
}

/** True on CI (env CI set to anything but '', '0' or 'false'). */
export const ON_CI = Boolean(process.env.CI) && process.env.CI !== '0' && process.env.CI !== 'false';

/**
 * Whether a journey needing `files` should skip: only when one is absent AND we are not on CI
 * (CI always has the shared data; there a missing file must fail, not skip). Prints why.
 */
export function skipWithoutSharedData(...files: string[]): boolean {
  const missing = files.filter((f) => !existsSync(f));
  if (!missing.length) return false;
  if (ON_CI) return false;
  console.warn(`[e2e] skipped: shared data missing (${missing.join(', ')}); put ../shared/data beside the repo or set KAOPEI_SHARED_DATA.`);
  return true;
}
