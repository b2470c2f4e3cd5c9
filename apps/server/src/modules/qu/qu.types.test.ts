/**
 * API tests of the question types of issue 8 (/api/qu/qu/save, /detail, /paging): every type saved
 * and detailed with its per-type fields (fill-blank alternatives and options, matching pairs and
 * distractors, short-answer reference and keywords, combined sub-questions), the rules of
 * `questionRuleErrors` answered in Chinese with nothing written, edits that keep option and
 * sub-question ids, the chapter and level filters, and the batch actions (move, copy, level, chapter)
 * as single transactions with their permissions.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { quApi, QuError, type QuDetail, type QuRecord } from '@kaopei/contracts/qu';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { testApp, type TestApp } from '../../test/app';
import { contentCounts, createQu, createRepo, must, quBody, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const detail = async (id: string) => must(await t.call<QuDetail>(quApi.detail, { id }, admin));
const paging = async (params: Record<string, unknown>) => must(await t.call<Page<QuRecord>>(quApi.paging, { current: 1, size: 100, params }, admin));
const repoDetail = async (id: string) => must(await t.call<RepoRecord>(repoApi.detail, { id }, admin));
const chapter = async (repoId: string, title = uniq('章节')) => must(await t.call<{ id: string }>(repoApi.chapterSave, { repoId, title }, admin)).id;
const save = (body: Record<string, unknown>, token = admin) => t.call<{ id: string }>(quApi.save, body, token);

/** Save bodies of the types 4, 5, 6 and 99 (valid). */
const saq = (repoId: string, over: Record<string, unknown> = {}) =>
  quBody(repoId, 4, { answerList: [], answer: '<p>参考：<strong>三要素</strong></p>', keywords: [{ word: '可燃物', score: 2 }, { word: '助燃物', score: 1.5 }], ...over });
const fill = (repoId: string, over: Record<string, unknown> = {}) =>
  quBody(repoId, 5, {
    content: '中国的首都是____，最大的城市是____。',
    answerList: [{ answer: '北京|Beijing|北京市' }, { answer: ' 上海 | Shanghai ' }],
    blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: false },
    ...over,
  });
const match = (repoId: string, over: Record<string, unknown> = {}) =>
  quBody(repoId, 6, {
    answerList: [
      { content: '阿司匹林', answer: '解热镇痛' },
      { content: '青霉素', answer: '抗感染' },
      { content: '', answer: '降血压' },
    ],
    ...over,
  });
