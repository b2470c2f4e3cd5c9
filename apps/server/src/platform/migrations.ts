/**
 * Migrations are discovered, never listed by hand (ARCHITECTURE §4): the platform's own in
 * `db/migrations/*.ts` and each module's in `modules/<domain>/migrations/*.ts`, one file per change,
 * named `YYYYMMDDHHmm_<domain>_<what>.ts` (the foundation's `0001_init.ts` comes first). Kysely
 * applies pending ones in name order; a module's migration written on a branch may land after a
 * later-named one has run (unordered migrations are allowed), which is safe because each domain
 * migrates only its own tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../db';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isSource = (f: string) => /\.(ts|js|mts|mjs)$/.test(f) && !/\.(test|d)\.[mc]?[tj]s$/.test(f);

/** Absolute paths of every migration file, platform first, then modules by folder name. */
export function migrationFiles(src = SRC): string[] {
  const dirs = [path.join(src, 'db', 'migrations')];
  const modules = path.join(src, 'modules');
  for (const d of fs.readdirSync(modules).sort()) {
    const dir = path.join(modules, d, 'migrations');
    if (fs.existsSync(dir)) dirs.push(dir);
  }
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter(isSource)
      .sort()
      .map((f) => path.join(dir, f)),
  );
}

/** Kysely provider over `migrationFiles()`; two files with the same name are an error. */
export const discoveredMigrations: MigrationProvider = {
  async getMigrations() {
    const out: Record<string, Migration> = {};
    for (const file of migrationFiles()) {
      const name = path.basename(file).replace(/\.[mc]?[tj]s$/, '');
      if (out[name]) throw new Error(`two migrations are named ${name} (${file})`);
      out[name] = (await import(pathToFileURL(file).href)) as Migration;
    }
    return out;
  },
};

/** Applies every pending migration; answers the names applied now. Throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: discoveredMigrations, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
