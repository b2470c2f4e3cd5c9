/**
 * Where the tests find the real input data of `../shared/data` (ARCHITECTURE §6): tests read it in
 * place and never copy it into the project; where it is absent (a user's own clone) they skip and
 * say so.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This file's folder: `<repo root>/apps/server/src/test`. */
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Root of the git repository (four levels above `apps/server/src/test`). */
const REPO_ROOT = path.resolve(HERE, '..', '..', '..', '..');

/**
 * Absolute path of the shared data folder: env `KAOPEI_SHARED_DATA` when set, else
 * `<repo root>/../shared/data`.
 */
export const SHARED_DATA_DIR: string = process.env.KAOPEI_SHARED_DATA
  ? path.resolve(process.env.KAOPEI_SHARED_DATA)
  : path.resolve(REPO_ROOT, '..', 'shared', 'data');

/** Absolute path of a file inside the shared data folder, e.g. `sharedDataPath('question-banks', 'yf-lite-demo.xlsx')`. */
export function sharedDataPath(...parts: string[]): string {
  return path.join(SHARED_DATA_DIR, ...parts);
}

/** True when the shared data folder exists (tests that need it use `describe.skipIf(!hasSharedData())`). */
export function hasSharedData(): boolean {
  return existsSync(path.join(SHARED_DATA_DIR, 'README.md'));
}