const mix = (repoId: string, over: Record<string, unknown> = {}) =>
  quBody(repoId, 99, {
    content: '<p>阅读材料，回答问题。</p>',
    answerList: [],
    subList: [
      { quType: 1, content: '小题一', answerList: [{ content: 'A', isRight: true }, { content: 'B', isRight: false }] },
      { quType: 5, content: '小题二____', answerList: [{ answer: '甲|乙' }], blankOpts: { anyOrder: true } },
      { quType: 4, content: '小题三', answer: '参考答案', keywords: [{ word: '关键', score: 3 }] },
      { quType: 6, content: '小题四', answerList: [{ content: '左1', answer: '右1' }, { content: '左2', answer: '右2' }] },
    ],
    ...over,
  });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('every type saves and details its own fields', () => {
  it('short answer: sanitised reference answer and keywords; no options', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(saq(repoId, { answer: '<p>参考<script>alert(1)</script></p>' }))).id;
    const d = await detail(id);
    expect(d).toMatchObject({ quType: 4, quType_dictText: '简答题', answerList: [], subList: [], keywords: [{ word: '可燃物', score: 2 }, { word: '助燃物', score: 1.5 }] });
    expect(d.answer).toContain('参考');
    expect(d.answer).not.toContain('script');
    const row = await t.db.selectFrom('el_qu').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.keywords)).toEqual([{ word: '可燃物', score: 2 }, { word: '助燃物', score: 1.5 }]);
    expect(await repoDetail(repoId)).toMatchObject({ quCount: 1, objCount: 0, subjCount: 1 });
    // Without keywords nothing is stored; the reference answer is optional.
    const bare = must(await save(saq(repoId, { answer: '', keywords: [] }))).id;
    expect(await t.db.selectFrom('el_qu').select(['keywords', 'answer']).where('id', '=', bare).executeTakeFirstOrThrow()).toEqual({ keywords: '', answer: '' });
  });

  it('fill blank: one option per blank with its alternatives, the blank options as bits 1|2|4', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(fill(repoId))).id;
    const d = await detail(id);
    expect(d.blankOpts).toEqual({ ignoreCase: true, fullHalf: true, anyOrder: false });
    expect(d.answerList.map((o) => o.answer)).toEqual(['北京|Beijing|北京市', '上海 | Shanghai']);
    const row = await t.db.selectFrom('el_qu').select(['blankOpts', 'answer']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ blankOpts: 3, answer: '' });
    const opts = await t.db.selectFrom('el_qu_answer').select(['answer', 'sort', 'isRight']).where('quId', '=', id).orderBy('sort').execute();
    expect(opts).toEqual([{ answer: '北京|Beijing|北京市', sort: 0, isRight: 0 }, { answer: '上海 | Shanghai', sort: 1, isRight: 0 }]);
    const all = must(await save(fill(repoId, { blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: true } }))).id;
    expect((await t.db.selectFrom('el_qu').select('blankOpts').where('id', '=', all).executeTakeFirstOrThrow()).blankOpts).toBe(7);
    expect((await detail(all)).blankOpts).toEqual({ ignoreCase: true, fullHalf: true, anyOrder: true });
    expect(await repoDetail(repoId)).toMatchObject({ quCount: 2, objCount: 2, subjCount: 0 });
  });

  it('matching: pairs as option content/answer, a distractor with empty content', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(match(repoId))).id;
    const d = await detail(id);
    expect(d.answerList.map((o) => [o.content, o.answer])).toEqual([['阿司匹林', '解热镇痛'], ['青霉素', '抗感染'], ['', '降血压']]);
    expect(d.blankOpts).toEqual({ ignoreCase: false, fullHalf: false, anyOrder: false });
  });

  it('combined: sub-questions of types 1-6 in order, each with its own fields; counted once in the bank', async () => {
    const repoId = await createRepo(t, admin);
    const ch = await chapter(repoId);
    const id = must(await save(mix(repoId, { chapterId: ch, level: 2 }))).id;
    const d = await detail(id);
    expect(d).toMatchObject({ quType: 99, quType_dictText: '组合题', level: 2, chapterId: ch, answerList: [] });
    expect(d.subList.map((s) => s.quType)).toEqual([1, 5, 4, 6]);
    expect(d.subList[0].answerList.map((o) => [o.content, o.isRight])).toEqual([['A', true], ['B', false]]);
    expect(d.subList[1]).toMatchObject({ blankOpts: { ignoreCase: false, fullHalf: false, anyOrder: true }, answerList: [expect.objectContaining({ answer: '甲|乙' })] });
    expect(d.subList[2]).toMatchObject({ answer: '参考答案', keywords: [{ word: '关键', score: 3 }] });
    expect(d.subList[3].answerList.map((o) => o.answer)).toEqual(['右1', '右2']);
    const subs = await t.db.selectFrom('el_qu').select(['parentId', 'repoId', 'chapterId', 'sort']).where('parentId', '=', id).orderBy('sort').execute();
    expect(subs).toEqual([0, 1, 2, 3].map((sort) => ({ parentId: id, repoId, chapterId: ch, sort })));
    // The list shows the stem only; the bank counts it once (in quCount only).
    expect((await paging({ repoId })).records.map((r) => r.id)).toEqual([id]);
    expect(await repoDetail(repoId)).toMatchObject({ quCount: 1, objCount: 0, subjCount: 0, typeCountList: [{ quType: 99, count: 1 }] });
  });
});

