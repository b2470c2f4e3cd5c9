/**
 * Dictionaries (SPEC §2 dictionary category tree, §3 dictionary nodes and entries, §7
 * /api/sys/dic/*, §9 dictionary cache expiry):
 * - the category tree, detail, save and delete (administrators);
 * - a dictionary's entries as a tree (with `excludes`) or a flat list (any logged-in user), and
 *   their save and delete (administrators);
 * - `labels(dicCode)` / `labeller(dicCode)` for other modules' `<field>_dictText`, cached per process
 *   for DIC_CACHE_MS at most and dropped on every change (bus topic `dic.changed`, which reaches
 *   every process through Redis when REDIS_URL is set);
 * - the seed of the dictionaries SPEC §7 names, at every start (sys-dic.seed.ts).
 */
import { DIC_CACHE_MS, DicError, type DicDetail, type DicItem, type DicNode, type dicSaveReq, type DicValueNode, type dicValueSaveReq } from '@kaopei/contracts/sys-dic';
import type { ErrorDef } from '@kaopei/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import { SEED_DICS, type SeedValue } from './sys-dic.seed';
import type { SysDicTable, SysDicValueTable } from './sys-dic.tables';
import { flatten, forest, isSelfOrBelow, withDescendants } from './sys-dic.tree';
import * as repo from './sys-dic.repository';

/** Bus topic of a changed dictionary; the message is its code ('' = every dictionary). */
export const DIC_CHANGED = 'dic.changed';
/** Seed-log kinds: dictionaries by code, entries by `<dicCode>:<value>`. */
const SEED_DIC = 'dic';
const SEED_VALUE = 'dicValue';

const toDicNode = (d: SysDicTable): DicNode => ({ id: d.id, parentId: d.parentId, title: d.title, dicCode: d.dicCode, rowGuid: d.id, remark: d.remark, sort: d.sort });
const toValueNode = (v: SysDicValueTable): DicValueNode => ({ id: v.id, parentId: v.parentId, value: v.value, title: v.title, sort: v.sort });

/** Runs `fn`, answering `def` instead of a unique-constraint violation (two saves racing). */
async function uniqueAs<T>(def: ErrorDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(def);
    throw e;
  }
}

export class SysDicService {
  /** `dicCode → labels`, with the time they were read. */
  private cache = new Map<string, { at: number; labels: ReadonlyMap<string, string> }>();
  /** Bumped by every invalidation: a read that started before one does not fill the cache. */
  private generation = 0;

  constructor(private readonly ctx: ModuleContext) {
    ctx.bus.subscribe(DIC_CHANGED, (code) => this.drop(code));
  }

  private drop(code: string): void {
    this.generation++;
    if (code) this.cache.delete(code);
    else this.cache.clear();
  }

  /** Drops the labels of `codes` here at once, then in every process. */
  private async changed(codes: string[]): Promise<void> {
    const distinct = [...new Set(codes)];
    for (const c of distinct) this.drop(c);
    await Promise.all(distinct.map((c) => this.ctx.bus.publish(DIC_CHANGED, c)));
  }

  // ------------------------------------------------------------ labels for other modules

  /**
   * `value → title` of every entry (nested ones too) of dictionary `dicCode`; empty when the
   * dictionary does not exist. Cached per process for DIC_CACHE_MS (SPEC §9) at most; any change
   * to the dictionary drops it everywhere. The map is shared: do not change it.
   */
  async labels(dicCode: string): Promise<ReadonlyMap<string, string>> {
    const hit = this.cache.get(dicCode);
    if (hit && now() - hit.at < DIC_CACHE_MS) return hit.labels;
    const generation = this.generation;
    const at = now();
    const labels: ReadonlyMap<string, string> = new Map((await repo.labelsOfCode(this.ctx.db, dicCode)).map((r) => [r.value, r.title]));
    if (generation === this.generation) this.cache.set(dicCode, { at, labels });
    return labels;
  }

  /**
   * A label resolver of dictionary `dicCode` for `withDictText` (lib/dict-text.ts): values are
   * looked up as strings, so numeric fields (user state 0/1/2) work too. Example:
   * `withDictText(rows, { mz: dics.labeller('nation'), state: dics.labeller('user_state') })`.
   */
  labeller<V extends string | number>(dicCode: string): (values: V[]) => Promise<ReadonlyMap<V, string>> {
    return async (values) => {
      const labels = await this.labels(dicCode);
      return new Map(values.map((v) => [v, labels.get(String(v)) ?? '']));
    };
  }

  // ------------------------------------------------------------ dictionaries (categories)

