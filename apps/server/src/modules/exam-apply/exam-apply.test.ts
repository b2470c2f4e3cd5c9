/**
 * API tests of exam applications (/api/exam/apply/*; issue 8 "Exam applications"): the reason is
 * required ('申请理由不能为空！') and nothing is written without it; an exam without needApply
 * refuses; a double click applies once; create-paper is refused until an approval (pending and
 * none/rejected answer differently); the audit changes pending rows only, needs a reason to reject,
 * sends the exam.apply message once per application through the event; the audit list filters and
 * honours the data scope of a role limited to its department (list and audit alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { APPLY_SUBMITTED, examApplyApi, ExamApplyError, ExamApplyPerm, type ApplyRecord, type MyApplyState } from '@kaopei/contracts/exam-apply';
import { msgApi } from '@kaopei/contracts/notify';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { repoApi } from '@kaopei/contracts/repo';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, must, uniq } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

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

/** An exam open now whose needApply is `needApply` (the exam form of helper E sets it; here the column is set directly). */
async function exam(needApply = 1, title = uniq('申请考试')): Promise<string> {
  const id = await createExam(t, admin, examBody(repoId, { title, qualifyScore: 0 }));
  await t.db.updateTable('el_exam').set({ needApply }).where('id', '=', id).execute();
  return id;
}

/** A user of `deptCode` with `roles`, logged in. */
async function account(deptCode = 'A01', roles = [ROLE_STUDENT_ID]): Promise<{ userId: string; userName: string; token: string }> {
  const userName = uniq('ap');
  const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: '申请学员', deptCode, roles, password: PW }, admin)).id;
  return { userId, userName, token: await t.login({ username: userName, password: PW }) };
}

const applies = (examId: string) => t.db.selectFrom('el_exam_apply').selectAll().where('examId', '=', examId).orderBy('createTime').execute();
const page = async (params: object, token = admin) => must(await t.call<Page<ApplyRecord>>(examApplyApi.paging, { params, size: 50 }, token));
const myState = async (token: string, examIds: string[]) => must(await t.call<MyApplyState[]>(examApplyApi.myState, { examIds }, token));
const create = (token: string, examId: string) => t.call<{ id: string }>(paperApi.createPaper, { examId }, token);

describe('applying', () => {
  it('needs a reason, an exam that exists and needs approval; writes nothing otherwise', async () => {
    const u = await t.newLearner();
    const examId = await exam();
    expect(await t.call(examApplyApi.save, { examId, applyMsg: '  ' }, u.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '申请理由不能为空！' });
    expect(await t.call(examApplyApi.save, { examId }, u.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '申请理由不能为空！' });
    expect(await t.call(examApplyApi.save, { examId: '1234567890123456789', applyMsg: '想考' }, u.token)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    const open = await exam(0);
    expect(await t.call(examApplyApi.save, { examId: open, applyMsg: '想考' }, u.token)).toMatchObject({ code: ExamApplyError.NOT_NEEDED.code, msg: '该考试无需申请，可直接参加！' });
    await t.db.updateTable('el_exam').set({ state: 1 }).where('id', '=', examId).execute();
    expect((await t.call(examApplyApi.save, { examId, applyMsg: '想考' }, u.token)).code).toBe(ExamApplyError.EXAM_CLOSED.code);
    expect(await applies(examId)).toEqual([]);
    expect(await applies(open)).toEqual([]);
  });

  it('an exam open to named people only does not exist for anybody else', async () => {
    const [named, other] = [await t.newLearner(), await t.newLearner()];
    const examId = await exam();
    await t.db.updateTable('el_exam').set({ openType: 3 }).where('id', '=', examId).execute();
    must(await t.call(examApi.userRefJoin, { refId: examId, ids: [named.userId] }, admin));
    expect((await t.call(examApplyApi.save, { examId, applyMsg: '想考' }, other.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await applies(examId)).toEqual([]);
    must(await t.call(examApplyApi.save, { examId, applyMsg: '想考' }, named.token));
    expect((await applies(examId)).map((a) => a.userId)).toEqual([named.userId]);
  });

  it('a double click applies once; applying again while pending replaces the reason; create-paper waits for the approval', async () => {
    const u = await t.newLearner();
    const examId = await exam();
    expect(await create(u.token, examId)).toMatchObject({ code: ExamApplyError.NOT_APPROVED.code, msg: '该考试需要审核通过后才能参加，请先提交申请！' });
    expect(await myState(u.token, [examId])).toEqual([{ examId, needApply: 1, state: -1, state_dictText: '未申请', applyMsg: '', auditMsg: '' }]);

    const [a, b] = await Promise.all([t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '第一次' }, u.token), t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '第一次' }, u.token)]);
    expect(must(a).id).toBe(must(b).id);
    expect(await applies(examId)).toEqual([expect.objectContaining({ id: must(a).id, userId: u.userId, userName: u.userName, deptCode: 'A01', state: 0, applyMsg: '第一次' })]);
    expect(must(await t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '补充理由' }, u.token)).id).toBe(must(a).id);
    expect((await applies(examId)).map((r) => r.applyMsg)).toEqual(['补充理由']);
    expect(await myState(u.token, [examId])).toEqual([expect.objectContaining({ state: 0, state_dictText: '待审核', applyMsg: '补充理由' })]);
    expect(await create(u.token, examId)).toMatchObject({ code: ExamApplyError.PENDING.code });
    expect(APPLY_SUBMITTED).toBe('审核已提交，管理员审核通过后可以直接开始考试！');

    // Another learner sees only his own state.
    const other = await t.newLearner();
    expect(await myState(other.token, [examId])).toEqual([expect.objectContaining({ examId, state: -1 })]);
    // Unknown exam ids are left out.
    expect(await myState(u.token, ['1234567890123456789'])).toEqual([]);
  });
});

