/**
 * API tests of evaluations (/api/pj/*; issue 13 "Evaluations" and Tests "evaluation answered twice
 * refused"): validation in Chinese with nothing written, the admin list scoped to a class, a second
 * answer refused (also two in parallel: one row), required items, score range, the window, learners
 * not enrolled refused, anonymous results with hand-computed averages on 3 learners and the xlsx
 * export, items fixed once answered, and the requirement 'eval' completing a class (certificate once)
 * only after every enabled questionnaire is answered.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { certApi } from '@kaopei/contracts/cert';
import { PjError, pjApi, type PjLearnDetail, type PjLearnRecord, type PjRecord, type PjResult } from '@kaopei/contracts/pj';
import { trainClassApi, type ClassLearnDetail } from '@kaopei/contracts/train-class';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

/** A class (already started, no course requirement unless asked) with `n` enrolled learners. */
async function classWith(n: number, over: Record<string, unknown> = {}) {
  const id = must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('评估班'), classType: 1, startTime: shanghaiTime(-DAY), endTime: shanghaiTime(30 * DAY), finishCourses: false, ...over }, admin)).id;
  const learners = await Promise.all(Array.from({ length: n }, () => t.newLearner('pj')));
  if (n) must(await t.call(trainClassApi.assign, { classId: id, userIds: learners.map((u) => u.userId) }, admin));
  return { id, learners };
}

const ITEMS = [
  { itemType: 'rate', title: '课程内容', required: true },
  { itemType: 'rate', title: '讲师水平', required: true },
  { itemType: 'text', title: '意见建议', required: false },
];
const savePj = async (classId: string, over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(pjApi.save, { classId, title: uniq('评估问卷'), items: ITEMS, ...over }, admin)).id;
const detail = (id: string) => t.call<PjRecord>(pjApi.detail, { id }, admin);
const answer = (token: string, pjId: string, answers: unknown[]) => t.call(pjApi.answer, { pjId, answers }, token);
/** An answer to ITEMS: stars for the two rate items, an optional text. */
const full = (p: PjRecord, a: number, b: number, text?: string) => [
  { itemId: p.items[0]!.id, score: a },
  { itemId: p.items[1]!.id, score: b },
  ...(text ? [{ itemId: p.items[2]!.id, text }] : []),
];
const answerRows = (pjId: string) => t.db.selectFrom('el_pj_answer').selectAll().where('pjId', '=', pjId).execute();