  /** The dictionary category tree (SPEC §3 "Dictionary category node"). */
  async tree(): Promise<DicNode[]> {
    return forest(await repo.allDics(this.ctx.db), toDicNode);
  }

  /** One dictionary; 10010003 when it does not exist. */
  async detail(id: string): Promise<DicDetail> {
    const d = await repo.findDic(this.ctx.db, id);
    if (!d) throw notFound('字典不存在或已被删除！');
    return { id: d.id, parentId: d.parentId, title: d.title, dicCode: d.dicCode, remark: d.remark, sort: d.sort, createTime: formatTimeStrict(d.createTime), updateTime: formatTimeStrict(d.updateTime) };
  }

  /**
   * Adds (no id) or edits a dictionary. Errors: 90040001 code taken, 90040006 code changed on edit,
   * 90040003 parent missing or below the dictionary itself, 10010003 edited dictionary missing.
   */
  async save(req: z.output<typeof dicSaveReq>): Promise<{ id: string }> {
    const at = now();
    const fields = { parentId: req.parentId, title: req.title, remark: req.remark, sort: req.sort, updateTime: at };
    return uniqueAs(DicError.CODE_EXISTS, () =>
      this.ctx.db.transaction().execute(async (trx) => {
        const all = await repo.allDics(trx);
        if (req.parentId && (!all.some((d) => d.id === req.parentId) || (req.id && isSelfOrBelow(all, req.parentId, req.id)))) throw new AppError(DicError.BAD_PARENT);
        if (req.id) {
          const row = all.find((d) => d.id === req.id);
          if (!row) throw notFound('字典不存在或已被删除！');
          if (row.dicCode !== req.dicCode) throw new AppError(DicError.CODE_FIXED);
          await repo.updateDic(trx, req.id, fields);
          return { id: req.id };
        }
        if (all.some((d) => d.dicCode === req.dicCode)) throw new AppError(DicError.CODE_EXISTS);
        const id = newId();
        await repo.insertDic(trx, { id, dicCode: req.dicCode, ...fields, createTime: at });
        return { id };
      }),
    );
  }

  /** Deletes dictionaries with their entries; 90040004 when one keeps a sub-dictionary not deleted with it. Unknown ids are ignored. */
  async delete(ids: string[]): Promise<void> {
    const codes = await this.ctx.db.transaction().execute(async (trx) => {
      const all = await repo.allDics(trx);
      const doomed = new Set(ids);
      if (all.some((d) => doomed.has(d.parentId) && !doomed.has(d.id))) throw new AppError(DicError.HAS_CHILDREN);
      await repo.deleteValuesOfDics(trx, ids);
      await repo.deleteDics(trx, ids);
      return all.filter((d) => doomed.has(d.id)).map((d) => d.dicCode);
    });
    await this.changed(codes);
  }

  // ------------------------------------------------------------ entries (values)

  private async dicByCode(db: Executor, dicCode: string): Promise<SysDicTable> {
    const dic = await repo.findDicByCode(db, dicCode);
    if (!dic) throw new AppError(DicError.DIC_NOT_FOUND, `字典不存在：${dicCode}`);
    return dic;
  }

  /**
   * The entries of `dicCode` as a tree (SPEC §7 /api/sys/dic/value/tree), leaving out the entries
   * whose value is in `excludes` with everything below them. 90040005 when the dictionary does not exist.
   */
  async valueTree(dicCode: string, excludes: readonly string[] = []): Promise<DicValueNode[]> {
    const dic = await this.dicByCode(this.ctx.db, dicCode);
    const rows = await repo.valuesOfDics(this.ctx.db, [dic.id]);
    const excluded = new Set(excludes);
    const hidden = withDescendants(rows, rows.filter((r) => excluded.has(r.value)).map((r) => r.id));
    return forest(rows.filter((r) => !hidden.has(r.id)), toValueNode);
  }

  /** The entries of `dicCode` as `{value, title}`, depth first (SPEC §3 "Dictionary entry"). 90040005 when the dictionary does not exist. */
  async valueList(dicCode: string): Promise<DicItem[]> {
    return flatten(await this.valueTree(dicCode)).map((n) => ({ value: n.value, title: n.title }));
  }