describe('rules: clear Chinese messages and nothing written', () => {
  it('refuses every broken question of every type', async () => {
    const repoId = await createRepo(t, admin);
    const other = await createRepo(t, admin);
    const foreign = await chapter(other);
    const cases: [Record<string, unknown>, string][] = [
      [fill(repoId, { answerList: [] }), '填空题至少需要一个空！'],
      [fill(repoId, { answerList: [{ answer: '北京' }, { answer: ' | ' }] }), '第2个空至少需要一个答案！'],
      [match(repoId, { answerList: [{ content: '甲', answer: '乙' }] }), '配伍题至少需要两组配对！'],
      [match(repoId, { answerList: [{ content: '甲', answer: '乙' }, { content: '丙', answer: '' }] }), '第2组配对缺少右侧答案！'],
      [match(repoId, { answerList: [{ content: '甲', answer: '乙' }, { content: '丙', answer: '丁' }, { content: '', answer: '' }] }), '第3项干扰项内容不能为空！'],
      [match(repoId, { answerList: [{ content: '甲', answer: '乙' }, { content: '甲', answer: '丁' }] }), '配伍题左侧项不能重复！'],
      [saq(repoId, { answerList: [{ content: 'A', isRight: true }] }), '简答题不能有选项，请填写参考答案！'],
      [saq(repoId, { keywords: [{ word: '甲', score: 1 }, { word: '甲', score: 2 }] }), '关键词不能重复！'],
      [saq(repoId, { keywords: [{ word: '甲', score: 0 }] }), '关键词分值必须大于0！'],
      [saq(repoId, { keywords: [{ word: ' ', score: 1 }] }), '关键词不能为空！'],
      [mix(repoId, { subList: [] }), '组合题至少需要一个小题！'],
      [mix(repoId, { answerList: [{ content: 'A', isRight: true }] }), '组合题不能有选项，请在小题中填写！'],
      [mix(repoId, { subList: [{ quType: 99, content: '套娃', answerList: [] }] }), '第1小题：组合题的小题只能是单选、多选、判断、简答、填空或配伍题！'],
      [mix(repoId, { subList: [{ quType: 4, content: '好' }, { quType: 1, content: '坏', answerList: [{ content: 'A', isRight: false }, { content: 'B', isRight: false }] }] }), '第2小题：单选题必须有且只有一个正确项！'],
      [mix(repoId, { subList: [{ quType: 5, content: '', answerList: [{ answer: 'x' }] }] }), '题目内容不能为空！'],
      [quBody(repoId, 1, { subList: [{ quType: 4, content: '小题' }] }), '只有组合题可以有小题！'],
      [quBody(repoId, 1, { level: 3 }), '难度不正确！'],
    ];
    const before = await contentCounts(t);
    for (const [body, msg] of cases) {
      expect(await save(body), msg).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg, success: false });
    }
    expect(await save(quBody(repoId, 1, { chapterId: foreign }))).toMatchObject({ code: QuError.CHAPTER_NOT_IN_REPO.code, msg: '所选章节不属于试题所在的题库！' });
    expect(await save(quBody(repoId, 1, { chapterId: '1234567890' }))).toMatchObject({ code: QuError.CHAPTER_GONE.code, msg: '章节不存在或已被删除！' });
    expect(await contentCounts(t)).toEqual(before);
  });
});

