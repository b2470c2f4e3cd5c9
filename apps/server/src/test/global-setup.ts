/**
 * Vitest global setup of the server project: migrates and seeds ONE template database per run, so
 * each test file copies it instead of migrating and seeding again (test/app.ts). SQLite: a file in
 * a temp dir (KAOPEI_TEST_TEMPLATE_SQLITE); PostgreSQL when TEST_DATABASE_URL is set: a database
 * `kaopei_tpl_<random>` (KAOPEI_TEST_TEMPLATE_PG), dropped at teardown.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { createPgDatabase, dropPgDatabase, testEnv } from './app';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-tpl-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgName = pgUrl ? `kaopei_tpl_${randomBytes(6).toString('hex')}` : null;
  const databaseUrl = pgUrl && pgName ? await createPgDatabase(pgUrl, pgName) : undefined;
  const config = loadConfig(testEnv(dir, databaseUrl ? { DATABASE_URL: databaseUrl } : {}));
  const built = await buildApp(config);
  await built.app.close(); // closes the database: the SQLite file is checkpointed and complete
  if (pgName) process.env.KAOPEI_TEST_TEMPLATE_PG = pgName;
  else process.env.KAOPEI_TEST_TEMPLATE_SQLITE = path.join(dir, 'kaopei.db');
  return async () => {
    if (pgUrl && pgName) await dropPgDatabase(pgUrl, pgName);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
