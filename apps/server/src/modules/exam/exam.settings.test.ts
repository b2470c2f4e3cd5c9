/**
 * API tests of issue 8 "Exams" (helper E): every setting saved and read back, open types 2 / 3 / 9
 * (who sees an exam and who may sit it), the time rules (latest start, earliest hand-in), points
 * cost spent once, the three paper methods (random by level and chapter, select, draw) with their
 * counts, scores, no duplicates and shortfalls, combined questions, the shuffle flags, copy,
 * preview (never a paper) and check-rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { examApi, type ExamCheckRes, type ExamDetail, ExamError, type ExamPreview, type OnlineExam } from '@kaopei/contracts/exam';
import { paperApi, PaperError, type PaperDetail } from '@kaopei/contracts/paper';
import { departApi } from '@kaopei/contracts/sys-depart';
import { PointsError } from '@kaopei/contracts/points';
import { advanceClock } from '../../lib/time';
import { newId } from '../../lib/ids';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { bumpRepos } from '../qu/qu.repository';
import { createExam, createQu, createRepo, examBody, must, shanghaiTime, uniq, waitForJob } from '../../test/builders';

const MIN = 60_000;
let t: TestApp;
let admin: string;
let learner: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.login(LEARNER);
});
afterAll(async () => {
  await t.close();
});

const detail = async (id: string) => must(await t.call<ExamDetail>(examApi.detail, { id }, admin));
const onlineIds = async (token: string) => must(await t.call<Page<OnlineExam>>(examApi.onlinePaging, { size: 5000 }, token)).records.map((e) => e.id);
const create = (examId: string, token: string, password?: string) => t.call<{ id: string }>(paperApi.createPaper, { examId, ...(password === undefined ? {} : { password }) }, token);
/** The paper questions of a paper in order: [quId, score, parentId] and the option order per question. */
async function paperRows(paperId: string) {
  const qus = await t.db.selectFrom('el_paper_qu').selectAll().where('paperId', '=', paperId).orderBy('sort').execute();
  const choices = await t.db.selectFrom('el_paper_qu_answer').selectAll().where('paperId', '=', paperId).orderBy('quId').orderBy('sort').execute();
  return { qus, choices };
}
/** A bank with `n` single questions of `level` (and chapter `chapterId`, set in the table). */
async function bankWith(spec: { quType?: number; level?: number; n: number }[], title = uniq('题库')): Promise<{ repoId: string; ids: string[][] }> {
  const repoId = await createRepo(t, admin, title);
  const ids: string[][] = [];
  for (const s of spec) {
    const list: string[] = [];
    for (let i = 0; i < s.n; i++) list.push(await createQu(t, admin, repoId, s.quType ?? 1, { level: s.level ?? 1 }));
    ids.push(list);
  }
  return { repoId, ids };
}
async function chapter(repoId: string, title: string): Promise<string> {
  const id = newId();
  await t.db.insertInto('el_repo_chapter').values({ id, repoId, title, remark: '', sort: 0, createTime: Date.now(), updateTime: Date.now() }).execute();
  return id;
}