describe('edit replaces options and sub-questions', () => {
  it('keeps the ids of the sub-questions and options sent back, adds new ones, soft-deletes the removed sub-questions', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(mix(repoId))).id;
    const d = await detail(id);
    const [s1, s2, , s4] = d.subList;
    const body = mix(repoId, {
      id,
      content: '改过的材料',
      subList: [
        { ...s4, answerList: [...s4.answerList, { content: '', answer: '干扰' }] },
        { quType: 3, content: '新判断', answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] },
        { ...s1, content: '小题一改', answerList: [s1.answerList[1], { ...s1.answerList[0], isRight: false }, { content: 'C', isRight: true }].map((o, i) => ({ ...o, isRight: i === 2 })) },
      ],
    });
    must(await save(body));
    const after = await detail(id);
    expect(after.content).toBe('改过的材料');
    expect(after.subList.map((s) => s.id)).toEqual([s4.id, expect.any(String), s1.id]);
    expect(after.subList.map((s) => s.quType)).toEqual([6, 3, 1]);
    expect(after.subList[0].answerList.map((o) => o.answer)).toEqual(['右1', '右2', '干扰']);
    expect(after.subList[0].answerList.slice(0, 2).map((o) => o.id)).toEqual(s4.answerList.map((o) => o.id));
    expect(after.subList[2].answerList.map((o) => [o.content, o.isRight])).toEqual([['B', false], ['A', false], ['C', true]]);
    expect(after.subList[2].answerList[0].id).toBe(s1.answerList[1].id);
    // Removed sub-questions stay as deleted rows (papers may show them), gone from the detail.
    const gone = await t.db.selectFrom('el_qu').select(['id', 'deleted']).where('parentId', '=', id).where('deleted', '=', 1).execute();
    expect(gone.map((r) => r.id).sort()).toEqual([s2.id, d.subList[2].id].sort());
    // Changing a combined question into a single choice removes all its sub-questions.
    must(await save(quBody(repoId, 1, { id })));
    expect((await detail(id)).subList).toEqual([]);
    expect(await t.db.selectFrom('el_qu').select('id').where('parentId', '=', id).where('deleted', '=', 0).execute()).toEqual([]);
  });

  it('an invalid sub-question edit leaves the question as it was', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(mix(repoId))).id;
    const before = await detail(id);
    const res = await save(mix(repoId, { id, subList: [{ ...before.subList[1], answerList: [{ answer: '' }] }] }));
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '第1小题：第1个空至少需要一个答案！' });
    expect(await detail(id)).toEqual(before);
  });

  it('delete removes a combined question with its sub-questions', async () => {
    const repoId = await createRepo(t, admin);
    const id = must(await save(mix(repoId))).id;
    must(await t.call(quApi.delete, { ids: [id, id] }, admin));
    expect(await t.db.selectFrom('el_qu').select('id').where((eb) => eb.or([eb('id', '=', id), eb('parentId', '=', id)])).where('deleted', '=', 0).execute()).toEqual([]);
  });
});

describe('paging filters chapter and level', () => {
  it('lists by chapter ("" = none) and level, with the chapter title', async () => {
    const repoId = await createRepo(t, admin);
    const chTitle = uniq('第一章');
    const ch = await chapter(repoId, chTitle);
    const a = await createQu(t, admin, repoId, 1, { chapterId: ch });
    const b = await createQu(t, admin, repoId, 2, { chapterId: ch, level: 2 });
    const c = await createQu(t, admin, repoId, 3);
    expect((await paging({ repoId, chapterId: ch })).records.map((r) => r.id).sort()).toEqual([a, b].sort());
    expect((await paging({ repoId, chapterId: '' })).records.map((r) => r.id)).toEqual([c]);
    expect((await paging({ repoId, level: 2 })).records.map((r) => r.id)).toEqual([b]);
    expect((await paging({ repoId, chapterId: ch })).records.find((r) => r.id === a)).toMatchObject({ chapterId: ch, chapterId_dictText: chTitle });
    expect((await paging({ repoId })).records.find((r) => r.id === c)).toMatchObject({ chapterId: '', chapterId_dictText: '' });
  });
});