describe('auditing', () => {
  it('rejects with a reason, approves, skips what is audited, sends exam.apply once per application, opens create-paper', async () => {
    const title = uniq('审核考试');
    const examId = await exam(1, title);
    const u = await t.newLearner();
    const first = must(await t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '请批准' }, u.token)).id;

    expect(await t.call(examApplyApi.audit, { ids: [first], state: 2 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '驳回时请填写审核意见！' });
    expect(await t.call(examApplyApi.audit, { ids: ['1234567890123456789', first], state: 1 }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await applies(examId))[0]).toMatchObject({ state: 0 });

    expect(must(await t.call(examApplyApi.audit, { ids: [first], state: 2, auditMsg: '名额已满' }, admin))).toEqual({ audited: 1, skipped: 0 });
    // A second click on 驳回 or 通过 changes nothing and sends nothing more.
    expect(must(await t.call(examApplyApi.audit, { ids: [first], state: 1 }, admin))).toEqual({ audited: 0, skipped: 1 });
    await t.events.settle();
    expect(await myState(u.token, [examId])).toEqual([expect.objectContaining({ state: 2, state_dictText: '已驳回', auditMsg: '名额已满' })]);
    expect(await create(u.token, examId)).toMatchObject({ code: ExamApplyError.NOT_APPROVED.code });
    const rejected = await t.services.notify.messagesOf('exam.apply', first);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ userId: u.userId, title: `考试申请审核结果：${title}` });
    expect(rejected[0]!.content).toContain('驳回');
    expect(rejected[0]!.content).toContain('名额已满');

    // Rejected: he may apply again (a new application; the rejected one stays as history).
    const second = must(await t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '再次申请' }, u.token)).id;
    expect(second).not.toBe(first);
    expect((await applies(examId)).map((r) => [r.id, r.state])).toEqual([[first, 2], [second, 0]]);
    const listed = await page({ examId });
    expect(listed.records.map((r) => r.id)).toEqual([second, first]);
    expect(listed.records[1]).toMatchObject({ examId_dictText: title, state_dictText: '已驳回', auditBy_dictText: '管理员', auditMsg: '名额已满', userName: u.userName });
    expect(listed.records[1]!.auditTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(must(await t.call(examApplyApi.audit, { ids: [second, second], state: 1 }, admin))).toEqual({ audited: 1, skipped: 0 });
    await t.events.settle();
    const approved = await t.services.notify.messagesOf('exam.apply', second);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.content).toContain('通过');
    const inbox = must(await t.call<{ records: { title: string }[] }>(msgApi.paging, { current: 1, size: 50 }, u.token)).records.map((m) => m.title);
    expect(inbox.filter((m) => m === `考试申请审核结果：${title}`)).toHaveLength(2);

    expect(await myState(u.token, [examId])).toEqual([expect.objectContaining({ state: 1, state_dictText: '已通过' })]);
    expect(await t.call(examApplyApi.save, { examId, applyMsg: '又来' }, u.token)).toMatchObject({ code: ExamApplyError.ALREADY_APPROVED.code });
    expect(must(await create(u.token, examId)).id).toMatch(/^\d+$/);
    await t.events.settle();
  });

  it('filters by state and applicant; a role limited to its department lists and audits only its own people', async () => {
    const examId = await exam();
    const d = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    const D = await d('申请本部');
    const E = await d('申请外部');
    const inD = await account(D);
    const inE = await account(E);
    const aD = must(await t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '本部' }, inD.token)).id;
    const aE = must(await t.call<{ id: string }>(examApplyApi.save, { examId, applyMsg: '外部' }, inE.token)).id;
    expect((await page({ examId, userName: inE.userName })).records.map((r) => r.id)).toEqual([aE]);
    expect((await page({ examId, state: 1 })).total).toBe(0);
    expect((await page({ examId, state: 0 })).total).toBe(2);

    const scoped = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('申请审核员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: scoped, menuIds: [ExamApplyPerm.LIST, ExamApplyPerm.AUDIT].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const m = await account(D, [scoped]);
    expect((await page({ examId }, m.token)).records.map((r) => r.id)).toEqual([aD]);
    expect(await t.call(examApplyApi.audit, { ids: [aD, aE], state: 1 }, m.token)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await applies(examId)).map((r) => r.state)).toEqual([0, 0]);
    expect(must(await t.call(examApplyApi.audit, { ids: [aD], state: 1 }, m.token))).toEqual({ audited: 1, skipped: 0 });
    expect((await applies(examId)).find((r) => r.id === aD)).toMatchObject({ state: 1, auditBy: m.userId });
    await t.events.settle();
  });
});
