/**
 * Departments (SPEC §3 "Department node", §7 /api/sys/depart/*, §2 "department tree with filter").
 *
 * - deptCode is assigned by the server and never changes: 3 characters a level, roots 'A01', 'A02'
 *   …, children of 'A01' 'A01A01', 'A01A02' … (sys-depart.codes.ts), so a subtree is a code prefix.
 * - The parent is fixed at creation; `sort` orders siblings (/sort moves one to a position).
 * - Delete is soft (the code is never given again, old references keep their label) and refused
 *   while the department has live sub-departments or users, and for the default department 'A01'
 *   that self-registered learners join.
 *
 * For other modules: `requireByCode`, `subtreeCodes` (data scopes, user filters), `namesOf`
 * (deptCode_dictText labels).
 */
import { SFYXJBM_LABEL, DepartError, type DepartDetail, type DepartNode, type DepartOption, type DepartSaveReq } from '@kaopei/contracts/sys-depart';
import type { ModuleContext } from '../../platform/module';
import type { Executor } from '../../db';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import { isDeptCode, nextChildCode } from './sys-depart.codes';
import { DEFAULT_DEPT_CODE, DEFAULT_DEPT_NAME } from './sys-depart.constants';
import type { SysDepartTable } from './sys-depart.tables';
import * as repo from './sys-depart.repository';

const NOT_FOUND = '部门不存在！';
const PARENT_NOT_FOUND = '上级部门不存在！';
/** Attempts of an insert that lost a race for its code (unique deptCode) before giving up. */
const CODE_RACE_ATTEMPTS = 10;
/** A unique violation of the code (SQLite names the column, PostgreSQL the index), not of the name. */
const CODE_CLASH = /dept_code|uk_sys_depart_code/;

/** A live department as other modules see it. */
export interface DepartRef {
  id: string;
  /** '' for a root. */
  parentId: string;
  deptCode: string;
  deptName: string;
  /** 1: learners of this unit also fill in their sub-department name (bmmc). */
  sfyxjbm: number;
}

const ref = (r: SysDepartTable): DepartRef => ({ id: r.id, parentId: r.parentId, deptCode: r.deptCode, deptName: r.deptName, sfyxjbm: Number(r.sfyxjbm) });

