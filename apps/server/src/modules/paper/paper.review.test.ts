/**
 * Reviewing papers (issue 9): question detail (/web/qu/view) only for marked papers of exams that
 * publish their answers, and the exam records of /web/paper/list/{examId}/{userId}: a learner reads
 * only his own, an administrator with paper:list reads another's within his data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { paperApi, type PaperDetail, type PaperRecord, type ResultQu } from '@kaopei/contracts/paper';
import { PaperPerm } from '@kaopei/contracts/paper-mark';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;
const PW = 'Test@12345';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin, uniq('回看'));
  await createQu(t, admin, repoId, QuType.SINGLE, { analysis: '回看解析' });
});
afterAll(async () => {
  await t?.close();
});

async function examOf(resultShow: number): Promise<string> {
  const id = await createExam(t, admin, examBody(repoId, { ruleList: [{ repoId, quType: QuType.SINGLE, quCount: 1, quScore: 10 }] }));
  await t.db.updateTable('el_exam').set({ resultShow }).where('id', '=', id).execute();
  return id;
}

async function open(token: string, examId: string): Promise<{ paperId: string; quId: string }> {
  const { id: paperId } = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token));
  const quId = must(await t.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token)).groupList[0]!.quList[0]!.quId;
  return { paperId, quId };
}

describe('qu-view', () => {
  it('is refused while the paper is open, then shows the answers and analysis after hand-in', async () => {
    const u = await t.newLearner();
    const { paperId, quId } = await open(u.token, await examOf(3));
    const refused = await t.call(paperApi.quView, { paperId, quId }, u.token);
    expect(refused).toMatchObject({ code: 20010009, msg: '试卷尚未交卷或阅卷未完成，暂不能查看试题详情！', data: null });
    must(await t.call(paperApi.handExam, { id: paperId }, u.token));
    const view = must(await t.call<ResultQu>(paperApi.quView, { paperId, quId }, u.token));
    expect(view).toMatchObject({ quId, analysis: '回看解析', isRight: false, actualScore: 0, score: 10 });
    expect(view.answerList.filter((o) => o.isRight).map((o) => o.content)).toEqual(['选项A']);
    // Another learner, or a question not on the paper: as if missing.
    const other = await t.newLearner();
    expect((await t.call(paperApi.quView, { paperId, quId }, other.token)).code).toBe(10010003);
    expect((await t.call(paperApi.quView, { paperId, quId: '123' }, u.token)).code).toBe(10010003);
  });

  it('is refused for an exam that shows only the score', async () => {
    const u = await t.newLearner();
    const { paperId, quId } = await open(u.token, await examOf(2));
    must(await t.call(paperApi.handExam, { id: paperId }, u.token));
    expect((await t.call(paperApi.quView, { paperId, quId }, u.token)).code).toBe(20010011);
  });
});

describe('exam records of a learner (params.userId)', () => {
  const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const list = (token: string, userId: string, examId: string) => t.call<{ records: PaperRecord[]; total: number }>(paperApi.paging, { current: 1, size: 10, params: { examId, userId } }, token);

  it('a learner reads his own records only; an administrator with paper:list reads them within his data scope', async () => {
    const a = await t.newLearner(); // registered into A01
    const b = await t.newLearner();
    const examId = await examOf(3);
    const { paperId } = await open(a.token, examId);
    must(await t.call(paperApi.handExam, { id: paperId }, a.token));

    expect(must(await list(a.token, a.userId, examId)).records.map((r) => r.id)).toEqual([paperId]);
    expect(await list(b.token, a.userId, examId)).toMatchObject({ code: 10010004, data: null });
    expect(must(await list(admin, a.userId, examId)).records.map((r) => r.id)).toEqual([paperId]);

    // A role limited to its own department with paper:list: sees A's papers only from inside A01.
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('记录查看'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: [tree.find((m) => m.permission === PaperPerm.LIST)!.id] }, admin));
    const other = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('外部门') }, admin)).deptCode;
    const staff = async (deptCode: string) => {
      const userName = uniq('viewer');
      must(await t.call(userAdminApi.save, { userName, realName: '查看人', deptCode, roles: [role], password: PW }, admin));
      return t.login({ username: userName, password: PW });
    };
    expect(must(await list(await staff(other), a.userId, examId)).total).toBe(0);
    expect(must(await list(await staff('A01'), a.userId, examId)).records.map((r) => r.id)).toEqual([paperId]);
  });
});