describe('settings', () => {
  it('saves every setting and reads it back; learners never get the password', async () => {
    const { repoId } = await bankWith([{ n: 2 }]);
    const body = examBody(repoId, {
      examType: 2, openType: 9, password: 'abc123', pointsCost: 5, handMinMinutes: 10, lateMaxMinutes: 15, resultShow: 3, thanksText: '感谢参加',
      shuffleQu: true, shuffleOption: true, partialCredit: true, camOn: true, camInterval: 3, faceChance: 4, faceOn: true, leaveOn: true, leaveCheck: 20, leaveCount: 2,
      pasteOff: true, fullscreenOn: true, needApply: true, markMode: 2, markDiff: 5, totalTime: 60,
    });
    const id = await createExam(t, admin, body);
    expect(await detail(id)).toMatchObject({
      examType: 2, examType_dictText: '模拟考试', openType: 9, openType_dictText: '需要密码', password: 'abc123', pointsCost: 5, handMinMinutes: 10, lateMaxMinutes: 15,
      resultShow: 3, thanksText: '感谢参加', shuffleQu: true, shuffleOption: true, partialCredit: true, camOn: true, camInterval: 3, faceChance: 4, faceOn: true, leaveOn: true,
      leaveCheck: 20, leaveCount: 2, pasteOff: true, fullscreenOn: true, needApply: true, markMode: 2, markDiff: 5, paperMethod: 1, paperMethod_dictText: '随机组卷', offline: false,
    });
    const online = must(await t.call<OnlineExam>(examApi.checkInfo, { id }, learner));
    expect(online).toMatchObject({ faceOn: true, camOn: true, needPassword: true, pointsCost: 5, handMinMinutes: 10, lateMaxMinutes: 15, examType: 2 });
    expect(JSON.stringify(online)).not.toContain('abc123');
    expect(JSON.stringify(must(await t.call(examApi.onlinePaging, { size: 5000 }, learner)))).not.toContain('abc123');
    // Paging by examType.
    const page = must(await t.call<Page<{ id: string }>>(examApi.paging, { size: 100, params: { title: body.title, examType: 2 } }, admin));
    expect(page.records.map((r) => r.id)).toEqual([id]);
    expect(must(await t.call<Page<unknown>>(examApi.paging, { params: { title: body.title, examType: 1 } }, admin)).total).toBe(0);
    // Back to public: the password is dropped.
    must(await t.call(examApi.save, { ...body, id, openType: 1, password: 'abc123', needApply: false }, admin));
    expect(await detail(id)).toMatchObject({ openType: 1, password: '' });
  });

  it('an offline exam needs no paper part, keeps the given total score and is not sat online', async () => {
    const id = await createExam(t, admin, { title: uniq('线下考试'), totalTime: 90, qualifyScore: 60, offline: true, totalScore: 100, ruleList: [] });
    expect(await detail(id)).toMatchObject({ offline: true, totalScore: 100, quCount: 0, ruleList: [] });
    expect(await onlineIds(learner)).not.toContain(id);
    expect((await create(id, learner)).code).toBe(ExamError.OFFLINE_EXAM.code);
  });
});

