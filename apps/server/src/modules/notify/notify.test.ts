/**
 * API and service tests of module notify: the learner's messages (/api/sys/user/msg/*: own rows
 * only, unread count following reads and deletes, mark-read and delete with bad input), templates
 * (/api/notify/tmpl/*: save with the contracts' messages, paging with the title filter, built-in
 * templates seeded), `services.notify.send` (idempotent under parallel calls, one background job
 * with progress for 500 learners, SMS through the provider when the template says so, delivery
 * rows), the shared render function, and /api/exam/exam/prepare-notify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { examApi } from '@kaopei/contracts/exam';
import { JobState } from '@kaopei/contracts/sys-job';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import {
  BUILTIN_TEMPLATES,
  DeliveryState,
  msgApi,
  NOTIFY_EVENTS,
  renderTemplate,
  SAMPLE_VARS,
  tmplApi,
  type MsgRecord,
  type TmplDetail,
  type TmplRecord,
} from '@kaopei/contracts/notify';
import { newId } from '../../lib/ids';
import type { LogSmsProvider } from '../sms/sms.providers';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, uniq, waitForJob } from '../../test/builders';

let t: TestApp;
let admin: string;

const ROLE_STUDENT_ID = '1000000000000000002';
/** The profile columns of a user row written directly by a test fixture. */
const BLANK_PROFILE = { sex: '', mz: '', csrq: '', zzmm: '', gzsj: '', whcd: '', zw: '', dnzw: '', bmmc: '', idCard: '', face: '', lastLoginTime: 0, passState: '0', changedPass: 1, deleted: 0, createBy: '' };

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

const inbox = async (token: string, readState?: 0 | 1) =>
  must(await t.call<Page<MsgRecord>>(msgApi.paging, { current: 1, size: 100, params: readState === undefined ? {} : { readState } }, token));
const unread = async (token: string) => must(await t.call<{ count: number }>(msgApi.countUnread, {}, token)).count;
const saveTmpl = async (body: object) => must(await t.call<{ id: string }>(tmplApi.save, body, admin)).id;

/** Sends one class.notice message to `userIds` about a new ref; answers the refId. */
async function notice(userIds: string[], vars: Record<string, string> = {}, tmplId?: string) {
  const refId = newId();
  await t.services.notify.send({ event: 'class.notice', userIds, refType: 'class', refId, vars: { className: '新员工班', noticeTitle: '开班', ...vars }, ...(tmplId ? { tmplId } : {}) });
  return refId;
}

describe('renderTemplate (shared by server and web)', () => {
  it('substitutes known variables, leaves unknown ones, escapes values in HTML only', () => {
    expect(renderTemplate('{realName}，{examTitle} {unknown}', { realName: '张三', examTitle: 'A&B' })).toBe('张三，A&B {unknown}');
    expect(renderTemplate('<p>{realName}</p>', { realName: '<script>x</script>' })).toBe('<p>&lt;script&gt;x&lt;/script&gt;</p>');
    expect(renderTemplate('{toString} {score}', { score: 86 })).toBe('{toString} 86');
    expect(renderTemplate('<p>{x}</p>', { x: '<b>' }, false)).toBe('<p><b></p>');
  });
});