/** The forest of `rows` (already in sibling order); a row whose parent is not among them is a root. */
function forest<T>(rows: SysDepartTable[], make: (r: SysDepartTable, children: T[]) => T): T[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, SysDepartTable[]>();
  for (const r of rows) {
    const parent = ids.has(r.parentId) ? r.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const build = (parent: string): T[] => (byParent.get(parent) ?? []).map((r) => make(r, build(r.id)));
  return build('');
}

const duplicateName = (name: string) => new AppError(DepartError.DUPLICATE_NAME, `同一上级部门下已有名为“${name}”的部门！`);

export class SysDepartService {
  constructor(private readonly ctx: ModuleContext<'sysUser' | 'sysConfig'>) {}

  private get db() {
    return this.ctx.db;
  }

  /** The default department 'A01' 默认部门 exists (created at the first start). */
  async seed(): Promise<void> {
    if (await repo.findByCode(this.db, DEFAULT_DEPT_CODE)) return;
    const at = now();
    await repo.insertDepart(this.db, { id: newId(), parentId: '', deptCode: DEFAULT_DEPT_CODE, deptName: DEFAULT_DEPT_NAME, sfyxjbm: 0, sort: 0, deleted: 0, createTime: at, updateTime: at });
  }

  /** POST /api/sys/depart/tree: every live department as a forest, siblings by sort then code. */
  async tree(): Promise<DepartNode[]> {
    return forest<DepartNode>(await repo.listLive(this.db), (r, children) => ({ ...ref(r), sort: r.sort, children }));
  }

  /** POST /api/sys/depart/tree-select: the same forest for pickers, `{value: deptCode, title, key: deptCode, sfyxjbm, children}`. */
  async treeSelect(): Promise<DepartOption[]> {
    return forest<DepartOption>(await repo.listLive(this.db), (r, children) => ({ value: r.deptCode, title: r.deptName, key: r.deptCode, sfyxjbm: Number(r.sfyxjbm), children }));
  }

  /**
   * POST /api/sys/depart/reg-tree (public, the /register page): the picker forest while the switch
   * configuration lets learners register and choose their unit (userReg on, userDeptType 0); an
   * empty list otherwise, so the organisation's structure is not published when nobody needs it.
   */
  async regTree(): Promise<DepartOption[]> {
    const switches = await this.ctx.services.sysConfig.switches();
    return switches.userReg && switches.userDeptType === 0 ? this.treeSelect() : [];
  }

  /** POST /api/sys/depart/detail: one live department with its parent's name; 10010003 '部门不存在！'. */
  async detail(id: string): Promise<DepartDetail> {
    const r = await repo.findLiveById(this.db, id);
    if (!r) throw notFound(NOT_FOUND);
    const parent = r.parentId ? await repo.findLiveById(this.db, r.parentId) : undefined;
    return {
      ...ref(r),
      parentName: parent?.deptName ?? '',
      sfyxjbm_dictText: SFYXJBM_LABEL[Number(r.sfyxjbm)] ?? '',
      sort: r.sort,
      createTime: formatTimeStrict(r.createTime),
      updateTime: formatTimeStrict(r.updateTime),
    };
  }

  /**
   * POST /api/sys/depart/save. Without id: a new department under `parentId` (a root when absent or
   * ''), last among its siblings, with the next free code of its parent; with id: its name and
   * sfyxjbm. Errors: 10010003 '部门不存在！' / '上级部门不存在！', 90020004 same name under one parent,
   * 90020005 a different parentId on update, 90020006 / 90020007 no code left (codes.ts).
   */
  async save(req: DepartSaveReq): Promise<{ id: string; deptCode: string }> {
    return req.id ? this.update(req.id, req) : this.create(req);
  }

  private async create(req: DepartSaveReq): Promise<{ id: string; deptCode: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const parentId = req.parentId ?? '';
          let parentCode = '';
          if (parentId) {
            // Locks the parent: a concurrent delete of it waits, then sees this child and refuses.
            const parent = (await repo.lockLive(trx, parentId)) ? await repo.findLiveById(trx, parentId) : undefined;
            if (!parent) throw notFound(PARENT_NOT_FOUND);
            parentCode = parent.deptCode;
          }
          if (await repo.findLiveSiblingByName(trx, parentId, req.deptName)) throw duplicateName(req.deptName);
          const deptCode = nextChildCode(parentCode, await repo.lastChildCode(trx, parentId));
          const at = now();
          const id = newId();
          const sort = (await repo.maxSiblingSort(trx, parentId)) + 1;
          await repo.insertDepart(trx, { id, parentId, deptCode, deptName: req.deptName, sfyxjbm: req.sfyxjbm, sort, deleted: 0, createTime: at, updateTime: at });
          return { id, deptCode };
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // Another insert took the name, or the code, at the same moment (roots have no parent row
        // to queue on): a code is tried again after a short random pause.
        if (!CODE_CLASH.test(e instanceof Error ? e.message : String(e))) throw duplicateName(req.deptName);
        if (attempt >= CODE_RACE_ATTEMPTS) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }

  private async update(id: string, req: DepartSaveReq): Promise<{ id: string; deptCode: string }> {
    const row = await repo.findLiveById(this.db, id);
    if (!row) throw notFound(NOT_FOUND);
    if (req.parentId !== undefined && req.parentId !== row.parentId) throw new AppError(DepartError.PARENT_FIXED);
    const same = await repo.findLiveSiblingByName(this.db, row.parentId, req.deptName);
    if (same && same.id !== id) throw duplicateName(req.deptName);
    try {
      if ((await repo.updateDepart(this.db, id, { deptName: req.deptName, sfyxjbm: req.sfyxjbm, updateTime: now() })) === 0) throw notFound(NOT_FOUND);
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateName(req.deptName);
      throw e;
    }
    return { id, deptCode: row.deptCode };
  }

  /**
   * POST /api/sys/depart/delete: deletes these departments (ids already deleted or unknown are
   * ignored). Refused as a whole, naming the department: 90020003 for the default department,
   * 90020001 when one has a live sub-department not being deleted with it, 90020002 when users
   * belong to one (asked of sysUser.countInDepts).
   */
  async delete(ids: string[]): Promise<void> {
    const rows = await repo.findLiveByIds(this.db, ids);
    if (rows.length === 0) return;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const fixed = rows.find((r) => r.deptCode === DEFAULT_DEPT_CODE);
    if (fixed) throw new AppError(DepartError.DEFAULT_DEPART, `“${fixed.deptName}”是默认部门，新注册的学员会加入该部门，不能删除！`);
    const hasChildren = (children: { parentId: string }[]) => {
      const parent = children[0] && byId.get(children[0].parentId);
      if (parent) throw new AppError(DepartError.HAS_CHILDREN, `部门“${parent.deptName}”下还有下级部门，不能删除！`);
    };
    hasChildren(await repo.liveChildrenOutside(this.db, [...byId.keys()]));
    const users = this.ctx.services.sysUser;
    if ((await users.countInDepts(rows.map((r) => r.deptCode))) > 0) {
      for (const r of rows) {
        if ((await users.countInDepts([r.deptCode])) > 0) throw new AppError(DepartError.HAS_USERS, `部门“${r.deptName}”下还有用户，不能删除！`);
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.softDelete(trx, [...byId.keys()], now());
      // A child added since the check above (its insert locked the parent, so it is visible now).
      hasChildren(await repo.liveChildrenOutside(trx, [...byId.keys()]));
    });
  }

  /**
   * POST /api/sys/depart/sort: moves department `id` to position `position` (0 = first; past the
   * end = last) among its live siblings and renumbers them 0, 1, 2 …; 10010003 when it is missing.
   */
  async sort(id: string, position: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findLiveById(trx, id);
      if (!row) throw notFound(NOT_FOUND);
      const siblings = (await repo.liveSiblings(trx, row.parentId)).filter((s) => s.id !== id);
      siblings.splice(Math.min(position, siblings.length), 0, { id, sort: row.sort });
      for (const [i, s] of siblings.entries()) {
        if (s.sort !== i) await repo.setSort(trx, s.id, i);
      }
    });
  }

  /**
   * The live department coded `deptCode`, read on `db` (the caller's transaction or the database);
   * 10010003 '部门不存在！' when there is none (unknown, malformed or deleted).
   */
  async requireByCode(db: Executor, deptCode: string): Promise<DepartRef> {
    const r = isDeptCode(deptCode) ? await repo.findLiveByCode(db, deptCode) : undefined;
    if (!r) throw notFound(NOT_FOUND);
    return ref(r);
  }

  /**
   * Codes of the live department `deptCode` and of every live descendant (the code prefix), sorted;
   * [] when it is unknown, malformed or deleted. For data scopes and user filters.
   */
  async subtreeCodes(deptCode: string): Promise<string[]> {
    if (!isDeptCode(deptCode)) return [];
    const codes = await repo.liveCodesUnder(this.db, deptCode);
    return codes.includes(deptCode) ? codes : [];
  }

  /** `deptCode → deptName` of these codes, deleted departments included; unknown codes are absent (deptCode_dictText labels). */
  async namesOf(codes: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(codes)].filter(isDeptCode);
    return new Map((await repo.namesOf(this.db, wanted)).map((r) => [r.deptCode, r.deptName]));
  }
}