describe('batch actions', () => {
  it('moves questions (sub-questions follow) to another bank and chapter in one call', async () => {
    const from = await createRepo(t, admin);
    const to = await createRepo(t, admin);
    const fromCh = await chapter(from);
    const toCh = await chapter(to);
    const m = must(await save(mix(from, { chapterId: fromCh }))).id;
    const s = await createQu(t, admin, from, 1, { chapterId: fromCh });
    const stay = await createQu(t, admin, from, 1);
    expect(await t.call(quApi.batchMove, { ids: [m, s], repoId: to, chapterId: toCh }, admin)).toMatchObject({ code: 0, data: { count: 2 } });
    expect((await paging({ repoId: to })).records.map((r) => r.id).sort()).toEqual([m, s].sort());
    expect((await paging({ repoId: from })).records.map((r) => r.id)).toEqual([stay]);
    const subs = await t.db.selectFrom('el_qu').select(['repoId', 'chapterId']).where('parentId', '=', m).execute();
    expect(subs.every((r) => r.repoId === to && r.chapterId === toCh)).toBe(true);
    // Without a chapter they land in no chapter.
    must(await t.call(quApi.batchMove, { ids: [s], repoId: from }, admin));
    expect(await detail(s)).toMatchObject({ repoId: from, chapterId: '' });
    // A chapter of another bank, a bank that is gone, an id that is gone: refused, nothing moved.
    expect(await t.call(quApi.batchMove, { ids: [m], repoId: from, chapterId: toCh }, admin)).toMatchObject({ code: QuError.CHAPTER_NOT_IN_REPO.code });
    expect(await t.call(quApi.batchMove, { ids: [m], repoId: '1234567890' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    const subId = (await t.db.selectFrom('el_qu').select('id').where('parentId', '=', m).executeTakeFirstOrThrow()).id;
    expect(await t.call(quApi.batchMove, { ids: [s, subId], repoId: to }, admin)).toMatchObject({ code: QuError.QU_GONE.code, msg: '部分试题不存在或已被删除，请刷新后重试！' });
    expect(await detail(s)).toMatchObject({ repoId: from });
    expect(await t.call(quApi.batchMove, { ids: [], repoId: to }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
    expect(await t.call(quApi.batchMove, { ids: [s] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择目标题库！' });
  });

  it('copies questions deeply (options, sub-questions, answers, keywords) with new ids', async () => {
    const from = await createRepo(t, admin);
    const to = await createRepo(t, admin);
    const toCh = await chapter(to);
    const ids = [must(await save(mix(from))).id, must(await save(fill(from))).id, must(await save(match(from))).id, must(await save(saq(from))).id];
    const before = await Promise.all(ids.map(detail));
    expect(await t.call(quApi.batchCopy, { ids, repoId: to, chapterId: toCh }, admin)).toMatchObject({ code: 0, data: { count: 4 } });
    const copies = await Promise.all((await paging({ repoId: to })).records.map((r) => detail(r.id)));
    /** A detail without ids and bank, to compare originals and copies. */
    const shape = (d: QuDetail) => {
      const strip = (q: Omit<QuDetail, 'repoId' | 'repoId_dictText' | 'chapterId' | 'chapterId_dictText' | 'subList'>) => ({ ...q, id: undefined, answerList: q.answerList.map((o) => ({ ...o, id: undefined })) });
      return { ...strip(d), repoId: undefined, repoId_dictText: undefined, chapterId: undefined, chapterId_dictText: undefined, subList: d.subList.map(strip) };
    };
    expect(copies.map(shape).sort((a, b) => a.quType - b.quType)).toEqual(before.map(shape).sort((a, b) => a.quType - b.quType));
    expect(copies.every((c) => c.repoId === to && c.chapterId === toCh && !ids.includes(c.id))).toBe(true);
    const copyOptionIds = copies.flatMap((c) => [...c.answerList, ...c.subList.flatMap((s) => s.answerList)].map((o) => o.id));
    const origOptionIds = before.flatMap((c) => [...c.answerList, ...c.subList.flatMap((s) => s.answerList)].map((o) => o.id));
    expect(copyOptionIds.some((id) => origOptionIds.includes(id))).toBe(false);
    expect((await repoDetail(from)).quCount).toBe(4);
    expect((await repoDetail(to)).quCount).toBe(4);
  });

  it('sets the level, adds to a chapter of the same bank and clears the chapter', async () => {
    const repoId = await createRepo(t, admin);
    const other = await createRepo(t, admin);
    const ch = await chapter(repoId);
    const foreign = await chapter(other);
    const m = must(await save(mix(repoId))).id;
    const s = await createQu(t, admin, repoId, 1);
    const elsewhere = await createQu(t, admin, other, 1);
    expect(await t.call(quApi.batchLevel, { ids: [m, s], level: 2 }, admin)).toMatchObject({ code: 0, data: { count: 2 } });
    expect((await paging({ repoId, level: 2 })).total).toBe(2);
    expect(await t.call(quApi.batchLevel, { ids: [m], level: 5 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '难度不正确！' });

    expect(await t.call(quApi.batchChapter, { ids: [m, s], chapterId: ch }, admin)).toMatchObject({ code: 0, data: { count: 2 } });
    expect((await paging({ repoId, chapterId: ch })).total).toBe(2);
    expect((await t.db.selectFrom('el_qu').select('chapterId').where('parentId', '=', m).execute()).every((r) => r.chapterId === ch)).toBe(true);
    // A question of another bank in the batch: refused as a whole.
    expect(await t.call(quApi.batchChapter, { ids: [elsewhere], chapterId: ch }, admin)).toMatchObject({ code: QuError.MIXED_REPOS.code, msg: '所选试题不属于该章节所在的题库！' });
    expect(await t.call(quApi.batchChapterClear, { ids: [s] }, admin)).toMatchObject({ code: 0, data: { count: 1 } });
    expect(await t.call(quApi.batchChapter, { ids: [s, elsewhere], chapterId: foreign }, admin)).toMatchObject({ code: QuError.MIXED_REPOS.code });
    expect(await detail(s)).toMatchObject({ chapterId: '' });
    expect(await detail(elsewhere)).toMatchObject({ chapterId: '' });
    expect(await t.call(quApi.batchChapter, { ids: [s], chapterId: '' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择章节！' });
    expect(await t.call(quApi.batchChapterClear, { ids: [m] }, admin)).toMatchObject({ code: 0 });
    expect((await paging({ repoId, chapterId: '' })).total).toBe(2);
  });

  it('needs the permissions: a list-only administrator may read but not change, a learner nothing', async () => {
    const repoId = await createRepo(t, admin);
    const other = await createRepo(t, admin);
    const s = await createQu(t, admin, repoId, 1);
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('只读题库'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: ['qu:list', 'repo:list'].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const userName = uniq('ro');
    must(await t.call(userAdminApi.save, { userName, realName: '只读', deptCode: 'A01', roles: [role], password: 'Test@12345' }, admin));
    const reader = await t.login({ username: userName, password: 'Test@12345' });
    expect((await t.call(quApi.detail, { id: s }, reader)).code).toBe(0);
    expect((await t.call(repoApi.chapterList, { repoId }, reader)).code).toBe(0);
    const learner = (await t.newLearner('qb')).token;
    for (const token of [reader, learner]) {
      for (const [ep, body] of [
        [quApi.batchMove, { ids: [s], repoId: other }],
        [quApi.batchCopy, { ids: [s], repoId: other }],
        [quApi.batchLevel, { ids: [s], level: 2 }],
        [quApi.batchChapter, { ids: [s], chapterId: '1' }],
        [quApi.batchChapterClear, { ids: [s] }],
        [repoApi.chapterSave, { repoId, title: 'x' }],
      ] as const) {
        expect((await t.call(ep, body, token)).code, ep.path).toBe(ErrorCode.NO_PERMISSION);
      }
    }
    expect((await t.call(repoApi.chapterList, { repoId }, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    expect(await detail(s)).toMatchObject({ repoId, level: 1 });
    expect((await repoDetail(other)).quCount).toBe(0);
  });
});