  /**
   * Adds (no id) or edits an entry of `dicCode`. Errors: 90040005 no such dictionary, 90040002 value
   * taken in the dictionary, 90040003 parent not an entry of the dictionary or below the entry
   * itself, 10010003 edited entry not in the dictionary.
   */
  async saveValue(req: z.output<typeof dicValueSaveReq>): Promise<{ id: string }> {
    const at = now();
    const fields = { parentId: req.parentId, value: req.value, title: req.title, sort: req.sort, updateTime: at };
    const result = await uniqueAs(DicError.VALUE_EXISTS, () =>
      this.ctx.db.transaction().execute(async (trx) => {
        const dic = await this.dicByCode(trx, req.dicCode);
        const rows = await repo.valuesOfDics(trx, [dic.id]);
        if (req.parentId && (!rows.some((r) => r.id === req.parentId) || (req.id && isSelfOrBelow(rows, req.parentId, req.id)))) throw new AppError(DicError.BAD_PARENT);
        if (rows.some((r) => r.value === req.value && r.id !== req.id)) throw new AppError(DicError.VALUE_EXISTS);
        if (req.id) {
          if (!rows.some((r) => r.id === req.id)) throw notFound('字典项不存在或已被删除！');
          await repo.updateValue(trx, req.id, fields);
          return { id: req.id, dicCode: dic.dicCode };
        }
        const id = newId();
        await repo.insertValues(trx, [{ id, dicId: dic.id, ...fields, createTime: at }]);
        return { id, dicCode: dic.dicCode };
      }),
    );
    await this.changed([result.dicCode]);
    return { id: result.id };
  }

  /** Deletes entries with every entry below them. Unknown ids are ignored. */
  async deleteValues(ids: string[]): Promise<void> {
    const codes = await this.ctx.db.transaction().execute(async (trx) => {
      const picked = await repo.findValues(trx, ids);
      const dicIds = [...new Set(picked.map((v) => v.dicId))];
      if (dicIds.length === 0) return [];
      const doomed = withDescendants(await repo.valuesOfDics(trx, dicIds), ids);
      await repo.deleteValues(trx, [...doomed]);
      return (await repo.allDics(trx)).filter((d) => dicIds.includes(d.id)).map((d) => d.dicCode);
    });
    await this.changed(codes);
  }

  // ------------------------------------------------------------ seed

  /**
   * Seeds the dictionaries of sys-dic.seed.ts at every start: a dictionary missing by code, an
   * entry missing by value, is inserted, unless the seed log says it was seeded before (an
   * administrator deleted it: it stays deleted, and so do the seeded entries below a deleted
   * entry). Existing rows are never changed. One transaction (retried once when another process
   * seeds at the same instant). Answers the keys inserted (`nation`, `nation:01` …).
   */
  async seed(): Promise<string[]> {
    let added: string[];
    try {
      added = await this.ctx.db.transaction().execute((trx) => this.seedIn(trx));
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      added = await this.ctx.db.transaction().execute((trx) => this.seedIn(trx));
    }
    if (added.length) await this.changed(['']);
    return added;
  }

  private async seedIn(trx: Executor): Promise<string[]> {
    const at = now();
    const seededDics = await seededKeys(trx, SEED_DIC);
    const seededValues = await seededKeys(trx, SEED_VALUE);
    const dics = new Map((await repo.allDics(trx)).map((d) => [d.dicCode, d.id]));
    const values = await repo.valuesOfDics(trx, [...dics.values()]);
    const added: string[] = [];
    const presentValues: string[] = [];
    for (const [i, s] of SEED_DICS.entries()) {
      let dicId = dics.get(s.dicCode);
      if (!dicId) {
        if (seededDics.has(s.dicCode)) continue; // deleted by an administrator
        dicId = newId();
        await repo.insertDic(trx, { id: dicId, parentId: '', dicCode: s.dicCode, title: s.title, remark: s.remark, sort: i, createTime: at, updateTime: at });
        dics.set(s.dicCode, dicId);
        added.push(s.dicCode);
      }
      const id = dicId;
      const existing = new Map(values.filter((v) => v.dicId === id).map((v) => [v.value, v.id]));
      const rows: SysDicValueTable[] = [];
      const walk = (list: readonly SeedValue[], parentId: string) =>
        list.forEach((v, sort) => {
          const key = `${s.dicCode}:${v.value}`;
          let valueId = existing.get(v.value);
          if (!valueId) {
            if (seededValues.has(key)) return; // deleted by an administrator, with what was below it
            valueId = newId();
            rows.push({ id: valueId, dicId: id, parentId, value: v.value, title: v.title, sort, createTime: at, updateTime: at });
            existing.set(v.value, valueId);
            added.push(key);
          }
          presentValues.push(key);
          walk(v.children ?? [], valueId);
        });
      walk(s.values, '');
      await repo.insertValues(trx, rows);
    }
    await markSeeded(trx, SEED_DIC, SEED_DICS.filter((s) => dics.has(s.dicCode)).map((s) => s.dicCode), at);
    await markSeeded(trx, SEED_VALUE, presentValues, at);
    return added;
  }
}
