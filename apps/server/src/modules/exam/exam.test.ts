/**
 * API tests of exams (/api/exam/exam/*): admin save with rules and scores, detail, paging, state,
 * delete; the learner's online-paging and check-info with the time window and attempts.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { examApi, type ExamDetail, ExamError, type ExamRecord, type OnlineExam } from '@kaopei/contracts/exam';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, rowCount, shanghaiTime, uniq } from '../../test/builders';
import { quApi } from '@kaopei/contracts/qu';
import { paperApi } from '@kaopei/contracts/paper';

const HOUR = 3600_000;

let t: TestApp;
let admin: string;
let learner: string;
/** A bank with 3 single, 2 multiple and 2 true/false questions. */
let repoId: string;
let repoTitle: string;

const detail = (id: string) => t.call<ExamDetail>(examApi.detail, { id }, admin);
const adminPaging = async (params: Record<string, unknown>, current = 1, size = 10) =>
  must(await t.call<Page<ExamRecord>>(examApi.paging, { current, size, params }, admin));
/** Ids of the exams a learner sees as open now. */
const onlineIds = async (token = learner) => must(await t.call<Page<OnlineExam>>(examApi.onlinePaging, { size: 5000 }, token)).records.map((e) => e.id);
const checkInfo = (id: string, token = learner) => t.call<OnlineExam>(examApi.checkInfo, { id }, token);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.login(LEARNER);
  repoTitle = uniq('考试题库');
  repoId = await createRepo(t, admin, repoTitle);
  for (const quType of [1, 1, 1, 2, 2, 3, 3]) await createQu(t, admin, repoId, quType);
});
afterAll(async () => {
  await t.close();
});