describe('templates', () => {
  it('seeds one built-in template per event, and keeps the title filter and size 100 of the select', async () => {
    const all = must(await t.call<Page<TmplRecord>>(tmplApi.paging, { current: 1, size: 100 }, admin));
    for (const event of NOTIFY_EVENTS) expect(all.records.filter((r) => r.builtin === event), event).toHaveLength(1);
    const exam = all.records.find((r) => r.builtin === 'exam.publish') as TmplRecord;
    expect(exam).toMatchObject({ event: 'exam.publish', event_dictText: '考试发布', title: BUILTIN_TEMPLATES['exam.publish'].title, sms: 0 });
    const filtered = must(await t.call<Page<TmplRecord>>(tmplApi.paging, { current: 1, size: 100, params: { title: '成绩通知' } }, admin));
    expect(filtered.records.map((r) => r.event)).toEqual(['paper.marked']);
  });

  it('seeding again inserts nothing, keeps an edited built-in template and does not bring back a deleted one', async () => {
    const page = must(await t.call<Page<TmplRecord>>(tmplApi.paging, { current: 1, size: 100 }, admin));
    const course = page.records.find((r) => r.builtin === 'course.publish') as TmplRecord;
    const apply = page.records.find((r) => r.builtin === 'exam.apply') as TmplRecord;
    await saveTmpl({ id: course.id, title: '改过的课程通知', content: '{courseTitle} 上线', event: 'course.publish' });
    must(await t.call(tmplApi.delete, { ids: [apply.id] }, admin));
    await t.services.notify.seedTemplates();
    const after = must(await t.call<Page<TmplRecord>>(tmplApi.paging, { current: 1, size: 100 }, admin));
    expect(after.total).toBe(page.total - 1);
    expect(after.records.find((r) => r.id === course.id)?.title).toBe('改过的课程通知');
    expect(after.records.some((r) => r.event === 'exam.apply')).toBe(false);
    // With no template for the event, a send says so and writes nothing.
    const learner = await t.newLearner('noT');
    await expect(t.services.notify.send({ event: 'exam.apply', userIds: [learner.userId], refId: newId() })).rejects.toMatchObject({ code: 30020001 });
    expect(await unread(learner.token)).toBe(0);
  });

  it('saves with the contracts messages, sanitises content, and refuses bad input writing nothing', async () => {
    const before = must(await t.call<Page<TmplRecord>>(tmplApi.paging, {}, admin)).total;
    expect(await t.call(tmplApi.save, { title: ' ', content: 'x', event: 'exam.publish' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '模板标题不能为空！' });
    expect(await t.call(tmplApi.save, { title: 'x', content: '', event: 'exam.publish' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '模板内容不能为空！' });
    expect(await t.call(tmplApi.save, { title: 'x', content: 'y', event: 'nope' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择通知事件！' });
    expect(await t.call(tmplApi.save, { title: 'x', content: 'y', event: 'exam.publish', sms: 1 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请填写短信模板编号！' });
    expect(await t.call(tmplApi.save, { id: '1234567890123456789', title: 'x', content: 'y', event: 'exam.publish' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(must(await t.call<Page<TmplRecord>>(tmplApi.paging, {}, admin)).total).toBe(before);
    const id = await saveTmpl({ title: uniq('模板'), content: '<p onclick="x()">{realName}<script>1</script></p>', event: 'cert.granted', sms: 1, smsCode: 'SMS_1' });
    expect(must(await t.call<TmplDetail>(tmplApi.detail, { id }, admin))).toMatchObject({ content: '<p>{realName}</p>', sms: 1, smsCode: 'SMS_1', builtin: '' });
  });

  it('is for administrators only', async () => {
    const learner = await t.login(LEARNER);
    expect((await t.call(tmplApi.paging, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(examApi.prepareNotify, { id: '1' }, learner)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('messages of a learner', () => {
  it('lists, reads and counts the own messages; the session user carries the unread count', async () => {
    const a = await t.newLearner('msgA');
    await notice([a.userId], { noticeTitle: '第一条' });
    await notice([a.userId], { noticeTitle: '第二条' });
    expect(await unread(a.token)).toBe(2);
    expect(must(await t.call<SessionUser>(userApi.info, {}, a.token)).unreadMsg).toBe(2);
    const list = await inbox(a.token, 0);
    expect(list.records.map((r) => r.title)).toEqual(['培训班通知：第二条', '培训班通知：第一条']);
    expect(list.records[0]).toMatchObject({ readState: 0, readState_dictText: '未读', content: '<p>测试学员，您好！培训班“新员工班”发布了通知：第二条。</p>', readTime: null });
    const first = list.records[1] as MsgRecord;
    const detail = must(await t.call<MsgRecord>(msgApi.detailForRead, { id: first.id }, a.token));
    expect(detail).toMatchObject({ id: first.id, readState: 1, title: '培训班通知：第一条' });
    expect(detail.readTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await unread(a.token)).toBe(1);
    expect((await inbox(a.token, 1)).records.map((r) => r.id)).toEqual([first.id]);
    // The readState filter takes the spec client's strings too.
    expect((await inbox(a.token, '0' as never)).total).toBe(1);
  });

  it('mark-read and delete follow the unread count; deleting twice is fine', async () => {
    const a = await t.newLearner('msgB');
    for (let i = 0; i < 3; i++) await notice([a.userId]);
    const ids = (await inbox(a.token)).records.map((r) => r.id);
    must(await t.call(msgApi.markRead, { ids: [ids[0], ids[1]] }, a.token));
    expect(await unread(a.token)).toBe(1);
    must(await t.call(msgApi.markRead, { ids: [ids[0]] }, a.token));
    expect(await unread(a.token)).toBe(1);
    must(await t.call(msgApi.userDelete, { ids: [ids[2]] }, a.token));
    expect(await unread(a.token)).toBe(0);
    must(await t.call(msgApi.userDelete, { ids: [ids[2]] }, a.token));
    expect((await inbox(a.token)).total).toBe(2);
    expect((await t.call(msgApi.detailForRead, { id: ids[2] }, a.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.call(msgApi.markRead, { ids: [] }, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
    expect(await t.call(msgApi.userDelete, {}, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });

  it("cannot read, mark or delete another learner's messages, and such a call changes nothing", async () => {
    const a = await t.newLearner('ownA');
    const b = await t.newLearner('ownB');
    await notice([a.userId]);
    await notice([b.userId]);
    const aMsg = (await inbox(a.token)).records[0] as MsgRecord;
    const bMsg = (await inbox(b.token)).records[0] as MsgRecord;
    expect(await t.call(msgApi.detailForRead, { id: aMsg.id }, b.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '消息不存在或已被删除！' });
    expect((await t.call(msgApi.markRead, { ids: [bMsg.id, aMsg.id] }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(msgApi.userDelete, { ids: [bMsg.id, aMsg.id] }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await unread(a.token)).toBe(1);
    expect(await unread(b.token)).toBe(1);
    expect((await inbox(b.token)).records.map((r) => r.id)).toEqual([bMsg.id]);
    expect((await t.call(msgApi.paging, {}, undefined)).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

describe('send', () => {
  it('sends once when the same event about the same object is sent twice in parallel', async () => {
    const users = await Promise.all([t.newLearner('par'), t.newLearner('par')]);
    const refId = newId();
    const req = { event: 'paper.marked' as const, userIds: users.map((u) => u.userId), refType: 'paper', refId, vars: { examTitle: '并发考试', score: 90 } };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.services.notify.send(req)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(2);
    for (const u of users) expect((await inbox(u.token)).records.filter((r) => r.title === '成绩通知：并发考试')).toHaveLength(1);
    expect((await t.services.notify.send(req)).sent).toBe(0);
    const deliveries = await t.services.notify.deliveriesOf('paper.marked', refId);
    expect(deliveries.map((d) => [d.channel, d.state])).toEqual([['inapp', DeliveryState.SENT], ['inapp', DeliveryState.SENT]]);
  });

  it('refuses a send without recipients or with an unknown template, writing nothing', async () => {
    await expect(t.services.notify.send({ event: 'class.notice', userIds: [], refId: newId() })).rejects.toMatchObject({ code: 30010001, message: '消息接收人不能为空！' });
    const a = await t.newLearner('bad');
    await expect(t.services.notify.send({ event: 'class.notice', userIds: [a.userId], refId: newId(), tmplId: '1234567890123456789' })).rejects.toMatchObject({ code: 30020001 });
    expect(await unread(a.token)).toBe(0);
  });

  it('sends the SMS through the provider when the template says so, and records each delivery with its state', async () => {
    const outbox = (t.services.sms.provider as LogSmsProvider).templateOutbox;
    const tmplId = await saveTmpl({ title: '证书：{certTitle}', content: '{realName} 获得 {certTitle}', event: 'cert.granted', sms: 1, smsCode: 'SMS_CERT_1' });
    const withMobile = await t.newLearner('sms');
    const mobile = `139${String(Date.now()).slice(-8)}`;
    expect(await t.services.sysUser.setMobile(withMobile.userId, mobile)).toBe(true);
    const without = await t.newLearner('nosms');
    const refId = newId();
    const res = await t.services.notify.send({ event: 'cert.granted', userIds: [withMobile.userId, without.userId], refType: 'cert', refId, vars: { certTitle: '安全证', certNo: 'KP-2026-000001' }, tmplId });
    expect(res).toEqual({ jobId: null, sent: 2 });
    expect(outbox.filter((m) => m.mobile === mobile)).toEqual([{ mobile, templateCode: 'SMS_CERT_1', params: { realName: '测试学员', certTitle: '安全证', certNo: 'KP-2026-000001' }, at: expect.any(Number) }]);
    const deliveries = await t.services.notify.deliveriesOf('cert.granted', refId);
    const of = (userId: string, channel: string) => deliveries.find((d) => d.userId === userId && d.channel === channel);
    expect(of(withMobile.userId, 'sms')).toMatchObject({ state: DeliveryState.SENT, target: mobile, error: '' });
    expect(of(without.userId, 'sms')).toMatchObject({ state: DeliveryState.FAILED, target: '', error: '未绑定手机号' });
    expect(of(withMobile.userId, 'inapp')).toMatchObject({ state: DeliveryState.SENT });
    expect((await inbox(withMobile.token)).records[0]).toMatchObject({ title: '证书：安全证', content: '测试学员 获得 安全证' });
  });

  it('records a failed SMS with the provider error and still delivers the in-app message', async () => {
    const provider = t.services.sms.provider as LogSmsProvider;
    const original = provider.sendTemplate;
    provider.sendTemplate = async () => {
      throw new Error('isv.BUSINESS_LIMIT_CONTROL');
    };
    try {
      const tmplId = await saveTmpl({ title: '通知', content: '{realName}', event: 'class.notice', sms: 1, smsCode: 'SMS_X' });
      const u = await t.newLearner('smsf');
      await t.services.sysUser.setMobile(u.userId, `137${String(Date.now()).slice(-8)}`);
      const refId = await notice([u.userId], {}, tmplId);
      const sms = (await t.services.notify.deliveriesOf('class.notice', refId)).find((d) => d.channel === 'sms');
      expect(sms).toMatchObject({ state: DeliveryState.FAILED, error: 'isv.BUSINESS_LIMIT_CONTROL' });
      expect(await unread(u.token)).toBe(1);
    } finally {
      provider.sendTemplate = original;
    }
  });

  it('sends to 500 recipients as ONE background job with progress, 500 messages, and once only when repeated', async () => {
    const at = Date.now();
    const ids = Array.from({ length: 500 }, () => newId());
    await t.db
      .insertInto('sys_user')
      .values(ids.map((id, i) => ({ id, userName: `bulk${id}`, realName: `批量${i}`, password: 'x', avatar: '', mobile: '', email: '', deptCode: 'A01', state: 0, realPerson: 1, createTime: at, updateTime: at, ...BLANK_PROFILE })))
      .execute();
    const refId = newId();
    const req = { event: 'realname.audit' as const, userIds: ids, refType: 'realname', refId, vars: { auditResult: '通过', auditMsg: '' }, by: (await t.services.sysUser.idOf('admin')) as string };
    const { jobId, sent } = await t.services.notify.send(req);
    expect(sent).toBe(0);
    const job = await waitForJob(t, admin, jobId as string);
    expect(job).toMatchObject({ state: JobState.DONE, progress: 100, message: '已发送 500/500', result: { sent: 500, total: 500 } });
    const msgs = await t.services.notify.messagesOf('realname.audit', refId);
    expect(msgs).toHaveLength(500);
    expect(new Set(msgs.map((m) => m.userId)).size).toBe(500);
    expect(msgs.find((m) => m.userId === ids[7])?.content).toContain('批量7');
    const again = await waitForJob(t, admin, (await t.services.notify.send(req)).jobId as string);
    expect(again.result).toEqual({ sent: 0, total: 500 });
    expect(await t.services.notify.messagesOf('realname.audit', refId)).toHaveLength(500);
  });
});

describe('prepare-notify of an exam', () => {
  it('sends the exam.publish template to every normal-state learner as a background job, and not to disabled ones', async () => {
    const exam = must(await t.call<{ records: { id: string; title: string }[] }>(examApi.paging, { current: 1, size: 1 }, admin)).records[0] as { id: string; title: string };
    const active = await t.newLearner('pn');
    const disabled = await t.newLearner('pnd');
    await t.db.updateTable('sys_user').set({ state: 1 }).where('id', '=', disabled.userId).execute();
    const before = await unread(active.token);
    expect(await t.call(examApi.prepareNotify, { id: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    const { jobId } = must(await t.call<{ jobId: string }>(examApi.prepareNotify, { id: exam.id }, admin));
    const job = await waitForJob(t, admin, jobId);
    expect(job.state).toBe(JobState.DONE);
    expect(await unread(active.token)).toBe(before + 1);
    expect((await inbox(active.token, 0)).records[0]).toMatchObject({ title: `考试通知：${exam.title}` });
    const msgs = await t.services.notify.messagesOf('exam.publish', exam.id);
    expect(msgs.some((m) => m.userId === disabled.userId)).toBe(false);
    const count = await t.services.sysUser.countLearners();
    expect(msgs).toHaveLength(count);
    expect((job.result as { total: number }).total).toBe(count);
    expect(await t.db.selectFrom('sys_user_role').select('userId').where('roleId', '=', ROLE_STUDENT_ID).where('userId', '=', active.userId).executeTakeFirst()).toBeTruthy();
  });

  it('the preview sample values fill every variable of every built-in template', () => {
    for (const event of NOTIFY_EVENTS) {
      const t2 = BUILTIN_TEMPLATES[event];
      expect(renderTemplate(t2.content, SAMPLE_VARS), event).not.toMatch(/\{[A-Za-z]+\}/);
    }
  });
});
