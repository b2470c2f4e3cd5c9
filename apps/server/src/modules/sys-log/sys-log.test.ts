/**
 * API tests of the operation log (/api/sys/log/paging and the platform's auditor): every
 * administrator write is recorded with who, what, target ids, result and IP, refused writes as
 * failures; reads and learners' calls are not; the paging filters and their bad input; the retention
 * task; the auditor swallows its own failures; the 操作日志 menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { examApi } from '@kaopei/contracts/exam';
import { noticeApi } from '@kaopei/contracts/notice';
import { paperApi } from '@kaopei/contracts/paper';
import { repoApi, RepoError } from '@kaopei/contracts/repo';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { logApi, LogResult, type OperLogRecord } from '@kaopei/contracts/sys-log';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuditEntry } from '../../platform/audit';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const page = async (params: object, extra: object = {}) => must(await t.call<Page<OperLogRecord>>(logApi.paging, { size: 100, params, ...extra }, admin));
/** Entries recorded from `since` (epoch ms) on, newest first. */
const since = async (from: number, params: object = {}) => (await page({ startTime: formatTimeStrict(from - 1000), ...params })).records;
/** A JSON call from a chosen client address. */
async function callFrom<T>(ip: string, path: string, body: unknown, token: string) {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body as object, headers: { token }, remoteAddress: ip });
  return res.json() as Envelope<T>;
}
const DAY = 86_400_000;
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  module: 'notice', path: '/api/sys/notice/save', summary: '新增或修改公告', userId: '', userName: 'nobody', targetIds: '', code: 0, msg: '操作成功！', ip: '10.0.0.1', time: Date.now(), costMs: 3, ...over,
});

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('the operation log records administrator writes', () => {
  it('records an add, an update and a delete with who, what, target ids, result, IP and time taken', async () => {
    const start = Date.now();
    const title = uniq('日志题库');
    const added = await callFrom<{ id: string }>('10.1.2.3', repoApi.save.path, { title }, admin);
    const id = (added.data as { id: string }).id;
    must(await t.call(repoApi.save, { id, title: `${title}改` }, admin));
    const notice = must(await t.call<{ id: string }>(noticeApi.save, { title: uniq('公告'), content: 'x' }, admin)).id;
    must(await t.call(noticeApi.delete, { ids: [notice, '1234567890123456789'] }, admin));

    const rows = await since(start, { userName: 'admin' });
    const [del, , upd, add] = rows;
    expect(rows).toHaveLength(4);
    expect(add).toMatchObject({
      module: 'repo', module_dictText: '题库', path: '/api/repo/save', summary: '新增或修改题库', userName: 'admin', userId_dictText: '管理员',
      targetIds: '', code: 0, msg: '操作成功！', result: LogResult.SUCCESS, result_dictText: '成功', ip: '10.1.2.3',
    });
    expect(add?.userId).toMatch(/^\d+$/);
    expect(add?.costMs).toBeGreaterThanOrEqual(0);
    expect(add?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(upd).toMatchObject({ path: '/api/repo/save', targetIds: id, code: 0, ip: '127.0.0.1' });
    expect(del).toMatchObject({ module: 'notice', module_dictText: '通知公告', path: '/api/sys/notice/delete', summary: '删除公告', targetIds: `${notice},1234567890123456789`, result: 0 });
  });

  it('records a refused write as a failure with its code and message, and the refusal still answers as before', async () => {
    const repoId = await createRepo(t, admin);
    await createQu(t, admin, repoId, 1);
    await createExam(t, admin, examBody(repoId));
    const start = Date.now();
    const res = await t.call(repoApi.delete, { ids: [repoId] }, admin);
    expect(res).toMatchObject({ code: RepoError.REPO_IN_USE.code, success: false });
    const [row] = await since(start, { keyword: '/api/repo/delete' });
    expect(row).toMatchObject({ path: '/api/repo/delete', targetIds: repoId, code: RepoError.REPO_IN_USE.code, msg: res.msg, result: LogResult.FAILURE, result_dictText: '失败' });
  });

  it('records no reads, no learner calls and no refused permission checks', async () => {
    const start = Date.now();
    const before = (await since(start)).length;
    const repoId = await createRepo(t, admin);
    const after = (await since(start)).length;
    expect(after).toBe(before + 1);
    // Reads of an administrator (paging, detail, the log itself).
    must(await t.call(repoApi.paging, {}, admin));
    must(await t.call(repoApi.detail, { id: repoId }, admin));
    await page({});
    // A learner's own writes (a paper) and a learner refused on an administrator's call.
    const learner = await t.newLearner('log');
    const exams = must(await t.call<Page<{ id: string }>>(examApi.onlinePaging, {}, learner.token));
    must(await t.call(paperApi.createPaper, { examId: exams.records[0]?.id }, learner.token));
    expect((await t.call(noticeApi.delete, { ids: ['1'] }, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await since(start)).length).toBe(after);
    expect((await page({ userName: learner.userName })).total).toBe(0);
  });
});

describe('the log list', () => {
  it('filters by account, path or operation, result and time range (inclusive), newest first or oldest first', async () => {
    const base = Date.parse('2021-03-04T10:00:00+08:00');
    const user = uniq('u');
    await t.services.sysLog.record(entry({ userName: user, time: base, path: '/api/exam/exam/save', summary: '新增或修改考试' }));
    await t.services.sysLog.record(entry({ userName: user, time: base + 60_000, code: 20010010, msg: '题库正在被使用，不能删除！', path: '/api/repo/delete', summary: '删除题库' }));
    await t.services.sysLog.record(entry({ userName: user, time: base + 120_999, summary: '删除公告（100%_完成）' }));
    await t.services.sysLog.record(entry({ userName: `${user}x`, time: base }));
    const paths = async (params: object, extra: object = {}) => (await page({ userName: user, ...params }, extra)).records.map((r) => r.path);

    expect(await paths({})).toEqual(['/api/sys/notice/save', '/api/repo/delete', '/api/exam/exam/save']);
    expect(await paths({}, { orders: [{ column: 'createTime', asc: true }] })).toEqual(['/api/exam/exam/save', '/api/repo/delete', '/api/sys/notice/save']);
    expect(await paths({ keyword: 'repo' })).toEqual(['/api/repo/delete']);
    expect(await paths({ keyword: '考试' })).toEqual(['/api/exam/exam/save']);
    expect(await paths({ keyword: '100%_' })).toEqual(['/api/sys/notice/save']);
    expect(await paths({ keyword: '0%x' })).toEqual([]);
    expect(await paths({ result: 1 })).toEqual(['/api/repo/delete']);
    expect(await paths({ result: 0 })).toEqual(['/api/sys/notice/save', '/api/exam/exam/save']);
    expect(await paths({ startTime: '2021-03-04 10:01:00' })).toEqual(['/api/sys/notice/save', '/api/repo/delete']);
    expect(await paths({ endTime: '2021-03-04 10:01:00' })).toEqual(['/api/repo/delete', '/api/exam/exam/save']);
    // The end is inclusive to the second: 10:02:00.999 is within 10:02:00.
    expect(await paths({ startTime: '2021-03-04 10:02:00', endTime: '2021-03-04 10:02:00' })).toEqual(['/api/sys/notice/save']);
    expect((await page({ userName: user.slice(0, -1) })).total).toBe(0);
  });

  it('refuses bad filters with their messages', async () => {
    const bad = async (body: object) => t.call(logApi.paging, body, admin);
    expect(await bad({ params: { startTime: '2021-03-04' } })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '时间格式应为 yyyy-MM-dd HH:mm:ss' });
    expect(await bad({ params: { startTime: '2021-03-05 00:00:00', endTime: '2021-03-04 00:00:00' } })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '开始时间不能晚于结束时间！' });
    expect(await bad({ params: { result: 2 } })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '结果只能是成功或失败！' });
    expect(await bad({ orders: [{ column: 'costMs', asc: true }] })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '只能按以下字段排序：createTime' });
  });

  it('keeps entries LOG_RETENTION_DAYS (default 180) days: the retention task deletes older ones', async () => {
    const user = uniq('old');
    const LOG_RETENTION_DAYS = t.config.logRetentionDays;
    await t.services.sysLog.record(entry({ userName: user, time: now() - (LOG_RETENTION_DAYS + 1) * DAY, path: '/old' }));
    await t.services.sysLog.record(entry({ userName: user, time: now() - (LOG_RETENTION_DAYS - 1) * DAY, path: '/recent' }));
    expect(LOG_RETENTION_DAYS).toBe(180);
    expect(t.modules.find((m) => m.name === 'sysLog')?.tasks?.map((x) => x.name)).toEqual(['sys-log.retention']);
    expect(await t.services.sysLog.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect((await page({ userName: user })).records.map((r) => r.path)).toEqual(['/recent']);
    // A later run (two days on) deletes the other one too, and then has nothing to do.
    expect(await t.services.sysLog.purgeExpired(now() + 2 * DAY)).toBeGreaterThanOrEqual(1);
    expect((await page({ userName: user })).total).toBe(0);
    expect(await t.services.sysLog.purgeExpired(now() + 2 * DAY)).toBe(0);
  });

  it('swallows a failed write of the log (never throws) and stores nothing of it', async () => {
    const user = uniq('bad');
    await expect(t.services.sysLog.record(entry({ userName: user, time: Number.NaN }))).resolves.toBeUndefined();
    expect((await page({ userName: user })).total).toBe(0);
  });

  it('gives the administrator the 操作日志 page under 系统管理, and learners nothing of it', async () => {
    const adminTree = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = adminTree.find((n) => n.name === 'SysMgr');
    expect(sys?.children?.find((n) => n.name === 'ListOperLog')).toMatchObject({ path: '/admin/sys/log', component: 'ListOperLog' });
    const learner = await t.login(LEARNER);
    expect((await t.call(logApi.paging, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
