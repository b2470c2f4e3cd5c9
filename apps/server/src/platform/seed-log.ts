/**
 * The seed log (`sys_seed_log`): which one-time seeds of a kind were already applied, so that a
 * built-in item an administrator deleted is not seeded again at the next start.
 */
import type { Executor } from '../db';

/** Keys of `kind` already seeded. */
export async function seededKeys(db: Executor, kind: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_seed_log').select('seedKey').where('kind', '=', kind).execute();
  return new Set(rows.map((r) => r.seedKey));
}

/** Records `keys` of `kind` as seeded (keys already recorded are left as they are). */
export async function markSeeded(db: Executor, kind: string, keys: Iterable<string>, at: number): Promise<void> {
  const known = await seededKeys(db, kind);
  const rows = [...new Set(keys)].filter((k) => !known.has(k)).map((seedKey) => ({ kind, seedKey, createTime: at }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('sys_seed_log').values(rows.slice(i, i + 200)).execute();
}
