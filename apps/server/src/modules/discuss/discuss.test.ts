/**
 * API tests of class discussions (/api/discuss/*; issue 13 "Discussions", Tests: "a learner cannot
 * see another class's discussions unless enrolled"): refusals with 10010003 to learners not
 * enrolled and to admins whose scope leaves the class out, posting and replying, the form messages
 * (nothing written), 10 parallel replies counted, pinned threads first, deletion by the author only
 * (moderators any).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, ErrorCode } from '@kaopei/contracts';
import { discussApi, DiscussError, DiscussPerm, type ReplyPage, type ThreadDetail, type ThreadPage } from '@kaopei/contracts/discuss';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { enrolledLearner, newClass, scopedAdmin } from '../../test/classes';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const post = async (token: string, classId: string, title = uniq('主题')) => must(await t.call<{ id: string }>(discussApi.threadSave, { classId, title, content: '<p>大家好</p>' }, token)).id;
const threads = (token: string, classId: string) => t.call<ThreadPage>(discussApi.threadPaging, { params: { classId } }, token);
const reply = (token: string, threadId: string, content = '同意') => t.call<{ id: string }>(discussApi.replySave, { threadId, content }, token);
const thread = async (id: string) => t.db.selectFrom('el_discuss_thread').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('who may come in', () => {
  it('a learner not enrolled in the class gets 10010003 for its threads, a thread and a reply', async () => {
    const classId = await newClass(t, admin);
    const otherClass = await newClass(t, admin);
    const member = await enrolledLearner(t, classId);
    const stranger = await enrolledLearner(t, otherClass);
    const threadId = await post(member.token, classId);
    expect((await threads(stranger.token, classId)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.threadDetail, { id: threadId }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await reply(stranger.token, threadId)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.replyPaging, { params: { threadId } }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.threadSave, { classId, title: '闯入', content: '内容' }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.threadDelete, { ids: [threadId] }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    // A learner who only signed up and withdrew is not enrolled either.
    const left = await enrolledLearner(t, classId);
    must(await t.call('/api/trainClass/withdraw', { classId }, left.token));
    expect((await threads(left.token, classId)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await thread(threadId)).replyCount).toBe(0);
    // In his own class he sees only its threads.
    expect(must(await threads(stranger.token, otherClass)).records).toEqual([]);
  });

  it('an admin whose data scope leaves the class out is refused; the admin in scope reads, posts and moderates', async () => {
    const classId = await newClass(t, admin);
    const member = await enrolledLearner(t, classId);
    const threadId = await post(member.token, classId);
    const scoped = await scopedAdmin(t, admin, [DiscussPerm.MANAGE]);
    expect((await threads(scoped, classId)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.threadDetail, { id: threadId }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(discussApi.threadPin, { id: threadId, pinned: true }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await reply(scoped, threadId)).code).toBe(ErrorCode.NOT_FOUND);
    const page = must(await threads(admin, classId));
    expect(page).toMatchObject({ canManage: true, records: [expect.objectContaining({ id: threadId, mine: false })] });
    must(await reply(admin, threadId, '管理员回复'));
    expect(must(await t.call<ThreadDetail>(discussApi.threadDetail, { id: threadId }, admin))).toMatchObject({ replyCount: 1, canManage: true });
  });
});

describe('posting', () => {
  it('enrolled learners post (content sanitised) and reply; the messages of the forms write nothing', async () => {
    const classId = await newClass(t, admin);
    const [a, b] = [await enrolledLearner(t, classId), await enrolledLearner(t, classId)];
    const count = async () => (await t.db.selectFrom('el_discuss_thread').select('id').where('classId', '=', classId).execute()).length;
    expect(await t.call(discussApi.threadSave, { classId, title: ' ', content: '内容' }, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '标题不能为空！' });
    expect(await t.call(discussApi.threadSave, { classId, title: '标题', content: ' ' }, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '内容不能为空！' });
    expect(await t.call(discussApi.threadSave, { classId, title: '标题', content: '<script>alert(1)</script>' }, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '内容不能为空！' });
    expect(await count()).toBe(0);
    const id = must(await t.call<{ id: string }>(discussApi.threadSave, { classId, title: '学习心得', content: '<p>收获<img src="x" onerror="alert(1)"></p>' }, a.token)).id;
    const d = must(await t.call<ThreadDetail>(discussApi.threadDetail, { id }, b.token));
    expect(d).toMatchObject({ title: '学习心得', userId: a.userId, replyCount: 0, mine: false, canManage: false, pinned: false });
    expect(d.content).not.toContain('onerror');
    expect(await reply(b.token, id, '  ')).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '回复内容不能为空！' });
    expect(await reply(b.token, id, 'x'.repeat(2001))).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    must(await reply(b.token, id, '第一条'));
    must(await reply(a.token, id, '第二条'));
    const replies = must(await t.call<ReplyPage>(discussApi.replyPaging, { params: { threadId: id } }, a.token));
    expect(replies.records.map((r) => [r.content, r.mine])).toEqual([['第一条', false], ['第二条', true]]);
    expect(replies.total).toBe(2);
    expect((await thread(id)).replyCount).toBe(2);
    // Only the author (or a moderator) edits.
    expect((await t.call(discussApi.threadSave, { id, classId, title: '改', content: '改' }, b.token)).code).toBe(DiscussError.NOT_AUTHOR.code);
    must(await t.call(discussApi.threadSave, { id, classId, title: '学习心得（修订）', content: '改过' }, a.token));
    expect((await thread(id)).title).toBe('学习心得（修订）');
  });

  it('10 parallel replies count 10', async () => {
    const classId = await newClass(t, admin);
    const learners = await Promise.all(Array.from({ length: 5 }, () => enrolledLearner(t, classId)));
    const id = await post(learners[0]!.token, classId);
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => reply(learners[i % 5]!.token, id, `回复${i}`)));
    expect(res.map((r) => r.code)).toEqual(Array(10).fill(0));
    expect((await thread(id)).replyCount).toBe(10);
    expect(must(await t.call<ReplyPage>(discussApi.replyPaging, { params: { threadId: id }, size: 100 }, admin)).total).toBe(10);
  });

  it('pinned threads come first, then the latest activity; only moderators pin', async () => {
    const classId = await newClass(t, admin);
    const u = await enrolledLearner(t, classId);
    const first = await post(u.token, classId, '第一帖');
    const second = await post(u.token, classId, '第二帖');
    await t.db.updateTable('el_discuss_thread').set({ lastReplyTime: Date.now() - 60_000 }).where('id', '=', first).execute();
    const order = async () => must(await threads(u.token, classId)).records.map((r) => r.id);
    expect(await order()).toEqual([second, first]);
    expect((await t.call(discussApi.threadPin, { id: first, pinned: true }, u.token)).code).toBe(CommonError.NO_PERMISSION.code);
    must(await t.call(discussApi.threadPin, { id: first, pinned: true }, admin));
    expect(await order()).toEqual([first, second]);
    expect(must(await threads(u.token, classId)).records[0]).toMatchObject({ pinned: true });
    // A reply moves a thread up among the unpinned.
    const third = await post(u.token, classId, '第三帖');
    expect(await order()).toEqual([first, third, second]);
    must(await reply(u.token, second));
    expect(await order()).toEqual([first, second, third]);
    must(await t.call(discussApi.threadPin, { id: first, pinned: false }, admin));
    expect(await order()).toEqual([second, third, first]);
  });
});

describe('deleting', () => {
  it('the author deletes his own thread and reply, not another one’s; the moderator deletes any', async () => {
    const classId = await newClass(t, admin);
    const [a, b] = [await enrolledLearner(t, classId), await enrolledLearner(t, classId)];
    const mine = await post(a.token, classId);
    const theirs = await post(b.token, classId);
    expect(await t.call(discussApi.threadDelete, { ids: [theirs] }, a.token)).toMatchObject({ code: DiscussError.NOT_AUTHOR.code, msg: '只能删除或修改自己发表的内容！' });
    // All or nothing: his own thread stays too.
    expect((await t.call(discussApi.threadDelete, { ids: [mine, theirs] }, a.token)).code).toBe(DiscussError.NOT_AUTHOR.code);
    expect(must(await threads(a.token, classId)).total).toBe(2);

    const r1 = must(await reply(a.token, theirs, 'a 的回复')).id;
    const r2 = must(await reply(b.token, theirs, 'b 的回复')).id;
    expect((await t.call(discussApi.replyDelete, { ids: [r2] }, a.token)).code).toBe(DiscussError.NOT_AUTHOR.code);
    must(await t.call(discussApi.replyDelete, { ids: [r1] }, a.token));
    expect((await thread(theirs)).replyCount).toBe(1);
    // A double click deletes once and lowers the count once.
    await Promise.all([t.call(discussApi.replyDelete, { ids: [r2] }, admin), t.call(discussApi.replyDelete, { ids: [r2] }, admin)]);
    expect((await thread(theirs)).replyCount).toBe(0);

    must(await reply(a.token, mine));
    must(await t.call(discussApi.threadDelete, { ids: [mine] }, a.token));
    expect(await t.db.selectFrom('el_discuss_reply').select('id').where('threadId', '=', mine).execute()).toEqual([]);
    must(await t.call(discussApi.threadDelete, { ids: [theirs] }, admin));
    expect(must(await threads(a.token, classId)).total).toBe(0);
  });
});