describe('open types', () => {
  it('2: departments and their sub-departments see and sit it; others get 10010003', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const root = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq('总部'), sfyxjbm: 1 }, admin));
    const child = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { parentId: root.id, deptName: '分部' }, admin));
    const inChild = await t.newLearner('dept');
    await t.db.updateTable('sys_user').set({ deptCode: child.deptCode }).where('id', '=', inChild.userId).execute();
    const childToken = await t.login({ username: inChild.userName, password: 'Test@12345' });
    const outsider = await t.newLearner('dept'); // in A01
    expect(await t.call(examApi.save, examBody(repoId, { openType: 2, deptCodes: ['Z99Z99'] }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门不存在：Z99Z99' });
    const id = await createExam(t, admin, examBody(repoId, { openType: 2, deptCodes: [root.deptCode] }));
    expect((await detail(id)).deptCodes).toEqual([root.deptCode]);
    expect(await onlineIds(childToken)).toContain(id);
    expect(await onlineIds(outsider.token)).not.toContain(id);
    expect((await t.call(examApi.checkInfo, { id }, outsider.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await create(id, outsider.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除！' });
    expect((await create(id, childToken)).code).toBe(0);
  });

  it('3: named people through user-ref join / remove / paging', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const a = await t.newLearner('ref');
    const b = await t.newLearner('ref');
    const id = await createExam(t, admin, examBody(repoId, { openType: 3, userIds: [a.userId] }));
    expect(await onlineIds(a.token)).toContain(id);
    expect(await onlineIds(b.token)).not.toContain(id);
    expect((await create(id, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await t.call(examApi.userRefJoin, { refId: id, ids: [a.userId, b.userId] }, admin))).toEqual({ added: 1 });
    expect(must(await t.call(examApi.userRefJoin, { refId: id, ids: [b.userId] }, admin))).toEqual({ added: 0 });
    const page = must(await t.call<Page<{ id: string; userName: string }>>(examApi.userRefPaging, { size: 10, params: { refId: id } }, admin));
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.userName).sort()).toEqual([a.userName, b.userName].sort());
    expect(await onlineIds(b.token)).toContain(id);
    expect(must(await t.call(examApi.userRefRemove, { refId: id, ids: [a.userId] }, admin))).toEqual({ removed: 1 });
    expect(await onlineIds(a.token)).not.toContain(id);
    expect((await detail(id)).userCount).toBe(1);
    expect(await t.call(examApi.userRefJoin, { refId: id, ids: ['1234567890123456789'] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '用户不存在：1234567890123456789' });
    expect(await t.call(examApi.userRefJoin, { refId: id, ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一个用户！' });
    expect((await t.call(examApi.userRefJoin, { refId: id, ids: [a.userId] }, learner)).code).not.toBe(0);
  });

  it('3: prepare-notify reaches the named people only', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const a = await t.newLearner('pn3');
    const b = await t.newLearner('pn3');
    const id = await createExam(t, admin, examBody(repoId, { openType: 3, userIds: [a.userId] }));
    const { jobId } = must(await t.call<{ jobId: string }>(examApi.prepareNotify, { id }, admin));
    await waitForJob(t, admin, jobId);
    const msgs = await t.services.notify.messagesOf('exam.publish', id);
    expect(msgs.map((m) => m.userId)).toEqual([a.userId]);
    expect(msgs.some((m) => m.userId === b.userId)).toBe(false);
  });

  it('2: prepare-notify reaches the learners of the departments and those under them only', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const root = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq('通知部') }, admin));
    const child = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { parentId: root.id, deptName: '子部门' }, admin));
    const [inRoot, inChild, outsider] = [await t.newLearner('pn2'), await t.newLearner('pn2'), await t.newLearner('pn2')];
    await t.db.updateTable('sys_user').set({ deptCode: root.deptCode }).where('id', '=', inRoot.userId).execute();
    await t.db.updateTable('sys_user').set({ deptCode: child.deptCode }).where('id', '=', inChild.userId).execute();
    const id = await createExam(t, admin, examBody(repoId, { openType: 2, deptCodes: [root.deptCode] }));
    const { jobId } = must(await t.call<{ jobId: string }>(examApi.prepareNotify, { id }, admin));
    await waitForJob(t, admin, jobId);
    const to = (await t.services.notify.messagesOf('exam.publish', id)).map((m) => m.userId).sort();
    expect(to).toEqual([inRoot.userId, inChild.userId].sort());
    expect(to).not.toContain(outsider.userId);
  });

  it('simple-detail names an exam to those it is open to (and to administrators) only', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const a = await t.newLearner('sd');
    const b = await t.newLearner('sd');
    const title = uniq('简要');
    const id = await createExam(t, admin, examBody(repoId, { title, examType: 2, openType: 3, userIds: [a.userId] }));
    const expected = { id, title, examType: 2, examType_dictText: '模拟考试' };
    expect(must(await t.call(examApi.simpleDetail, { id }, a.token))).toEqual(expected);
    expect(must(await t.call(examApi.simpleDetail, { id }, admin))).toEqual(expected);
    expect((await t.call(examApi.simpleDetail, { id }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(examApi.simpleDetail, { id: '1234567890123456789' }, a.token)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('9: the password is checked at create-paper', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const id = await createExam(t, admin, examBody(repoId, { openType: 9, password: 'S3cret' }));
    const l = await t.newLearner('pwd');
    expect(await onlineIds(l.token)).toContain(id);
    expect(await create(id, l.token)).toMatchObject({ code: ExamError.WRONG_PASSWORD.code, msg: '请输入考试密码！' });
    expect(await create(id, l.token, 'wrong')).toMatchObject({ code: ExamError.WRONG_PASSWORD.code, msg: '考试密码错误！' });
    expect(await t.db.selectFrom('el_paper').select('id').where('examId', '=', id).execute()).toHaveLength(0);
    expect((await create(id, l.token, 'S3cret')).code).toBe(0);
  });
});

describe('time rules and points', () => {
  it('latest start: refused lateMaxMinutes after the window opens', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const late = await createExam(t, admin, examBody(repoId, { startTime: shanghaiTime(-30 * MIN), endTime: shanghaiTime(120 * MIN), lateMaxMinutes: 20 }));
    const inTime = await createExam(t, admin, examBody(repoId, { startTime: shanghaiTime(-10 * MIN), endTime: shanghaiTime(120 * MIN), lateMaxMinutes: 20 }));
    const l = await t.newLearner('late');
    expect(await create(late, l.token)).toMatchObject({ code: ExamError.TOO_LATE.code, msg: '开考20分钟后不能再进入考试！' });
    expect((await create(inTime, l.token)).code).toBe(0);
  });

  it('earliest hand-in: hand-exam refused before handMinMinutes, allowed after (server clock)', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const id = await createExam(t, admin, examBody(repoId, { handMinMinutes: 10 }));
    const l = await t.newLearner('hand');
    const paper = must(await create(id, l.token));
    expect(await t.call(paperApi.handExam, { id: paper.id }, l.token)).toMatchObject({ code: ExamError.HAND_TOO_EARLY.code, msg: '开考10分钟后才能交卷！' });
    expect((await t.db.selectFrom('el_paper').select('state').where('id', '=', paper.id).executeTakeFirstOrThrow()).state).toBe(0);
    advanceClock(11 * MIN);
    expect(must(await t.call<{ state: number }>(paperApi.handExam, { id: paper.id }, l.token)).state).not.toBe(0);
  });

  it('points cost: spent once at the first start, refused when short, retakes free', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const id = await createExam(t, admin, examBody(repoId, { pointsCost: 7, chance: 3 }));
    const l = await t.newLearner('pts');
    expect(await create(id, l.token)).toMatchObject({ code: PointsError.INSUFFICIENT.code, msg: '积分不足！' });
    expect(await t.db.selectFrom('el_paper').select('id').where('examId', '=', id).execute()).toHaveLength(0);
    await t.db.transaction().execute((trx) => t.services.points.credit(trx, { userId: l.userId, points: 10, refType: 'adjust', refId: uniq('t'), refRemark: '测试', deptCode: 'A01' }));
    // The daily login point arrives through the job queue: let it land before reading the balance.
    await t.events.settle();
    const balance = async () => (await t.services.points.balancesOf([l.userId])).get(l.userId) ?? 0;
    const before = await balance();
    expect(before).toBeGreaterThanOrEqual(10);
    const [p1, p1bis] = await Promise.all([create(id, l.token), create(id, l.token)]);
    const first = p1.code === 0 ? p1 : p1bis;
    expect(first.code).toBe(0);
    expect(await balance()).toBe(before - 7);
    must(await t.call(paperApi.handExam, { id: (first.data as { id: string }).id }, l.token));
    await t.events.settle();
    expect((await create(id, l.token)).code).toBe(0);
    expect(await balance()).toBe(before - 7);
    const log = await t.db.selectFrom('user_points_log').selectAll().where('userId', '=', l.userId).where('refType', '=', 'exam_buy').execute();
    expect(log.map((r) => [r.refId, r.points])).toEqual([[id, -7]]);
  });
});

