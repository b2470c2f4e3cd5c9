/**
 * API tests of offline exams (/api/exam/offline/*; issue 8 "Offline exams") on real xlsx files:
 * the template (header with notes, a 填写说明 sheet); an import with bad rows (unknown account,
 * score above the total, a date that does not exist, a blank score, an account twice) reports every
 * bad row and writes nothing; a broken file or header is refused; a good import writes offline
 * papers (state 2) that show in the learner's 我的成绩, and through `paper.marked` the passers get
 * the exam_pass points, the exam's certificate and the score message; importing the same file again
 * changes nothing (no second point, message or certificate); a changed score updates it (a learner who
 * now passes gets points and certificate); typed entry with its errors; the data scope of the list
 * and of typed entry.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { certApi, certGrantApi, type CertGrantRow } from '@kaopei/contracts/cert';
import { examOfflineApi, ExamOfflineError, ExamOfflinePerm, OFFLINE_IMPORT_HEADERS, type OfflineImportResult, type OfflineRecord } from '@kaopei/contracts/exam-offline';
import { paperApi, type PaperRecord } from '@kaopei/contracts/paper';
import { repoApi } from '@kaopei/contracts/repo';
import { departApi } from '@kaopei/contracts/sys-depart';
import { JobState } from '@kaopei/contracts/sys-job';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, multipart, must, uniq, waitForJob } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import { MSG_TIME } from './exam-offline.sheet';

let t: TestApp;
let admin: string;
let repoId: string;
const PW = 'Test@12345';
const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin)).records[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/**
 * An offline exam of total 100, qualify 60, granting a new certificate (the exam form of helper E
 * sets offline and the total of an exam without rules; here the columns are set directly).
 */
async function offlineExam(): Promise<{ examId: string; title: string; certTitle: string }> {
  const certTitle = uniq('线下证书');
  const { id: certId } = must(await t.call<{ id: string }>(certApi.save, { title: certTitle, authority: '考培' }, admin));
  const title = uniq('线下考试');
  const examId = await createExam(t, admin, examBody(repoId, { title, certId }));
  await t.db.updateTable('el_exam').set({ offline: 1, totalScore: 100, qualifyScore: 60 }).where('id', '=', examId).execute();
  return { examId, title, certTitle };
}

async function account(deptCode = 'A01', roles = [ROLE_STUDENT_ID]): Promise<{ userId: string; userName: string; token: string }> {
  const userName = uniq('off');
  const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: '线下学员', deptCode, roles, password: PW }, admin)).id;
  return { userId, userName, token: await t.login({ username: userName, password: PW }) };
}

async function xlsx(rows: (string | number)[][], headers: readonly string[] = OFFLINE_IMPORT_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('成绩数据');
  ws.addRow([...headers]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

/** Uploads `data` for `examId` and waits for the job: answers the result (or the refusal envelope). */
async function importFile(examId: string, data: Buffer, token = admin): Promise<OfflineImportResult> {
  const { payload, contentType } = await multipart({ examId }, { name: 'scores.xlsx', data });
  const res = await t.app.inject({ method: 'POST', url: examOfflineApi.import.path, payload, headers: { 'content-type': contentType, token } });
  const body = res.json() as { code: number; msg: string; data: { jobId: string } };
  if (body.code !== 0) throw new Error(`import refused: ${body.code} ${body.msg}`);
  const job = await waitForJob(t, token, body.data.jobId, 60_000);
  expect(job.state).toBe(JobState.DONE);
  return job.result as OfflineImportResult;
}

const offlinePapers = (examId: string) => t.db.selectFrom('el_paper').selectAll().where('examId', '=', examId).where('offline', '=', 1).orderBy('userScore', 'desc').execute();
const registerRows = (examId: string) => t.db.selectFrom('el_exam_offline').selectAll().where('examId', '=', examId).execute();
const ledger = (userId: string) => t.db.selectFrom('user_points_log').select(['refType', 'refId', 'points']).where('userId', '=', userId).where('refType', '=', 'exam_pass').execute();
const certs = async (token: string) => must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, token)).map((c) => c.title);
const page = async (examId: string, token = admin, params: object = {}) => must(await t.call<Page<OfflineRecord>>(examOfflineApi.paging, { params: { examId, ...params }, size: 50 }, token));

describe('template', () => {
  it('is an xlsx with the import header, a note on each column and a 填写说明 sheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: examOfflineApi.template.path, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('成绩数据');
    expect(sheet?.getRow(1).values).toEqual([undefined, '账号', '姓名', '成绩', '考试时间']);
    expect(String(sheet?.getRow(1).getCell(3).note ?? '')).toContain('0到试卷总分');
    expect(wb.getWorksheet('填写说明')?.getRow(2).values).toEqual([undefined, '账号', '必填，学员的登录账号']);
  });
});

