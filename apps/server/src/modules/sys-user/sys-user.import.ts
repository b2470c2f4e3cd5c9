/**
 * User import and export (SPEC §7 "User" export, §2 "spreadsheet import with template download",
 * §8 import messages; issue 6: every bad row reported, nothing half-imported).
 *
 * Import is a background job (type USER_IMPORT_JOB on the platform queue, progress polled by the
 * web at /api/sys/job/detail):
 * 1. `start` keeps the upload under DATA_DIR/user-imports and queues a job pinned to this process;
 * 2. `run` resolves the caller again from the database (they must still hold sys:user:import; their
 *    data scope and permissions of now apply), reads and checks every row (sys-user.import-sheet.ts),
 *    then across rows and against the database: a user name or mobile repeated in the file or held by
 *    a live user, a department that is not live or outside the scope, an unknown role or one granting
 *    more than the caller holds. Any bad row → nothing is imported and every bad row is reported
 *    (the first 200; `totalErrors` counts all). Otherwise every user is inserted in ONE transaction;
 *    when a concurrent save or import takes a name or number meanwhile, the unique indexes refuse the
 *    whole import and the rows concerned are reported.
 * Imported users: state normal, the given or default password (USER_IMPORT_DEFAULT_PASSWORD) with
 * passState '1' and changedPass 0 (they must change it), roles by name (blank: the learner role);
 * 积分 above 0 is credited through the points ledger in the same transaction (one row, refType import).
 * Each distinct password is hashed once per import (Argon2id costs ~30 ms a hash).
 *
 * Export streams an xlsx of the filtered list (the list's filters and data scope): the import
 * columns without 密码, plus 状态; 积分 is the balance of the points ledger.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { z } from 'zod';
import { CommonError } from '@kaopei/contracts';
import { PointsRefType } from '@kaopei/contracts/points';
import { DicCode } from '@kaopei/contracts/sys-dic';
import { UserError } from '@kaopei/contracts/sys-user';
import {
  USER_EXPORT_HEADERS,
  USER_IMPORT_DEFAULT_PASSWORD,
  USER_IMPORT_HEADERS,
  USER_IMPORT_JOB,
  UserAdminError,
  UserPerm,
  UserState,
  type UserImportResult,
  type userPagingParams,
} from '@kaopei/contracts/sys-user-admin';
import type { JobContext } from '../../platform/jobs';
import type { ModuleContext } from '../../platform/module';
import type { UploadedFile } from '../../platform/router';
import { AppError } from '../../lib/errors';
import { getNodeId, newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { now } from '../../lib/time';
import { msgMoreErrors } from '../../lib/xlsx-text';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import type { Caller, UserAdmin, UserAdminDeps } from './sys-user.admin';
import { readUserFile, rowMsg, userSheetBuffer, writeUserSheet, type ImportRow, type RowError } from './sys-user.import-sheet';
import type { SysUserRoleTable, SysUserTable } from './sys-user.tables';
import { findSessionUser, userRow } from './sys-user.repository';
import * as repo from './sys-user.admin.repository';

/** Errors listed in a result (the rest are counted). */
const LISTED_ERRORS = 200;
/** Uploads older than this are removed when the next import starts (a job that never ran). */
const KEEP_MS = 24 * 3600_000;

const payloadSchema = z.object({ file: z.string(), userId: z.string(), nodeId: z.number().int() });
type ImportPayload = z.infer<typeof payloadSchema>;

/** The result of an import with `errors` (sorted by row, first LISTED_ERRORS, then a summary line). */
function failed(errors: RowError[]): UserImportResult {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const listed = sorted.length > LISTED_ERRORS ? [...sorted.slice(0, LISTED_ERRORS), { row: sorted[LISTED_ERRORS]?.row ?? 0, msg: msgMoreErrors(sorted.length - LISTED_ERRORS) }] : sorted;
  return { imported: 0, errors: listed, totalErrors: sorted.length };
}

export class UserImport {
  constructor(
    private readonly ctx: ModuleContext<UserAdminDeps>,
    private readonly admin: UserAdmin,
  ) {}

  private get dir() {
    return path.join(this.ctx.config.dataDir, 'user-imports');
  }

  /** POST /api/sys/user/import: keeps the upload and queues the job; answers `{jobId}` at once. */
  async start(file: UploadedFile, caller: Caller): Promise<{ jobId: string }> {
    fs.mkdirSync(this.dir, { recursive: true });
    this.removeStale();
    const kept = path.join(this.dir, `${newId()}.xlsx`);
    fs.renameSync(file.path, kept);
    const payload: ImportPayload = { file: kept, userId: caller.userId, nodeId: getNodeId() };
    return { jobId: await this.ctx.jobs.enqueue(USER_IMPORT_JOB, payload, { userId: caller.userId, pinTo: payload.nodeId, maxAttempts: 1 }) };
  }