describe('save and detail', () => {
  it('computes totalScore = Σ quCount × quScore and returns the rules with their labels', async () => {
    const ruleList = [
      { repoId, quType: 1, quCount: 3, quScore: 2 },
      { repoId, quType: 2, quCount: 2, quScore: 5 },
      { repoId, quType: 3, quCount: 1, quScore: 4 },
    ];
    const startTime = shanghaiTime(-HOUR);
    const endTime = shanghaiTime(24 * HOUR);
    const body = examBody(repoId, { ruleList, qualifyScore: 12, totalTime: 45, chance: 2, startTime, endTime, content: '须知' });
    const id = await createExam(t, admin, body);
    expect(id).toMatch(/^\d{19}$/);
    const d = must(await detail(id));
    expect(d).toMatchObject({
      id, title: body.title, content: '须知', openType: 1, openType_dictText: '完全公开', state: 0, state_dictText: '正常',
      startTime, endTime, totalTime: 45, totalScore: 20, qualifyScore: 12, chance: 2, quCount: 6,
    });
    expect(d.ruleList).toEqual([
      { repoId, repoId_dictText: repoTitle, quType: 1, quType_dictText: '单选题', level: 0, level_dictText: '不限', chapterId: '', chapterId_dictText: '', quCount: 3, quScore: 2 },
      { repoId, repoId_dictText: repoTitle, quType: 2, quType_dictText: '多选题', level: 0, level_dictText: '不限', chapterId: '', chapterId_dictText: '', quCount: 2, quScore: 5 },
      { repoId, repoId_dictText: repoTitle, quType: 3, quType_dictText: '判断题', level: 0, level_dictText: '不限', chapterId: '', chapterId_dictText: '', quCount: 1, quScore: 4 },
    ]);
  });

  it('updates an exam and replaces its rules', async () => {
    const id = await createExam(t, admin, examBody(repoId));
    const title = uniq('改名考试');
    const res = await t.call(examApi.save, examBody(repoId, { id, title, qualifyScore: 3, ruleList: [{ repoId, quType: 3, quCount: 2, quScore: 3 }] }), admin);
    expect(res).toMatchObject({ code: 0, data: { id } });
    const d = must(await detail(id));
    expect(d).toMatchObject({ title, totalScore: 6, qualifyScore: 3, quCount: 2, startTime: null, endTime: null });
    expect(d.ruleList.map((r) => [r.quType, r.quCount, r.quScore])).toEqual([[3, 2, 3]]);
    expect(await t.db.selectFrom('el_exam_rule').select('id').where('examId', '=', id).execute()).toHaveLength(1);
    expect(await t.call(examApi.save, examBody(repoId, { id: '1234567890123456789' }), admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除！' });
  });

  it('refuses a rule asking more questions than the bank holds (20010008), naming bank and type', async () => {
    const before = { exams: await rowCount(t, 'el_exam'), rules: await rowCount(t, 'el_exam_rule') };
    const res = await t.call(examApi.save, examBody(repoId, { qualifyScore: 1, ruleList: [{ repoId, quType: 1, quCount: 1, quScore: 1 }, { repoId, quType: 2, quCount: 3, quScore: 1 }] }), admin);
    expect(res).toMatchObject({ status: 200, code: ExamError.RULE_SHORT.code, success: false });
    expect(res.msg).toContain(`「${repoTitle}」`);
    expect(res.msg).toContain('多选题');
    expect(res.msg).toBe(`第2条规则：题库「${repoTitle}」多选题不足：需要 3，仅有 2`);
    expect(res.data).toEqual({ shortfalls: [{ index: 1, need: 3, have: 2, msg: res.msg }] });
    expect({ exams: await rowCount(t, 'el_exam'), rules: await rowCount(t, 'el_exam_rule') }).toEqual(before);
    // A deleted question no longer counts.
    const q = await createQu(t, admin, repoId, 2);
    expect((await t.call(examApi.save, examBody(repoId, { qualifyScore: 1, ruleList: [{ repoId, quType: 2, quCount: 3, quScore: 1 }] }), admin)).code).toBe(0);
    must(await t.call(quApi.delete, { ids: [q] }, admin));
    expect((await t.call(examApi.save, examBody(repoId, { qualifyScore: 1, ruleList: [{ repoId, quType: 2, quCount: 3, quScore: 1 }] }), admin)).code).toBe(ExamError.RULE_SHORT.code);
  });

  it('validates the fields with 10010001 and writes nothing', async () => {
    const before = await rowCount(t, 'el_exam');
    const rule = { repoId, quType: 1, quCount: 1, quScore: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [examBody(repoId, { qualifyScore: 11 }), '及格分不能大于试卷总分！'],
      [examBody(repoId, { startTime: shanghaiTime(2 * HOUR), endTime: shanghaiTime(HOUR) }), '结束时间必须晚于开始时间！'],
      [examBody(repoId, { startTime: shanghaiTime(HOUR), endTime: shanghaiTime(HOUR) }), '结束时间必须晚于开始时间！'],
      [examBody(repoId, { ruleList: [] }), '请至少添加一条组卷规则！'],
      [examBody(repoId, { ruleList: [rule, { ...rule, quScore: 2 }] }), '同一题库、题型、难度和章节只能添加一条规则！'],
      [examBody(repoId, { ruleList: [{ ...rule, repoId: '' }] }), '请选择题库！'],
      [examBody(repoId, { ruleList: [{ ...rule, quType: 7 }] }), '暂不支持该题型！'],
      [examBody(repoId, { ruleList: [{ ...rule, quCount: 0 }] }), '抽题数量必须大于0！'],
      [examBody(repoId, { ruleList: [{ ...rule, quScore: 1.5 }] }), '每题分数必须为整数！'],
      [examBody(repoId, { title: ' ' }), '考试名称不能为空！'],
      [examBody(repoId, { totalTime: 0 }), '考试时长必须大于0！'],
      [examBody(repoId, { openType: 4 }), '开放类型不正确！'],
      [examBody(repoId, { openType: 9 }), '请设置考试密码！'],
      [examBody(repoId, { openType: 2 }), '请选择开放的部门！'],
      [examBody(repoId, { handMinMinutes: 30 }), '最早交卷时间必须小于考试时长！'],
      [examBody(repoId, { pointsCost: -1 }), '消耗积分不能小于0！'],
      [examBody(repoId, { resultShow: 4 }), '成绩显示方式不正确！'],
      [examBody(repoId, { markMode: 2 }), '双盲阅卷请设置仲裁分差！'],
      [examBody(repoId, { camInterval: 0 }), '抓拍间隔不能小于1！'],
      [examBody(repoId, { faceChance: 0 }), '人脸识别失败次数不能小于1！'],
      [examBody(repoId, { faceChance: 11 }), '人脸识别失败次数不能大于10！'],
      [examBody(repoId, { shuffleQu: 1 }), '开关值不正确！'],
      [examBody(repoId, { paperMethod: 2 }), '请至少选择一道试题！'],
      [examBody(repoId, { paperMethod: 4 }), '组卷方式不正确！'],
      [examBody(repoId, { offline: true, ruleList: [] }), '试卷总分不能为空！'],
      [examBody(repoId, { startTime: '2030/01/01 10:00' }), '时间格式应为 yyyy-MM-dd HH:mm:ss'],
    ];
    for (const [body, msg] of cases) {
      expect(await t.call(examApi.save, body, admin), msg).toMatchObject({ status: 200, code: ErrorCode.BAD_PARAMS, msg, success: false });
    }
    const noRules = examBody(repoId);
    delete noRules.ruleList;
    expect(await t.call(examApi.save, noRules, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, success: false });
    expect(await t.call(examApi.save, examBody('1234567890123456789'), admin)).toMatchObject({ code: ExamError.RULE_SHORT.code, msg: '第1条规则：题库不存在或已被删除！' });
    expect(await rowCount(t, 'el_exam')).toBe(before);
  });
});

describe('paging, state and delete', () => {
  it('pages with title and state filters', async () => {
    const tag = uniq('分页考试');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await createExam(t, admin, examBody(repoId, { title: `${tag}${n}` })));
    const p1 = await adminPaging({ title: tag }, 1, 2);
    expect(p1).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(p1.records.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(p1.records[0]).toMatchObject({ title: `${tag}3`, totalScore: 10, quCount: 1, state: 0, state_dictText: '正常', openType_dictText: '完全公开' });
    expect(p1.records[0]).not.toHaveProperty('ruleList');
    must(await t.call(examApi.state, { ids: [ids[0]], state: 1 }, admin));
    expect((await adminPaging({ title: tag, state: 1 })).records.map((r) => r.id)).toEqual([ids[0]]);
    expect((await adminPaging({ title: tag, state: 0 })).total).toBe(2);
    expect((await adminPaging({ title: tag, excludes: [ids[1]] })).total).toBe(2);
    const seeded = await adminPaging({ title: '安全生产基础知识测验' });
    expect(seeded.records).toHaveLength(1);
    expect(seeded.records[0]).toMatchObject({ totalScore: 100, qualifyScore: 60, quCount: 21, totalTime: 30, chance: 0 });
  });

  it('disabling (1) takes an exam out of online-paging and enabling (0) brings it back', async () => {
    const id = await createExam(t, admin, examBody(repoId));
    expect(await onlineIds()).toContain(id);
    expect(await t.call(examApi.state, { ids: [id], state: 1 }, admin)).toMatchObject({ code: 0, data: null });
    expect(must(await detail(id))).toMatchObject({ state: 1, state_dictText: '禁用' });
    expect(await onlineIds()).not.toContain(id);
    expect(await checkInfo(id)).toMatchObject({ code: ExamError.EXAM_NOT_OPEN.code, msg: '考试未开放！' });
    expect((await t.call(paperApi.createPaper, { examId: id }, learner)).code).toBe(ExamError.EXAM_NOT_OPEN.code);
    must(await t.call(examApi.state, { ids: [id], state: 0 }, admin));
    expect(await onlineIds()).toContain(id);
    expect((await checkInfo(id)).code).toBe(0);
    for (const state of [2, -1, '1']) expect((await t.call(examApi.state, { ids: [id], state }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(examApi.state, { ids: [], state: 1 }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('delete removes the exam from both lists', async () => {
    const id = await createExam(t, admin, examBody(repoId));
    const title = must(await detail(id)).title;
    expect(await onlineIds()).toContain(id);
    expect(await t.call(examApi.delete, { ids: [id] }, admin)).toMatchObject({ code: 0, data: null });
    expect((await adminPaging({ title })).total).toBe(0);
    expect(await onlineIds()).not.toContain(id);
    expect(await detail(id)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除！' });
    expect(await checkInfo(id)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await t.call(examApi.save, examBody(repoId, { id }), admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.call(examApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});

describe('learner view', () => {
  it('online-paging and check-info answer the learner fields without rules or answers', async () => {
    const title = uniq('学员考试');
    const id = await createExam(t, admin, examBody(repoId, { title, content: '考试须知', chance: 3, ruleList: [{ repoId, quType: 1, quCount: 2, quScore: 5 }] }));
    const page = must(await t.call<Page<OnlineExam>>(examApi.onlinePaging, { params: { title } }, learner));
    expect(page).toMatchObject({ total: 1, pages: 1, current: 1, size: 10 });
    const expected = {
      id, title, content: '考试须知', examType: 1, examType_dictText: '正式考试', openType: 1, openType_dictText: '完全公开', startTime: null, endTime: null, totalTime: 30, totalScore: 10, qualifyScore: 6, quCount: 2,
      chance: 3, tryCount: 0, processPaperId: null, needPassword: false, pointsCost: 0, handMinMinutes: 0, lateMaxMinutes: 0, offline: false, faceOn: false, camOn: false,
    };
    expect(page.records[0]).toEqual(expected);
    expect(must(await checkInfo(id))).toEqual(expected);
  });

  it('hides exams outside their window and check-info answers 20010004', async () => {
    const future = await createExam(t, admin, examBody(repoId, { startTime: shanghaiTime(HOUR), endTime: shanghaiTime(2 * HOUR) }));
    const past = await createExam(t, admin, examBody(repoId, { startTime: shanghaiTime(-2 * HOUR), endTime: shanghaiTime(-HOUR) }));
    const open = await createExam(t, admin, examBody(repoId, { startTime: shanghaiTime(-HOUR), endTime: shanghaiTime(HOUR) }));
    const ids = await onlineIds();
    expect(ids).not.toContain(future);
    expect(ids).not.toContain(past);
    expect(ids).toContain(open);
    const notYet = await checkInfo(future);
    expect(notYet).toMatchObject({ status: 200, code: ExamError.EXAM_NOT_OPEN.code, success: false });
    expect(notYet.msg).toBe(`考试尚未开始，开始时间：${must(await detail(future)).startTime}`);
    expect(await checkInfo(past)).toMatchObject({ code: ExamError.EXAM_NOT_OPEN.code, msg: '考试已结束！' });
    expect((await checkInfo(open)).code).toBe(0);
    // The admin list still shows all three.
    for (const id of [future, past, open]) expect((await detail(id)).code).toBe(0);
  });

  it('gives tryCount and processPaperId after the learner starts a paper', async () => {
    const id = await createExam(t, admin, examBody(repoId));
    const a = await t.newLearner('exam');
    const b = await t.newLearner('exam');
    const paper = must(await t.call<{ id: string }>(paperApi.createPaper, { examId: id }, a.token));
    const mine = must(await checkInfo(id, a.token));
    expect(mine).toMatchObject({ tryCount: 1, processPaperId: paper.id });
    const listed = must(await t.call<Page<OnlineExam>>(examApi.onlinePaging, { size: 5000 }, a.token)).records.find((e) => e.id === id);
    expect(listed).toMatchObject({ tryCount: 1, processPaperId: paper.id });
    // Another learner's attempts are their own.
    expect(must(await checkInfo(id, b.token))).toMatchObject({ tryCount: 0, processPaperId: null });
    // After hand-in the attempt counts but nothing is in progress.
    must(await t.call(paperApi.handExam, { id: paper.id }, a.token));
    expect(must(await checkInfo(id, a.token))).toMatchObject({ tryCount: 1, processPaperId: null });
  });

  it('needs a login and a valid id', async () => {
    expect((await t.call(examApi.onlinePaging, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await t.call(examApi.checkInfo, { id: '1' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await checkInfo('1234567890123456789')).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除！' });
    expect(await t.call(examApi.checkInfo, {}, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: 'ID不能为空！' });
  });
});