describe('paper methods', () => {
  it('random: rules by level and chapter, counts and scores, never a question twice, exact shortfalls', async () => {
    const { repoId, ids } = await bankWith([{ level: 1, n: 4 }, { level: 2, n: 3 }]);
    const [normal, hard] = ids as [string[], string[]];
    const ch = await chapter(repoId, '第一章');
    await t.db.updateTable('el_qu').set({ chapterId: ch }).where('id', 'in', [normal[0] as string, hard[0] as string]).execute();
    await bumpRepos(t.db, [repoId]); // written around module qu: its kept draw pool must know
    // hard 3 + any 4 = all 7, only possible if "any" avoids the hard ones.
    const ruleList = [
      { repoId, quType: 1, level: 0, quCount: 4, quScore: 1 },
      { repoId, quType: 1, level: 2, quCount: 3, quScore: 5 },
    ];
    const id = await createExam(t, admin, examBody(repoId, { ruleList, qualifyScore: 10 }));
    expect(await detail(id)).toMatchObject({ totalScore: 19, quCount: 7 });
    for (let i = 0; i < 3; i++) {
      const l = await t.newLearner('rand');
      const { qus } = await paperRows(must(await create(id, l.token)).id);
      expect(qus).toHaveLength(7);
      expect(new Set(qus.map((q) => q.quId)).size).toBe(7);
      expect(qus.filter((q) => q.score === 5).map((q) => q.quId).sort()).toEqual([...hard].sort());
      expect(qus.reduce((s, q) => s + q.score, 0)).toBe(19);
    }
    // One more "any" question than the bank holds: the shortfall names the rule.
    const res = await t.call<ExamCheckRes>(examApi.checkRules, { paperMethod: 1, ruleList: [{ ...ruleList[0], quCount: 5 }, ruleList[1]] }, admin);
    expect(must(res)).toMatchObject({ ok: false, totalScore: 20, quCount: 8 });
    expect(must(res).shortfalls.map((s) => s.msg)).toEqual([expect.stringMatching(/^第\d条规则：题库「.+」单选题(（较难）)?不足：需要 \d，仅有 \d$/)]);
    const bad = await t.call(examApi.save, examBody(repoId, { ruleList: [{ repoId, quType: 1, level: 2, quCount: 4, quScore: 1 }], qualifyScore: 1 }), admin);
    expect(bad).toMatchObject({ code: ExamError.RULE_SHORT.code });
    expect(bad.msg).toMatch(/^第1条规则：题库「.+」单选题（较难）不足：需要 4，仅有 3$/);
    // Chapter rules.
    const chOk = must(await t.call<ExamCheckRes>(examApi.checkRules, { paperMethod: 1, ruleList: [{ repoId, quType: 1, chapterId: ch, quCount: 2, quScore: 2 }] }, admin));
    expect(chOk).toMatchObject({ ok: true, totalScore: 4, shortfalls: [] });
    const chShort = must(await t.call<ExamCheckRes>(examApi.checkRules, { paperMethod: 1, ruleList: [{ repoId, quType: 1, level: 2, chapterId: ch, quCount: 2, quScore: 2 }] }, admin));
    expect(chShort.shortfalls[0]?.msg).toMatch(/章节「第一章」单选题（较难）不足：需要 2，仅有 1$/);
    const chId = await createExam(t, admin, examBody(repoId, { ruleList: [{ repoId, quType: 1, chapterId: ch, quCount: 2, quScore: 3 }], qualifyScore: 1 }));
    const { qus } = await paperRows(must(await create(chId, (await t.newLearner('ch')).token)).id);
    expect(qus.map((q) => q.quId).sort()).toEqual([normal[0], hard[0]].sort());
    expect((await detail(chId)).ruleList[0]).toMatchObject({ chapterId: ch, chapterId_dictText: '第一章', level: 0, level_dictText: '不限' });
  });

  it('banks must be open to exams (isExam = 1)', async () => {
    const { repoId } = await bankWith([{ n: 2 }], uniq('练习题库'));
    await t.db.updateTable('el_repo').set({ isExam: 0 }).where('id', '=', repoId).execute();
    const res = await t.call(examApi.save, examBody(repoId), admin);
    expect(res).toMatchObject({ code: ExamError.RULE_SHORT.code });
    expect(res.msg).toMatch(/^第1条规则：题库「练习题库.+」未开启考试用途！$/);
    // A disabled draft may be saved; enabling it is refused with the same reason.
    const id = await createExam(t, admin, examBody(repoId, { state: 1 }));
    const en = await t.call(examApi.state, { ids: [id], state: 0 }, admin);
    expect(en.code).toBe(ExamError.RULE_SHORT.code);
    expect(en.msg).toContain('未开启考试用途');
    expect((await detail(id)).state).toBe(1);
  });

  it('select: exactly the chosen questions with their scores, in order unless shuffleQu; a deleted one blocks', async () => {
    const { repoId, ids } = await bankWith([{ quType: 1, n: 3 }, { quType: 3, n: 1 }]);
    const [singles, judges] = ids as [string[], string[]];
    const quList = [
      { quId: singles[2], score: 4 },
      { quId: judges[0], score: 2 },
      { quId: singles[0], score: 6 },
    ];
    const id = await createExam(t, admin, examBody(repoId, { paperMethod: 2, ruleList: [], quList, qualifyScore: 5 }));
    const d = await detail(id);
    expect(d).toMatchObject({ paperMethod: 2, totalScore: 12, quCount: 3, ruleList: [] });
    expect(d.quList.map((q) => [q.quId, q.score, q.quType])).toEqual([[singles[2], 4, 1], [judges[0], 2, 3], [singles[0], 6, 1]]);
    const l = await t.newLearner('sel');
    const paper = must(await create(id, l.token));
    const { qus } = await paperRows(paper.id);
    // Grouped by type: singles (in the list's order), then true/false.
    expect(qus.map((q) => [q.quId, q.score])).toEqual([[singles[2], 4], [singles[0], 6], [judges[0], 2]]);
    const card = must(await t.call<PaperDetail>(paperApi.paperDetail, { id: paper.id }, l.token));
    expect(card.groupList.map((g) => [g.title, g.quCount, g.totalScore, g.perScore])).toEqual([['单选题', 2, 10, 0], ['判断题', 1, 2, 2]]);
    expect(await t.call(examApi.save, examBody(repoId, { paperMethod: 2, ruleList: [], quList: [quList[0], quList[0]] }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '试题不能重复选择！' });
    // A question deleted afterwards: enabling answers which one.
    must(await t.call(examApi.state, { ids: [id], state: 1 }, admin));
    await t.db.updateTable('el_qu').set({ deleted: 1 }).where('id', '=', singles[0] as string).execute();
    const en = await t.call(examApi.state, { ids: [id], state: 0 }, admin);
    expect(en.code).toBe(ExamError.RULE_SHORT.code);
    expect(en.msg).toContain('第3题：试题不存在或已被删除！');
  });

  it('draw: each learner gets drawCount distinct questions of the pool; drawCount over the pool is refused', async () => {
    const { repoId, ids } = await bankWith([{ n: 6 }]);
    const pool = ids[0] as string[];
    const quList = pool.map((quId) => ({ quId, score: 5 }));
    expect(await t.call(examApi.save, examBody(repoId, { paperMethod: 3, ruleList: [], quList, drawCount: 7 }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '抽题数量不能大于题池中的试题数！' });
    expect(await t.call(examApi.save, examBody(repoId, { paperMethod: 3, ruleList: [], quList: [{ quId: pool[0], score: 1 }, { quId: pool[1], score: 2 }], drawCount: 1, qualifyScore: 0 }), admin)).toMatchObject({
      code: ErrorCode.BAD_PARAMS, msg: '抽题组卷时题池中每题分数必须相同！',
    });
    const id = await createExam(t, admin, examBody(repoId, { paperMethod: 3, ruleList: [], quList, drawCount: 3, qualifyScore: 9 }));
    expect(await detail(id)).toMatchObject({ totalScore: 15, quCount: 3, drawCount: 3 });
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { qus } = await paperRows(must(await create(id, (await t.newLearner('draw')).token)).id);
      expect(qus).toHaveLength(3);
      expect(new Set(qus.map((q) => q.quId)).size).toBe(3);
      for (const q of qus) {
        expect(pool).toContain(q.quId);
        expect(q.score).toBe(5);
        seen.add(q.quId);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
    // The pool may shrink as long as drawCount remain.
    await t.db.updateTable('el_qu').set({ deleted: 1 }).where('id', 'in', pool.slice(0, 3)).execute();
    expect(must(await t.call<ExamCheckRes>(examApi.checkRules, { paperMethod: 3, quList, drawCount: 3 }, admin)).ok).toBe(true);
    expect(must(await t.call<ExamCheckRes>(examApi.checkRules, { paperMethod: 3, quList, drawCount: 4 }, admin)).shortfalls).toEqual([{ index: -1, need: 4, have: 3, msg: '题池可用试题不足：需要 4，仅有 3' }]);
  });

  it('a combined question brings its sub-questions (parentId = the stem row), its score split over them', async () => {
    const { repoId } = await bankWith([]);
    const at = Date.now();
    const stem = newId();
    const base = { repoId, level: 1, analysis: '', image: '', video: '', answer: '', chapterId: '', blankOpts: 0, keywords: '', deleted: 0 as const, createBy: '', createTime: at, updateTime: at };
    const subs = [newId(), newId(), newId()];
    await t.db.insertInto('el_qu').values([
      { ...base, id: stem, parentId: '', quType: 99, content: '组合题题干', sort: 0 },
      ...subs.map((id, i) => ({ ...base, id, parentId: stem, quType: i === 2 ? 4 : 1, content: `小题${i + 1}`, sort: i })),
    ]).execute();
    await bumpRepos(t.db, [repoId]);
    await t.db.insertInto('el_qu_answer').values(subs.slice(0, 2).flatMap((quId) => [0, 1].map((k) => ({ id: newId(), quId, isRight: (k === 0 ? 1 : 0) as 0 | 1, content: `选项${k}`, analysis: '', image: '', answer: '', sort: k })))).execute();
    const id = await createExam(t, admin, examBody(repoId, { ruleList: [{ repoId, quType: 99, quCount: 1, quScore: 10 }], qualifyScore: 6 }));
    const { qus, choices } = await paperRows(must(await create(id, (await t.newLearner('mix')).token)).id);
    const top = qus.filter((q) => q.parentId === '');
    expect(top.map((q) => [q.quId, q.quType, q.score])).toEqual([[stem, 99, 10]]);
    const children = qus.filter((q) => q.parentId === top[0]?.id);
    expect(children.map((q) => [q.quId, q.quType, q.score])).toEqual([[subs[0], 1, 4], [subs[1], 1, 3], [subs[2], 4, 3]]);
    expect(choices.filter((c) => c.quId === subs[0])).toHaveLength(2);
  });

  it('shuffle flags: options and order follow the stored order unless asked to shuffle', async () => {
    const { repoId, ids } = await bankWith([{ quType: 2, n: 6 }]);
    const list = ids[0] as string[];
    const quList = list.map((quId) => ({ quId, score: 1 }));
    const fixed = await createExam(t, admin, examBody(repoId, { paperMethod: 2, ruleList: [], quList, qualifyScore: 1 }));
    const shuffled = await createExam(t, admin, examBody(repoId, { paperMethod: 2, ruleList: [], quList, qualifyScore: 1, shuffleQu: true, shuffleOption: true }));
    const stored = await t.db.selectFrom('el_qu_answer').select(['id', 'quId']).where('quId', 'in', list).orderBy('sort').execute();
    const storedOrder = (quId: string) => stored.filter((o) => o.quId === quId).map((o) => o.id);
    for (let i = 0; i < 3; i++) {
      const { qus, choices } = await paperRows(must(await create(fixed, (await t.newLearner('shf')).token)).id);
      expect(qus.map((q) => q.quId)).toEqual(list);
      for (const quId of list) expect(choices.filter((c) => c.quId === quId).map((c) => c.answerId)).toEqual(storedOrder(quId));
    }
    const orders = new Set<string>();
    const optionOrders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { qus, choices } = await paperRows(must(await create(shuffled, (await t.newLearner('shf')).token)).id);
      orders.add(qus.map((q) => q.quId).join());
      for (const quId of list) optionOrders.add(choices.filter((c) => c.quId === quId).map((c) => c.answerId).join());
      expect(choices.filter((c) => c.quId === list[0]).map((c) => c.abc)).toEqual(['A', 'B', 'C', 'D']);
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(optionOrders.size).toBeGreaterThan(list.length);
  });
});

describe('copy and preview', () => {
  it('copy: a disabled deep copy with rules, fixed questions and refs', async () => {
    const { repoId, ids } = await bankWith([{ n: 3 }]);
    const l = await t.newLearner('copy');
    const src = await createExam(t, admin, examBody(repoId, { paperMethod: 2, ruleList: [], quList: [{ quId: ids[0]?.[0], score: 3 }, { quId: ids[0]?.[1], score: 4 }], qualifyScore: 1, openType: 3, userIds: [l.userId], pointsCost: 2 }));
    const copy = must(await t.call<{ id: string }>(examApi.copy, { id: src }, admin)).id;
    const [a, b] = [await detail(src), await detail(copy)];
    expect(b.title).toBe(`${a.title}（副本）`);
    expect(b.state).toBe(1);
    expect({ ...b, id: a.id, title: a.title, state: a.state, state_dictText: a.state_dictText, createTime: a.createTime, updateTime: a.updateTime }).toEqual(a);
    expect(await t.call(examApi.copy, { id: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('preview: a sample paper with answers, nothing saved, for admins only', async () => {
    const { repoId } = await bankWith([{ quType: 1, n: 3 }, { quType: 2, n: 2 }]);
    const id = await createExam(t, admin, examBody(repoId, { ruleList: [{ repoId, quType: 1, quCount: 2, quScore: 3 }, { repoId, quType: 2, quCount: 1, quScore: 4 }], qualifyScore: 5 }));
    const papers = async () => (await t.db.selectFrom('el_paper').select('id').execute()).length;
    const before = await papers();
    const p = must(await t.call<ExamPreview>(examApi.preview, { id }, admin));
    expect(p).toMatchObject({ examId: id, totalScore: 10 });
    expect(p.groupList.map((g) => [g.title, g.quList.length, g.totalScore])).toEqual([['单选题', 2, 6], ['多选题', 1, 4]]);
    expect(p.groupList[1]?.quList[0]?.answerList.filter((o) => o.isRight)).toHaveLength(2);
    expect(await papers()).toBe(before);
    const l = await t.newLearner('pv');
    expect((await t.call(examApi.preview, { id }, l.token)).code).not.toBe(0);
    expect(must(await t.call<{ tryCount: number }>(examApi.checkInfo, { id }, l.token)).tryCount).toBe(0);
    expect(must(await t.call<Page<unknown>>(paperApi.paging, { params: { examId: id } }, l.token)).total).toBe(0);
  });

  it('check-rules validates like save and answers 10010001 for a malformed part', async () => {
    expect(await t.call(examApi.checkRules, { paperMethod: 1, ruleList: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少添加一条组卷规则！' });
    expect(await t.call(examApi.checkRules, { paperMethod: 3, quList: [{ quId: '1', score: 1 }], drawCount: 0 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '抽题数量必须大于0！' });
    expect((await t.call(examApi.checkRules, { paperMethod: 1, ruleList: [{ repoId: '1', quType: 1, quCount: 1, quScore: 1 }] }, learner)).code).not.toBe(0);
  });
});

describe('create-paper refusals keep everything unwritten', () => {
  it('a second create while a paper is open answers 20010002 with its id', async () => {
    const { repoId } = await bankWith([{ n: 1 }]);
    const id = await createExam(t, admin, examBody(repoId));
    const l = await t.newLearner('dup');
    const p = must(await create(id, l.token));
    expect(await create(id, l.token)).toMatchObject({ code: PaperError.EXAM_IN_PROGRESS.code, data: { id: p.id } });
  });
});