describe('questionnaire admin', () => {
  it('validates in Chinese and writes nothing', async () => {
    const { id: classId } = await classWith(0);
    const count = async () => (await t.db.selectFrom('el_pj').select('id').where('classId', '=', classId).execute()).length;
    expect(await t.call(pjApi.save, { classId, title: ' ', items: ITEMS }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '问卷标题不能为空！' });
    expect(await t.call(pjApi.save, { classId, title: 'x', items: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少添加一个评价项！' });
    expect(await t.call(pjApi.save, { classId, title: 'x', items: Array.from({ length: 51 }, () => ITEMS[0]) }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评价项不能超过50个！' });
    expect(await t.call(pjApi.save, { classId, title: 'x', items: [{ itemType: 'choice', title: 'a' }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评价项类型不正确！' });
    expect(await t.call(pjApi.save, { classId, title: 'x', items: [{ itemType: 'rate', title: '' }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评价项标题不能为空！' });
    expect(await t.call(pjApi.save, { classId, title: 'x', items: ITEMS, startTime: shanghaiTime(DAY), endTime: shanghaiTime(0) }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '结束时间必须晚于开始时间！' });
    expect((await t.call(pjApi.save, { classId: '1234567890123456789', title: 'x', items: ITEMS }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await count()).toBe(0);
  });

  it('saves with item ids, pages per class (empty without one), disables and deletes', async () => {
    const { id: classId } = await classWith(0);
    const id = await savePj(classId, { lessonId: 'L1', description: '请如实填写' });
    const d = must(await detail(id));
    expect(d).toMatchObject({ classId, lessonId: 'L1', description: '请如实填写', state: 0, state_dictText: '启用', answerCount: 0, startTime: null, phase: 1 });
    expect(d.items.map((i) => [i.itemType, i.title, i.required])).toEqual([['rate', '课程内容', true], ['rate', '讲师水平', true], ['text', '意见建议', false]]);
    expect(new Set(d.items.map((i) => i.id)).size).toBe(3);
    expect(must(await t.call<Page<PjRecord>>(pjApi.paging, {}, admin))).toMatchObject({ records: [], total: 0 });
    expect(must(await t.call<Page<PjRecord>>(pjApi.paging, { params: { classId } }, admin)).records.map((r) => r.id)).toEqual([id]);
    must(await t.call(pjApi.state, { ids: [id], state: 1 }, admin));
    expect(must(await detail(id)).state).toBe(1);
    must(await t.call(pjApi.delete, { ids: [id] }, admin));
    expect((await detail(id)).code).toBe(ErrorCode.NOT_FOUND);
    // A learner cannot manage questionnaires.
    const u = await t.newLearner();
    expect((await t.call(pjApi.paging, { params: { classId } }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('answer', () => {
  it('once: the second answer and two parallel answers leave one row', async () => {
    const { id: classId, learners } = await classWith(2);
    const [u, v] = [learners[0]!, learners[1]!];
    const pjId = await savePj(classId);
    const p = must(await detail(pjId));
    must(await answer(u.token, pjId, full(p, 5, 4)));
    expect(await answer(u.token, pjId, full(p, 3, 3))).toMatchObject({ code: PjError.ALREADY.code, msg: '您已经评价过了！' });
    const both = await Promise.all([answer(v.token, pjId, full(p, 1, 2)), answer(v.token, pjId, full(p, 1, 2))]);
    expect(both.map((r) => r.code).sort()).toEqual([0, PjError.ALREADY.code]);
    expect(await answerRows(pjId)).toHaveLength(2);
    expect(await t.db.selectFrom('el_pj_answer_item').selectAll().where('pjId', '=', pjId).execute()).toHaveLength(4);
    const mine = must(await t.call<PjLearnDetail>(pjApi.detailLearner, { id: pjId }, u.token));
    expect(mine).toMatchObject({ answered: true, canAnswer: false });
    expect(mine.myAnswers.map((a) => a.score)).toEqual([5, 4]);
    const listed = must(await t.call<PjLearnRecord[]>(pjApi.myList, { classId }, u.token));
    expect(listed.map((r) => [r.id, r.answered, r.canAnswer])).toEqual([[pjId, true, false]]);
  });

  it('refuses a missing required item, a score outside 1–5, an unknown item; nothing written', async () => {
    const { id: classId, learners } = await classWith(1);
    const u = learners[0]!;
    const pjId = await savePj(classId);
    const p = must(await detail(pjId));
    expect(await answer(u.token, pjId, [{ itemId: p.items[0]!.id, score: 5 }])).toMatchObject({ code: PjError.REQUIRED.code, msg: '请完成所有必答题！' });
    expect(await answer(u.token, pjId, full(p, 5, 6))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评分必须是1到5之间的整数！' });
    expect(await answer(u.token, pjId, full(p, 5, 2.5))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评分必须是1到5之间的整数！' });
    expect(await answer(u.token, pjId, full(p, 0, 3))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评分必须是1到5之间的整数！' });
    expect((await answer(u.token, pjId, [...full(p, 5, 3), { itemId: 'nope', score: 1 }])).code).toBe(PjError.UNKNOWN_ITEM.code);
    expect(await answerRows(pjId)).toEqual([]);
    // A required text item left blank is missing too.
    const textPj = await savePj(classId, { items: [{ itemType: 'text', title: '收获', required: true }] });
    const tp = must(await detail(textPj));
    expect((await answer(u.token, textPj, [{ itemId: tp.items[0]!.id, text: '   ' }])).code).toBe(PjError.REQUIRED.code);
    must(await answer(u.token, textPj, [{ itemId: tp.items[0]!.id, text: '很有收获' }]));
  });

  it('refuses learners not enrolled, disabled questionnaires and answers outside the window', async () => {
    const { id: classId, learners } = await classWith(1);
    const u = learners[0]!;
    const stranger = await t.newLearner();
    const pjId = await savePj(classId);
    const p = must(await detail(pjId));
    expect((await answer(stranger.token, pjId, full(p, 5, 5))).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(pjApi.myList, { classId }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(pjApi.detailLearner, { id: pjId }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    const later = await savePj(classId, { startTime: shanghaiTime(DAY), endTime: shanghaiTime(2 * DAY) });
    const over = await savePj(classId, { startTime: shanghaiTime(-2 * DAY), endTime: shanghaiTime(-DAY) });
    for (const id of [later, over]) expect(await answer(u.token, id, full(must(await detail(id)), 5, 5))).toMatchObject({ code: PjError.NOT_IN_TIME.code, msg: '不在评价时间内！' });
    must(await t.call(pjApi.state, { ids: [pjId], state: 1 }, admin));
    expect((await answer(u.token, pjId, full(p, 5, 5))).code).toBe(ErrorCode.NOT_FOUND);
    const list = must(await t.call<PjLearnRecord[]>(pjApi.myList, { classId }, u.token));
    expect(list.map((r) => [r.id, r.phase_dictText, r.canAnswer])).toEqual([[later, '未开始', false], [over, '已结束', false]]);
    expect(await t.db.selectFrom('el_pj_answer').selectAll().where('classId', '=', classId).execute()).toEqual([]);
  });
});

describe('results', () => {
  it('are anonymous with hand-computed averages on 3 learners, exported to xlsx; items fixed once answered', async () => {
    const { id: classId, learners } = await classWith(4);
    const pjId = await savePj(classId);
    const p = must(await detail(pjId));
    // 课程内容 5, 4, 4 → 13/3 = 4.33; 讲师水平 3, 5, 2 → 10/3 = 3.33.
    must(await answer(learners[0]!.token, pjId, full(p, 5, 3, '第一条')));
    must(await answer(learners[1]!.token, pjId, full(p, 4, 5)));
    must(await answer(learners[2]!.token, pjId, full(p, 4, 2, '最后一条')));
    const r = must(await t.call<PjResult>(pjApi.result, { id: pjId }, admin));
    expect(r).toMatchObject({ answerCount: 3, enrolledCount: 4 });
    expect(r.items.map((i) => [i.title, i.count, i.average, i.distribution])).toEqual([
      ['课程内容', 3, 4.33, [0, 0, 0, 2, 1]],
      ['讲师水平', 3, 3.33, [0, 1, 1, 0, 1]],
      ['意见建议', 2, null, []],
    ]);
    expect(r.items[2]!.texts).toEqual(['最后一条', '第一条']);
    const text = JSON.stringify(r);
    for (const u of learners) {
      expect(text).not.toContain(u.userId);
      expect(text).not.toContain(u.userName);
    }
    const res = await t.app.inject({ method: 'POST', url: pjApi.export.path, payload: { id: pjId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const sum = wb.getWorksheet('评价汇总')!;
    expect(sum.getRow(4).values).toEqual([undefined, 1, '课程内容', '评分', 3, 4.33, 0, 0, 0, 2, 1]);
    const rows = wb.getWorksheet('评价明细')!.getSheetValues().filter(Boolean).map((v) => (v as unknown[]).slice(1));
    expect(rows).toEqual([['序号', '课程内容', '讲师水平', '意见建议'], [1, 5, 3, '第一条'], [2, 4, 5, ''], [3, 4, 2, '最后一条']]);
    const sheetText = JSON.stringify(rows);
    for (const u of learners) expect(sheetText).not.toContain(u.userName);
    // Answers exist: titles may change, the item set may not.
    must(await t.call(pjApi.save, { id: pjId, classId, title: p.title, items: p.items.map((i) => ({ ...i, title: `${i.title}！` })) }, admin));
    expect((await t.call(pjApi.save, { id: pjId, classId, title: p.title, items: p.items.slice(0, 2) }, admin)).code).toBe(PjError.ITEMS_LOCKED.code);
  });
});

describe("requirement 'eval'", () => {
  it('completes a class asking for evaluations only after every enabled questionnaire is answered, certificate once', async () => {
    const certId = must(await t.call<{ id: string }>(certApi.save, { title: uniq('结业证书'), authority: '培训部' }, admin)).id;
    const { id: classId, learners } = await classWith(1, { finishEval: true, certId });
    const u = learners[0]!;
    const [a, b, off] = [await savePj(classId), await savePj(classId), await savePj(classId, { state: 1 })];
    const info = async () => must(await t.call<ClassLearnDetail & { requirements?: unknown }>(trainClassApi.info, { id: classId }, u.token));
    const grants = async () => (await t.db.selectFrom('cert_grant').selectAll().where('userId', '=', u.userId).where('refId', '=', classId).execute()).length;
    expect(off).toBeTruthy();
    must(await answer(u.token, a, full(must(await detail(a)), 5, 5)));
    expect(await grants()).toBe(0);
    expect(await t.services.pj.evalStanding({ id: classId }, u.userId)).toEqual({ done: 1, total: 2 });
    expect((await info()).finished).toBe(false);
    must(await answer(u.token, b, full(must(await detail(b)), 4, 4)));
    expect(await grants()).toBe(1);
    expect((await info()).finished).toBe(true);
    expect(await t.services.trainClass.settle(classId, u.userId)).toBe(false);
    expect(await grants()).toBe(1);
  });
});
