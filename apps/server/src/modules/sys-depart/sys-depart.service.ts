/** Departments (SPEC §3 "Department node"): for now the default department; the tree and its screens come with the accounts domain. */
import type { ModuleContext } from '../../platform/module';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { DEFAULT_DEPT_CODE, DEFAULT_DEPT_NAME } from './sys-depart.constants';
import * as repo from './sys-depart.repository';

export class SysDepartService {
  constructor(private readonly ctx: ModuleContext) {}

  /** The default department exists (created at the first start). */
  async seed(): Promise<void> {
    if (await repo.findByCode(this.ctx.db, DEFAULT_DEPT_CODE)) return;
    const at = now();
    await repo.insertDepart(this.ctx.db, { id: newId(), parentId: '', deptCode: DEFAULT_DEPT_CODE, deptName: DEFAULT_DEPT_NAME, sort: 0, createTime: at, updateTime: at });
  }
}
