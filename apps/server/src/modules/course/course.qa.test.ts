/**
 * API tests of course Q&A (/api/course/qa/*): learners ask on courses they can see, the admin
 * replies (course:qa:reply), the mine/all switch and the course filter, and questions on courses
 * a learner cannot see stay hidden from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { courseQaApi, type CourseQaRecord } from '@kaopei/contracts/course-qa';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
let fileId: string;

const create = async (over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(courseApi.save, { title: uniq('问答课程'), fileList: [{ fileId }], ...over }, admin)).id;
const ask = (courseId: string, content: string, token: string, parentId?: string) => t.call<{ id: string }>(courseQaApi.save, { courseId, content, ...(parentId ? { parentId } : {}) }, token);
const list = async (params: Record<string, unknown>, token: string) => must(await t.call<Page<CourseQaRecord>>(courseQaApi.paging, { size: 100, params }, token));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  fileId = await insertCourseFile(t, { duration: 60 });
});
afterAll(async () => {
  await t.close();
});

describe('course Q&A', () => {
  it('a learner asks, the admin replies, and the lists show questions with replies, names and course titles', async () => {
    const a = await t.newLearner('qa');
    const b = await t.newLearner('qa');
    const title = uniq('问答课程');
    const id = await create({ title });
    const q1 = must(await ask(id, '第一章怎么学？', a.token)).id;
    const q2 = must(await ask(id, '<b>证书</b>何时发？<script>x()</script>', b.token)).id;
    const r1 = must(await ask(id, '按顺序学习即可。', admin, q1)).id;

    const all = await list({ courseId: id }, a.token);
    expect(all.total).toBe(2);
    expect(all.records.map((r) => r.id)).toEqual([q2, q1]);
    const first = all.records[1] as CourseQaRecord;
    expect(first).toMatchObject({ id: q1, content: '第一章怎么学？', courseId: id, courseId_dictText: title, createBy_dictText: '测试学员', mine: true, avatar: expect.any(String) });
    expect(first.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.replyList).toHaveLength(1);
    expect(first.replyList[0]).toMatchObject({ id: r1, content: '按顺序学习即可。' });
    expect((all.records[0] as CourseQaRecord).content).not.toContain('script');
    expect((await list({ courseId: id, isMine: true }, a.token)).records.map((r) => r.id)).toEqual([q1]);
    expect((await list({ courseId: id, isMine: 1 }, b.token)).records.map((r) => r.id)).toEqual([q2]);
    expect(must(await t.call<CourseQaRecord>(courseQaApi.detail, { id: q1 }, b.token)).replyList.map((r) => r.id)).toEqual([r1]);
  });

  it('refuses learners replying, empty content, and questions on courses the learner cannot see', async () => {
    const a = await t.newLearner('qa');
    const b = await t.newLearner('qa');
    const id = await create();
    const q = must(await ask(id, '问题', a.token)).id;
    expect((await ask(id, '我来回答', b.token, q)).code).not.toBe(0);
    expect(await ask(id, '  ', a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '内容不能为空！' });
    const closed = await create({ openType: 3, userIds: [a.userId] });
    const hidden = must(await ask(closed, '只有我能看到的课程', a.token)).id;
    expect((await ask(closed, '偷偷提问', b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(courseQaApi.detail, { id: hidden }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await list({}, b.token)).records.map((r) => r.id)).not.toContain(hidden);
    expect((await list({}, a.token)).records.map((r) => r.id)).toContain(hidden);
    expect((await list({}, admin)).records.map((r) => r.id)).toContain(hidden);
    expect((await ask(closed, '回复', admin, q)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.db.selectFrom('el_course_qa').select('id').where('courseId', '=', closed).execute()).toHaveLength(1);
  });
});