describe('import', () => {
  it('reports every bad row and imports nothing; a broken file or header is refused as a whole', async () => {
    const { examId } = await offlineExam();
    const a = await account();
    const result = await importFile(
      examId,
      await xlsx([
        [a.userName, '甲', 80, '2026-03-01 09:00:00'],
        ['no-such-user-x', '乙', 70, ''],
        [a.userName, '甲', 90, ''],
        [a.userName.toUpperCase() + 'Z', '丙', 101, '2026-02-30'],
        ['', '丁', '', 'yesterday'],
      ]),
    );
    expect(result).toEqual({
      imported: 0,
      unchanged: 0,
      totalErrors: 4,
      errors: [
        { row: 3, msg: '第3行：账号不存在：no-such-user-x！' },
        { row: 4, msg: `第4行：账号“${a.userName}”与第2行重复！` },
        { row: 5, msg: `第5行：${MSG_TIME}` },
        { row: 6, msg: `第6行：账号不能为空！成绩不能为空！${MSG_TIME}` },
      ],
    });
    // Score above the total on an otherwise good row.
    expect((await importFile(examId, await xlsx([[a.userName, '甲', 101, '']]))).errors).toEqual([{ row: 2, msg: '第2行：成绩必须在0-100之间！' }]);
    expect(await registerRows(examId)).toEqual([]);
    expect(await offlinePapers(examId)).toEqual([]);

    expect((await importFile(examId, Buffer.from('not a zip'))).errors).toEqual([{ row: 0, msg: '文件格式不正确，请上传.xlsx文件！' }]);
    expect((await importFile(examId, await xlsx([[a.userName, 80]], ['用户', '成绩']))).errors).toEqual([{ row: 1, msg: '表头不正确，请下载并使用导入模板！' }]);
    expect((await importFile(examId, await xlsx([]))).errors).toEqual([{ row: 2, msg: '文件中没有成绩数据！' }]);
    expect(await offlinePapers(examId)).toEqual([]);

    // An online exam refuses the upload itself.
    const online = await createExam(t, admin, examBody(repoId));
    await expect(importFile(online, await xlsx([[a.userName, '甲', 1, '']]))).rejects.toThrow(String(ExamOfflineError.NOT_OFFLINE.code));
  });

  it('writes offline papers that pass or fail; points, certificate and message follow once; re-import is idempotent, a changed score updates', async () => {
    const { examId, title, certTitle } = await offlineExam();
    const pass = await account();
    const fail = await account();
    await t.events.settle();
    const file = await xlsx([
      [pass.userName, '甲', 80, '2026-03-01 09:00:00'],
      [fail.userName, '乙', 50, '2026-03-01'],
    ]);
    expect(await importFile(examId, file)).toEqual({ imported: 2, unchanged: 0, errors: [], totalErrors: 0 });
    await t.events.settle();

    const papers = await offlinePapers(examId);
    expect(papers).toEqual([
      expect.objectContaining({ userId: pass.userId, state: 2, offline: 1, userScore: 80, passed: 1, totalScore: 100, qualifyScore: 60, title }),
      expect.objectContaining({ userId: fail.userId, state: 2, offline: 1, userScore: 50, passed: 0 }),
    ]);
    // 我的成绩 of the learner shows it like an online paper.
    const mine = must(await t.call<Page<PaperRecord>>(paperApi.paging, { params: { examId } }, pass.token));
    expect(mine.records).toEqual([expect.objectContaining({ examId, title, userScore: 80, passed: true, state_dictText: '已完成', handTime: '2026-03-01 09:00:00' })]);
    expect(must(await t.call<Page<PaperRecord>>(paperApi.paging, { params: { examId } }, fail.token)).records).toEqual([expect.objectContaining({ userScore: 50, passed: false, handTime: '2026-03-01 00:00:00' })]);
    expect(await ledger(pass.userId)).toEqual([{ refType: 'exam_pass', refId: examId, points: 10 }]);
    expect(await ledger(fail.userId)).toEqual([]);
    expect(await certs(pass.token)).toEqual([certTitle]);
    expect(await certs(fail.token)).toEqual([]);
    expect(await t.services.notify.messagesOf('paper.marked', papers[0]!.id)).toHaveLength(1);

    const list = await page(examId);
    expect(list.total).toBe(2);
    expect(list.records.find((r) => r.userId === pass.userId)).toMatchObject({ userName: pass.userName, realName: '线下学员', userScore: 80, passed: true, source_dictText: '导入', updateBy_dictText: '管理员', examTime: '2026-03-01 09:00:00' });
    expect((await page(examId, admin, { passed: 0 })).records.map((r) => r.userId)).toEqual([fail.userId]);

    // The same file again: nothing changes and nothing more is set off.
    const eventsBefore = await t.db.selectFrom('sys_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    expect(await importFile(examId, file)).toEqual({ imported: 0, unchanged: 2, errors: [], totalErrors: 0 });
    await t.events.settle();
    expect(await t.db.selectFrom('sys_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()).toEqual(eventsBefore);
    expect(await offlinePapers(examId)).toEqual(papers);
    expect(await t.services.notify.messagesOf('paper.marked', papers[0]!.id)).toHaveLength(1);

    // A corrected score: the failing learner now passes and gets points and the certificate.
    expect(await importFile(examId, await xlsx([[pass.userName, '甲', 80, '2026-03-01 09:00:00'], [fail.userName, '乙', 70, '2026-03-01']]))).toMatchObject({ imported: 1, unchanged: 1 });
    await t.events.settle();
    expect((await offlinePapers(examId)).map((p) => [p.id, p.userScore, p.passed])).toEqual([[papers[0]!.id, 80, 1], [papers[1]!.id, 70, 1]]);
    expect(await ledger(fail.userId)).toEqual([{ refType: 'exam_pass', refId: examId, points: 10 }]);
    expect(await certs(fail.token)).toEqual([certTitle]);
    expect(await ledger(pass.userId)).toHaveLength(1);
    expect(await certs(pass.token)).toEqual([certTitle]);
  });
});

describe('typed entry and data scope', () => {
  it('enters one score with its checks; the same score twice changes nothing', async () => {
    const { examId } = await offlineExam();
    const u = await account();
    expect(await t.call(examOfflineApi.entry, { examId, userId: u.userId, userScore: 101 }, admin)).toMatchObject({ code: ExamOfflineError.SCORE_RANGE.code, msg: '成绩必须在0-100之间！' });
    expect(await t.call(examOfflineApi.entry, { examId, userId: u.userId, userScore: -1 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '成绩必须是不小于0的整数！' });
    expect(await t.call(examOfflineApi.entry, { examId, userId: u.userId, userScore: 60, examTime: '2026-13-01 00:00:00' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(await t.call(examOfflineApi.entry, { examId, userId: '1234567890123456789', userScore: 60 }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' });
    const online = await createExam(t, admin, examBody(repoId));
    expect(await t.call(examOfflineApi.entry, { examId: online, userId: u.userId, userScore: 60 }, admin)).toMatchObject({ code: ExamOfflineError.NOT_OFFLINE.code, msg: '该考试不是线下考试！' });
    expect(await registerRows(examId)).toEqual([]);

    const first = must(await t.call<{ paperId: string; changed: boolean }>(examOfflineApi.entry, { examId, userId: u.userId, userScore: 60, examTime: '2026-04-01 10:00:00' }, admin));
    expect(first.changed).toBe(true);
    const [again, twin] = await Promise.all([
      t.call<{ paperId: string; changed: boolean }>(examOfflineApi.entry, { examId, userId: u.userId, userScore: 60, examTime: '2026-04-01 10:00:00' }, admin),
      t.call<{ paperId: string; changed: boolean }>(examOfflineApi.entry, { examId, userId: u.userId, userScore: 60, examTime: '2026-04-01 10:00:00' }, admin),
    ]);
    expect([must(again), must(twin)]).toEqual([{ paperId: first.paperId, changed: false }, { paperId: first.paperId, changed: false }]);
    expect(await offlinePapers(examId)).toEqual([expect.objectContaining({ id: first.paperId, userScore: 60, passed: 1 })]);
    expect((await page(examId)).records).toEqual([expect.objectContaining({ source_dictText: '录入', userScore: 60 })]);
    await t.events.settle();
  });

  it('a role limited to its department sees and enters scores of its own people only', async () => {
    const { examId } = await offlineExam();
    const d = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    const D = await d('线下本部');
    const E = await d('线下外部');
    const inD = await account(D);
    const inE = await account(E);
    await importFile(examId, await xlsx([[inD.userName, '', 90, ''], [inE.userName, '', 90, '']]));
    const scoped = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('线下录分员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: scoped, menuIds: [ExamOfflinePerm.LIST, ExamOfflinePerm.ENTRY].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const m = await account(D, [scoped]);
    expect((await page(examId, m.token)).records.map((r) => r.userId)).toEqual([inD.userId]);
    expect(await t.call(examOfflineApi.entry, { examId, userId: inE.userId, userScore: 10 }, m.token)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    // Its import treats people outside its scope as unknown accounts.
    expect((await importFile(examId, await xlsx([[inE.userName, '', 10, '']]), m.token)).errors).toEqual([{ row: 2, msg: `第2行：账号不存在：${inE.userName}！` }]);
    expect(must(await t.call<{ changed: boolean }>(examOfflineApi.entry, { examId, userId: inD.userId, userScore: 10 }, m.token)).changed).toBe(true);
    expect((await offlinePapers(examId)).map((p) => [p.userId, p.userScore])).toEqual([[inE.userId, 90], [inD.userId, 10]]);
    await t.events.settle();
  });
});
