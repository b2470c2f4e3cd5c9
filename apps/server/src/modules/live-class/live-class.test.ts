/**
 * API tests of live classes (/api/onlineClass/*, prop type "live"): configuration validation and
 * masking, session validation, the signed push URL, play refused before and after the window (the
 * replay after the end), heartbeat credit never above the server clock's elapsed time, a second
 * stream never double counting, parallel beats, attendance paging and the xlsx export.
 */
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { LiveError, liveApi, type LiveAttendRecord, type LiveBeat, type LivePlay, type LivePushUrl, type LiveRecord, type LiveWebRecord } from '@kaopei/contracts/live-class';
import { LIVE_PROP_MSG, PROP_MSG, propApi } from '@kaopei/contracts/sys-config-prop';
import { advanceClock, formatTimeStrict, now } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
const CONF = { pushDomain: 'push.example.com', pushKey: 'pushSecret123', pullDomain: 'play.example.com', pullKey: 'pullSecret456' };
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const at = (offsetMs: number) => formatTimeStrict(now() + offsetMs);
const MIN = 60_000;

/** Saves a session starting `startMin` minutes from the server's now and lasting `lenMin` minutes. */
async function session(startMin: number, lenMin = 60, over: Record<string, unknown> = {}): Promise<string> {
  return must(await t.call<{ id: string }>(liveApi.save, { title: uniq('直播'), startTime: at(startMin * MIN), endTime: at((startMin + lenMin) * MIN), appName: 'kaopei', streamName: uniq('s'), ...over }, admin)).id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('live configuration (prop type "live")', () => {
  it('refuses missing fields with clear messages and a session cannot be played before it is saved', async () => {
    const save = (data: object, provider = 'aliyun') => t.call(propApi.save, { type: 'live', provider, data }, admin);
    expect(await t.call(propApi.change, { type: 'live', provider: '' }, admin)).toMatchObject({ msg: PROP_MSG.provider });
    expect(await save(CONF, 'qiniu')).toMatchObject({ code: 90090002 });
    expect(await save({ ...CONF, pushDomain: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: LIVE_PROP_MSG.pushDomain });
    expect(await save({ ...CONF, pullDomain: 'https://play.example.com/' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: LIVE_PROP_MSG.domainFormat });
    expect(await save({ ...CONF, pullKey: ' ' })).toMatchObject({ msg: LIVE_PROP_MSG.pullKey });
    const id = await session(-1);
    const learner = await t.newLearner();
    expect(await t.call(liveApi.play, { id }, learner.token)).toMatchObject({ code: LiveError.NOT_CONFIGURED.code });
    expect(await t.call(liveApi.pushUrl, { id }, admin)).toMatchObject({ code: LiveError.NOT_CONFIGURED.code });

    expect(await save(CONF)).toMatchObject({ code: 0 });
    const detail = must(await t.call<{ data: Record<string, string> }>(propApi.detail, { type: 'live' }, admin));
    expect(detail.data).toMatchObject({ pushDomain: CONF.pushDomain, pullDomain: CONF.pullDomain });
    expect(detail.data.pushKey).not.toBe(CONF.pushKey);
    expect(detail.data.pullKey).not.toBe(CONF.pullKey);
    // Saving the masked secrets back keeps the stored keys.
    expect(await save(detail.data)).toMatchObject({ code: 0 });
    const { url } = must(await t.call<LivePushUrl>(liveApi.pushUrl, { id }, admin));
    const [ts, rand, uid, hash] = new URL(url.replace(/^rtmp:/, 'http:')).searchParams.get('auth_key')!.split('-');
    expect(hash).toBe(md5(`${new URL(url.replace(/^rtmp:/, 'http:')).pathname}-${ts}-${rand}-${uid}-${CONF.pushKey}`));
  });
});

describe('live sessions', () => {
  beforeAll(async () => {
    must(await t.call(propApi.save, { type: 'live', provider: 'aliyun', data: CONF }, admin));
  });

  it('validates a session and writes nothing on bad input', async () => {
    const before = must(await t.call<Page<LiveRecord>>(liveApi.paging, {}, admin)).total;
    const body = { title: 'x', startTime: at(MIN), endTime: at(2 * MIN), appName: 'app', streamName: 'st' };
    expect(await t.call(liveApi.save, { ...body, title: ' ' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '直播标题不能为空！' });
    expect(await t.call(liveApi.save, { ...body, endTime: body.startTime }, admin)).toMatchObject({ msg: '结束时间必须晚于开始时间！' });
    expect(await t.call(liveApi.save, { ...body, startTime: '2026-13-01' }, admin)).toMatchObject({ msg: '时间格式应为 yyyy-MM-dd HH:mm:ss' });
    expect(await t.call(liveApi.save, { ...body, streamName: 'a/b' }, admin)).toMatchObject({ msg: '流名称（StreamName）只能包含字母、数字、下划线和中划线' });
    expect(await t.call(liveApi.save, { ...body, replayFileId: '123456789' }, admin)).toMatchObject({ code: LiveError.BAD_REPLAY.code });
    expect(await t.call(liveApi.save, { ...body, id: '123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(must(await t.call<Page<LiveRecord>>(liveApi.paging, {}, admin)).total).toBe(before);
    const learner = await t.newLearner();
    expect((await t.call(liveApi.save, body, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('saves, details, lists and deletes a session with its phase', async () => {
    const fileId = await insertCourseFile(t, { title: '回放课件' });
    const id = await session(30, 60, { classId: 'c1', replayFileId: fileId });
    const d = must(await t.call<LiveRecord>(liveApi.detail, { id }, admin));
    expect(d).toMatchObject({ id, classId: 'c1', replayFileId: fileId, replayFileId_dictText: '回放课件', phase: 0, phase_dictText: '未开始', state: 0 });
    expect(must(await t.call<Page<LiveRecord>>(liveApi.paging, { params: { title: d.title } }, admin)).records.map((r) => r.id)).toEqual([id]);
    must(await t.call(liveApi.delete, { ids: [id] }, admin));
    expect(await t.call(liveApi.detail, { id }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('answers the signed push URL with the aliyun type-A key of the push domain', async () => {
    const id = await session(5);
    const d = must(await t.call<LiveRecord>(liveApi.detail, { id }, admin));
    const p = must(await t.call<LivePushUrl>(liveApi.pushUrl, { id }, admin));
    const m = /^rtmp:\/\/push\.example\.com\/kaopei\/([^?]+)\?auth_key=(\d+)-([0-9a-f]+)-0-([0-9a-f]{32})$/.exec(p.url);
    expect(m).not.toBeNull();
    const [, stream, ts, rand, hash] = m!;
    expect(stream).toBe(d.streamName);
    expect(hash).toBe(md5(`/kaopei/${d.streamName}-${ts}-${rand}-0-${CONF.pushKey}`));
    expect(p.server + p.streamKey).toBe(p.url);
    expect(formatTimeStrict(Number(ts) * 1000)).toBe(p.expireTime);
    expect(Number(ts) * 1000).toBeGreaterThan(now() + 65 * MIN);
  });

  it('plays the signed HLS URL only from 10 minutes before the start to the end, then the replay', async () => {
    const learner = await t.newLearner();
    const fileId = await insertCourseFile(t, { title: '回放' });
    const early = await session(20, 30);
    const soon = await session(5, 30, { replayFileId: fileId });
    const ended = await session(-60, 30);
    expect(await t.call(liveApi.play, { id: early }, learner.token)).toMatchObject({ code: LiveError.NOT_STARTED.code, msg: '直播尚未开始！' });
    expect(await t.call(liveApi.play, { id: ended }, learner.token)).toMatchObject({ code: LiveError.ENDED.code, msg: '直播已结束！' });
    const play = must(await t.call<LivePlay>(liveApi.play, { id: soon }, learner.token));
    const d = must(await t.call<LiveRecord>(liveApi.detail, { id: soon }, admin));
    expect(play).toMatchObject({ kind: 'live', phase: 0, fileId: null });
    const m = /^https:\/\/play\.example\.com\/kaopei\/([^?]+)\.m3u8\?auth_key=(\d+)-([0-9a-f]+)-0-([0-9a-f]{32})$/.exec(play.url)!;
    expect(m[1]).toBe(d.streamName);
    expect(m[4]).toBe(md5(`/kaopei/${d.streamName}.m3u8-${m[2]}-${m[3]}-0-${CONF.pullKey}`));
    // The learner list never shows the stream, only the phase.
    const list = must(await t.call<Page<LiveWebRecord>>(liveApi.userPaging, { size: 100 }, learner.token));
    expect(list.records.find((r) => r.id === soon)).toMatchObject({ phase: 0, phase_dictText: '未开始', hasReplay: true, attendSec: 0 });
    expect(JSON.stringify(list)).not.toContain(d.streamName);
    advanceClock(40 * MIN);
    expect(must(await t.call<LivePlay>(liveApi.play, { id: soon }, learner.token))).toMatchObject({ kind: 'replay', fileId, phase: 2, url: expect.stringContaining(fileId) });
    // A hidden session is not there for learners.
    const hidden = await session(-1, 30, { state: 1 });
    expect(await t.call(liveApi.play, { id: hidden }, learner.token)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('attendance from heartbeats', () => {
  const beat = (token: string, id: string, streamId: string) => t.call<LiveBeat>(liveApi.heartbeat, { id, streamId }, token);

  it('credits no more than the server clock moved, within the session only, one stream at a time', async () => {
    const learner = await t.newLearner('live');
    const id = await session(-1, 2);
    const A = 'stream-aaaaaaaa';
    const B = 'stream-bbbbbbbb';
    expect(must(await beat(learner.token, id, A))).toMatchObject({ attendSec: 0, creditMs: 0, phase: 1 });
    advanceClock(10_000);
    const second = must(await beat(learner.token, id, A));
    expect(second.attendSec).toBe(10);
    // At least the 10 s the clock was moved, and no more than the real time the calls took on top.
    expect(second.creditMs).toBeGreaterThanOrEqual(10_000);
    expect(second.creditMs).toBeLessThan(11_000);
    // Beats sent quickly add only the real time between them.
    for (let i = 0; i < 5; i++) must(await beat(learner.token, id, A));
    expect(must(await beat(learner.token, id, A)).attendSec).toBeLessThanOrEqual(11);
    // A second window of the same learner is refused while the first beats: nothing is double counted.
    advanceClock(10_000);
    expect(await beat(learner.token, id, B)).toMatchObject({ code: LiveError.OTHER_STREAM.code });
    const afterA = must(await beat(learner.token, id, A)).attendSec;
    expect(afterA).toBeGreaterThanOrEqual(20);
    expect(afterA).toBeLessThanOrEqual(21);
    // A silence longer than three beats credits nothing; after it the other window may take over (baseline).
    advanceClock(40_000);
    expect(must(await beat(learner.token, id, B))).toMatchObject({ creditMs: 0, attendSec: afterA });
    // Past the end, only the time up to the end counts.
    advanceClock(20_000);
    const last = must(await beat(learner.token, id, B));
    expect(last.phase).toBe(2);
    expect(last.creditMs).toBeLessThanOrEqual(20_000);
    expect(last.attendSec).toBeLessThanOrEqual(120);
  });

  it('applies parallel beats of the same interval once', async () => {
    const learner = await t.newLearner('par');
    const id = await session(-1, 30);
    must(await beat(learner.token, id, 'stream-parallel'));
    advanceClock(10_000);
    const res = await Promise.all(Array.from({ length: 8 }, () => beat(learner.token, id, 'stream-parallel')));
    const credited = res.reduce((n, r) => n + (r.data?.creditMs ?? 0), 0);
    expect(credited).toBeGreaterThanOrEqual(10_000);
    expect(credited).toBeLessThan(11_000);
  });

  it('refuses beats before the play window and lists and exports the attendance', async () => {
    const a = await t.newLearner('la');
    const b = await t.newLearner('lb');
    expect(await beat(a.token, await session(30), 'stream-early-1')).toMatchObject({ code: LiveError.NOT_STARTED.code });
    const id = await session(-1, 30);
    for (const l of [a, b]) must(await beat(l.token, id, `stream-${l.userId}`));
    advanceClock(10_000);
    must(await beat(a.token, id, `stream-${a.userId}`));
    const page = must(await t.call<Page<LiveAttendRecord>>(liveApi.attendance, { params: { id } }, admin));
    expect(page.records.map((r) => [r.userName, r.attendSec])).toEqual([[a.userName, expect.toBeOneOf([10, 11])], [b.userName, 0]]);
    expect(must(await t.call<Page<LiveAttendRecord>>(liveApi.attendance, { params: { id, userName: b.userName } }, admin)).records).toHaveLength(1);
    expect((await t.call(liveApi.attendance, { params: { id } }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const mine = must(await t.call<Page<LiveWebRecord>>(liveApi.userPaging, { size: 100 }, a.token)).records.find((r) => r.id === id);
    expect(mine).toMatchObject({ attendSec: page.records[0]!.attendSec, phase: 1, phase_dictText: '直播中' });

    const res = await t.app.inject({ method: 'POST', url: liveApi.attendExport.path, payload: { id }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet('直播考勤')!;
    expect(ws.getRow(2).values).toEqual([undefined, '序号', '账号', '姓名', '观看时长(秒)', '首次心跳', '最后心跳']);
    expect((ws.getRow(3).values as unknown[]).slice(1, 5)).toEqual([1, a.userName, expect.any(String), page.records[0]!.attendSec]);
    expect(ws.rowCount).toBe(4);
  });
});

describe('the player page', () => {
  it('may be framed by the site itself only (the learner page embeds /player/live.html)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/player/live.html?src=x' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    const other = await t.app.inject({ method: 'GET', url: '/web/liveClass' });
    expect(other.headers['x-frame-options']).toBe('DENY');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