  private removeStale(): void {
    for (const f of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, f);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
    }
  }

  /** The caller of a job as of now: a live, enabled user holding sys:user:import (10010004 otherwise). */
  private async callerOf(userId: string): Promise<Caller> {
    const rows = await findSessionUser(this.ctx.db, userId);
    const user = rows[0];
    const grants = await this.ctx.services.sysRole.grantsOf(rows.flatMap((r) => (r.roleId ? [r.roleId] : [])));
    if (!user || user.state !== UserState.NORMAL || !grants.permissions.includes(UserPerm.IMPORT)) throw new AppError(CommonError.NO_PERMISSION);
    return { userId, deptCode: user.deptCode, roleIds: grants.roleIds, permissions: grants.permissions };
  }

  /** The job: read, check, hash, insert (see the file comment). Answers the UserImportResult. */
  async run(raw: unknown, job: JobContext): Promise<UserImportResult> {
    const p = payloadSchema.parse(raw);
    try {
      if (!fs.existsSync(p.file)) throw new AppError(CommonError.BAD_PARAMS, '导入文件已过期，请重新上传！');
      const caller = await this.callerOf(p.userId);
      await job.progress(1, '正在读取文件…');
      const read = await readUserFile(p.file, { signal: job.signal, onProgress: (rows) => void job.progress(1 + (39 * rows) / (rows + 2000), `已读取${rows}行`) });
      await job.progress(40, '正在检查数据…');
      const errors = [...read.errors, ...(await this.crossCheck(read.rows, caller))];
      if (errors.length > 0) return failed(errors);

      const roles = await this.admin.roleTable();
      const hashes = new Map<string, string>();
      const passwords = [...new Set(read.rows.map((r) => r.password || USER_IMPORT_DEFAULT_PASSWORD))];
      for (const [i, pw] of passwords.entries()) {
        hashes.set(pw, await hashPassword(pw));
        await job.progress(50 + (40 * (i + 1)) / passwords.length, '正在设置密码…');
      }
      await job.progress(90, `正在导入${read.rows.length}个用户…`);
      const at = now();
      const users: SysUserTable[] = [];
      const userRoles: SysUserRoleTable[] = [];
      const credits: { userId: string; points: number; deptCode: string }[] = [];
      for (const r of read.rows) {
        const id = newId();
        const password = hashes.get(r.password || USER_IMPORT_DEFAULT_PASSWORD) as string;
        users.push(
          userRow({
            id, userName: r.userName, realName: r.realName, deptCode: r.deptCode, mobile: r.mobile, email: r.email, idCard: r.idCard,
            password, passState: '1', changedPass: 0, state: UserState.NORMAL, realPerson: 1, createBy: caller.userId, createTime: at, updateTime: at,
          }),
        );
        const roleIds = r.roleNames.length ? r.roleNames.map((n) => roles.byName.get(n)?.id as string) : [ROLE_STUDENT_ID];
        for (const roleId of roleIds) userRoles.push({ id: newId(), userId: id, roleId });
        if (r.points > 0) credits.push({ userId: id, points: r.points, deptCode: r.deptCode });
      }
      try {
        await this.ctx.db.transaction().execute(async (trx) => {
          await repo.insertUsers(trx, users, userRoles);
          // 积分 is a balance of the points ledger: one import row (refType import) per user, in this transaction.
          for (const c of credits) {
            await this.ctx.services.points.credit(trx, { ...c, refType: PointsRefType.IMPORT, refId: c.userId, refRemark: '用户导入', createBy: caller.userId });
          }
        });
      } catch (e) {
        if (!repo.uniqueClash(e)) throw e;
        // A save or another import took a name or number after the checks: report those rows.
        const raced = await this.takenRows(read.rows);
        if (raced.length === 0) throw e;
        return failed(raced);
      }
      return { imported: users.length, errors: [], totalErrors: 0 };
    } finally {
      fs.rmSync(p.file, { force: true });
    }
  }

  /** Rows whose name or mobile a live user holds. */
  private async takenRows(rows: readonly ImportRow[]): Promise<RowError[]> {
    const names = await repo.liveNamesTaken(this.ctx.db, rows.map((r) => r.userName));
    const mobiles = await repo.liveMobilesTaken(this.ctx.db, rows.map((r) => r.mobile));
    return rows.flatMap((r) => {
      const msgs = [...(names.has(r.userName) ? [UserError.USER_EXISTS.msg] : []), ...(r.mobile && mobiles.has(r.mobile) ? [UserAdminError.MOBILE_TAKEN.msg] : [])];
      return msgs.length ? [{ row: r.row, msg: rowMsg(r.row, msgs) }] : [];
    });
  }

  /** The checks across rows and against the database; one error per bad row. */
  private async crossCheck(rows: readonly ImportRow[], caller: Caller): Promise<RowError[]> {
    const scope = await this.admin.scopeOf(caller);
    const [depts, roles, names, mobiles] = await Promise.all([
      this.admin.deptCodesIn(scope),
      this.admin.roleTable(),
      repo.liveNamesTaken(this.ctx.db, rows.map((r) => r.userName)),
      repo.liveMobilesTaken(this.ctx.db, rows.map((r) => r.mobile)),
    ]);
    const named = [...new Set(rows.flatMap((r) => r.roleNames))].flatMap((n) => (roles.byName.has(n) ? [roles.byName.get(n)?.id as string] : []));
    const beyond = await this.admin.beyond([...named, ...(rows.some((r) => r.roleNames.length === 0) ? [ROLE_STUDENT_ID] : [])], caller);
    const firstName = new Map<string, number>();
    const firstMobile = new Map<string, number>();
    const errors: RowError[] = [];
    for (const r of rows) {
      const msgs: string[] = [];
      const nameAt = firstName.get(r.userName);
      if (nameAt !== undefined) msgs.push(`账号“${r.userName}”与第${nameAt}行重复！`);
      else if (names.has(r.userName)) msgs.push(UserError.USER_EXISTS.msg);
      if (nameAt === undefined) firstName.set(r.userName, r.row);
      if (r.mobile) {
        const mobileAt = firstMobile.get(r.mobile);
        if (mobileAt !== undefined) msgs.push(`手机号“${r.mobile}”与第${mobileAt}行重复！`);
        else if (mobiles.has(r.mobile)) msgs.push(UserAdminError.MOBILE_TAKEN.msg);
        if (mobileAt === undefined) firstMobile.set(r.mobile, r.row);
      }
      if (!depts.has(r.deptCode)) msgs.push(`部门编码不存在：${r.deptCode.slice(0, 50)}`);
      for (const n of r.roleNames) {
        const role = roles.byName.get(n);
        if (!role) msgs.push(`角色不存在：${n.slice(0, 50)}`);
        else if (beyond.has(role.id)) msgs.push(`不能分配超出自己权限的角色：${n}`);
      }
      if (r.roleNames.length === 0 && beyond.has(ROLE_STUDENT_ID)) msgs.push(`不能分配超出自己权限的角色：${roles.byId.get(ROLE_STUDENT_ID)?.roleName ?? ''}`);
      if (msgs.length) errors.push({ row: r.row, msg: rowMsg(r.row, msgs) });
    }
    return errors;
  }

  /** GET /api/sys/user/import/template: the header row with a note on each column, no data. */
  template(): Promise<Buffer> {
    return userSheetBuffer(USER_IMPORT_HEADERS, [], true);
  }

  /**
   * POST /api/sys/user/export: the users of the list's filters and the caller's scope as an xlsx
   * stream (USER_EXPORT_HEADERS), read from the database 500 at a time.
   */
  async exportSheet(filter: z.output<typeof userPagingParams>, caller: Caller): Promise<Readable> {
    const scope = await this.admin.scopeOf(caller);
    const empty = filter.deptCode !== undefined && filter.deptCode !== '' && (await this.ctx.services.sysDepart.subtreeCodes(filter.deptCode)).length === 0;
    const db = this.ctx.db;
    const admin = this.admin;
    const states = await this.ctx.services.sysDic.labels(DicCode.USER_STATE);
    async function* rows(): AsyncGenerator<(string | number)[]> {
      if (empty) return;
      for await (const page of repo.iterateUsers(db, filter, scope)) {
        const records = new Map((await admin.records(page)).map((r) => [r.id, r]));
        for (const u of page) {
          const rec = records.get(u.id);
          yield [u.userName, u.realName, u.deptCode, u.mobile, u.email, u.idCard, rec?.points ?? 0, rec?.roleNames.join(',') ?? '', states.get(String(u.state)) ?? String(u.state)];
        }
      }
    }
    const out = new PassThrough();
    writeUserSheet(USER_EXPORT_HEADERS, rows(), out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }
}
