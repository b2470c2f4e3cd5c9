/**
 * Live classroom (issue 13 "Live classroom"; SPEC §2 /web/liveClass, "The live player is an
 * embedded page at /player/live.html with an encoded source parameter", §3 "Live configuration",
 * §7 /api/onlineClass). A live session has a schedule (startTime–endTime, Asia/Shanghai) and a
 * stream `appName/streamName` on the live configuration's domains (prop type "live", provider
 * aliyun). The admin gets a signed push URL for the encoder; a learner gets a signed HLS pull URL
 * while the session is live (or PLAY_EARLY_MIN minutes before), the replay course file after it.
 * Attendance is counted by the server from heartbeats (`/heartbeat` every LIVE_BEAT_SEC seconds).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, TIME_PATTERN } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';
import { definePropType, propReq } from './prop-type';

/** Publication of a session (admin's switch): 0 published (learners see it), 1 hidden. */
export const LiveState = { NORMAL: 0, HIDDEN: 1 } as const;
export const LIVE_STATE_LABEL: Record<number, string> = { 0: '正常', 1: '停用' };
/** Where a session stands by the server clock: 0 未开始, 1 直播中, 2 已结束. */
export const LivePhase = { NOT_STARTED: 0, LIVE: 1, ENDED: 2 } as const;
export const LIVE_PHASE_LABEL: Record<number, string> = { 0: '未开始', 1: '直播中', 2: '已结束' };

/** The learner may open the player this many minutes before the start. */
export const PLAY_EARLY_MIN = 10;
/** Heartbeat period of the learner page (s). */
export const LIVE_BEAT_SEC = 10;
/** A silence longer than this between two beats credits nothing for the gap (ms): three missed beats. */
export const LIVE_CREDIT_CAP_MS = 30_000;
/** Signed URLs carry the end of the session plus this many seconds as their timestamp. */
export const LIVE_URL_GRACE_SEC = 600;
/** The player page (SPEC §2); the source goes in `?src=` encoded with encodeURIComponent. */
export const LIVE_PLAYER_PATH = '/player/live.html';
/** The attendance export's file name. */
export const LIVE_ATTEND_FILE = '直播考勤.xlsx';

/** Messages of the session form. */
export const LIVE_MSG = {
  title: '直播标题不能为空！',
  startTime: '开始时间不能为空！',
  endTime: '结束时间不能为空！',
  timeFormat: '时间格式应为 yyyy-MM-dd HH:mm:ss',
  timeOrder: '结束时间必须晚于开始时间！',
  appName: '应用名称（AppName）不能为空！',
  streamName: '流名称（StreamName）不能为空！',
  nameFormat: '只能包含字母、数字、下划线和中划线',
  saved: '直播保存成功！',
} as const;

const time = (msg: string) => z.string({ error: msg }).trim().min(1, msg).regex(TIME_PATTERN, LIVE_MSG.timeFormat);
const streamPart = (msg: string) => z.string({ error: msg }).trim().min(1, msg).max(64, `${msg.replace(/不能为空！/, '')}不能超过64个字符`).regex(/^[A-Za-z0-9_-]+$/, `${msg.replace(/不能为空！/, '')}${LIVE_MSG.nameFormat}`);

/** POST /api/onlineClass/save: add (no id) or update a session. */
export const liveSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: LIVE_MSG.title }).trim().min(1, LIVE_MSG.title).max(200, '直播标题不能超过200个字符！'),
    /** The training class it belongs to (a reference by id; '' none). */
    classId: z.string().trim().max(32).optional().default(''),
    startTime: time(LIVE_MSG.startTime),
    endTime: time(LIVE_MSG.endTime),
    appName: streamPart(LIVE_MSG.appName),
    streamName: streamPart(LIVE_MSG.streamName),
    /** A course file shown as the replay after the end ('' none). */
    replayFileId: z.string().trim().max(32).optional().default(''),
    content: z.string().max(2000, '直播简介不能超过2000个字符！').optional().default(''),
    state: z.number().int().min(0).max(1).optional().default(0),
  })
  .refine((v) => v.endTime > v.startTime, { message: LIVE_MSG.timeOrder, path: ['endTime'] });
export type LiveSaveReq = z.input<typeof liveSaveReq>;

/** A session as the admin list shows it. */
export const liveRecord = z.object({
  id: z.string(),
  title: z.string(),
  classId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  appName: z.string(),
  streamName: z.string(),
  replayFileId: z.string(),
  replayFileId_dictText: z.string(),
  content: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  phase: z.number().int(),
  phase_dictText: z.string(),
  createTime: z.string(),
});
export type LiveRecord = z.infer<typeof liveRecord>;
export const livePagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }), { sort: ['startTime', 'createTime'] as const });
export const livePagingRes = pagingRes(liveRecord);

/** A signed URL: `url` and the time its signature's timestamp names (`expireTime`, yyyy-MM-dd HH:mm:ss). */
export const liveUrl = z.object({ url: z.string(), expireTime: z.string() });
/** POST /api/onlineClass/push-url: the encoder's signed RTMP ingest URL, also split for OBS (server + stream key). */
export const livePushUrl = liveUrl.extend({ server: z.string(), streamKey: z.string() });
export type LivePushUrl = z.infer<typeof livePushUrl>;

/** A session as a learner's list shows it (no stream names). `attendSec` the caller's attended seconds. */
export const liveWebRecord = z.object({
  id: z.string(),
  title: z.string(),
  classId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  content: z.string(),
  phase: z.number().int(),
  phase_dictText: z.string(),
  hasReplay: z.boolean(),
  attendSec: z.number().int(),
});
export type LiveWebRecord = z.infer<typeof liveWebRecord>;
export const liveWebPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }));
export const liveWebPagingRes = pagingRes(liveWebRecord);

/**
 * POST /api/onlineClass/play: `live` (the signed HLS pull URL, `url`) while live or PLAY_EARLY_MIN
 * minutes before; `replay` after the end when a replay file is set (`url` the file's HLS, video or
 * view url, `fileId`).
 */
export const livePlay = z.object({
  kind: z.enum(['live', 'replay']),
  url: z.string(),
  expireTime: z.string().nullable(),
  fileId: z.string().nullable(),
  title: z.string(),
  phase: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
});
export type LivePlay = z.infer<typeof livePlay>;

/** POST /api/onlineClass/heartbeat `{id, streamId}`: `streamId` a random id per opened player page. */
export const liveBeatReq = z.object({ id: idSchema, streamId: z.string({ error: '播放标识不能为空！' }).trim().min(8, '播放标识不正确！').max(64, '播放标识不正确！') });
/** The caller's attended seconds after the beat and what this beat added (ms). */
export const liveBeat = z.object({ attendSec: z.number().int(), creditMs: z.number().int(), phase: z.number().int() });
export type LiveBeat = z.infer<typeof liveBeat>;

/** POST /api/onlineClass/attendance: the learners of one session. */
export const liveAttendReq = pagingReq(z.object({ id: idSchema, userName: z.string().max(100).optional() }));
export const liveAttendRecord = z.object({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  attendSec: z.number().int(),
  firstTime: z.string(),
  lastTime: z.string(),
});
export type LiveAttendRecord = z.infer<typeof liveAttendRecord>;
export const liveAttendRes = pagingRes(liveAttendRecord);

/** Permission codes of the admin page 直播课堂. */
export const LivePerm = { LIST: 'live:class:list', SAVE: 'live:class:save', DELETE: 'live:class:delete', PUSH: 'live:class:push', ATTEND: 'live:class:attend' } as const;

/** Errors of live classes (block 2014xxxx). */
export const LiveError = defineErrors({
  NOT_CONFIGURED: { code: 20140001, msg: '直播尚未配置，请先在系统管理→直播配置中保存配置！' },
  NOT_STARTED: { code: 20140002, msg: '直播尚未开始！' },
  ENDED: { code: 20140003, msg: '直播已结束！' },
  OTHER_STREAM: { code: 20140004, msg: '您已在其他窗口观看该直播！' },
  BAD_REPLAY: { code: 20140005, msg: '回放课件不存在！' },
});

export const liveApi = {
  save: json({ path: '/api/onlineClass/save', summary: '新增或修改直播', access: LivePerm.SAVE, body: liveSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/onlineClass/detail', readOnly: true, summary: '直播详情', access: LivePerm.LIST, body: idReq, data: liveRecord, ours: true }),
  paging: json({ path: '/api/onlineClass/paging', readOnly: true, summary: '分页查询直播', access: LivePerm.LIST, body: livePagingReq, data: livePagingRes, ours: true }),
  delete: json({ path: '/api/onlineClass/delete', summary: '删除直播（及其考勤）', access: LivePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  pushUrl: json({ path: '/api/onlineClass/push-url', summary: '推流地址（阿里云A型鉴权，含过期时间）', access: LivePerm.PUSH, body: idReq, data: livePushUrl, ours: true }),
  userPaging: json({ path: '/api/onlineClass/user-paging', readOnly: true, summary: '学员分页查询直播（未开始/直播中/已结束）', access: 'user', body: liveWebPagingReq, data: liveWebPagingRes, ours: true }),
  play: json({ path: '/api/onlineClass/play', summary: '观看直播：直播中给出签名的HLS播放地址，结束后给出回放', access: 'user', body: idReq, data: livePlay, ours: true }),
  heartbeat: json({ path: '/api/onlineClass/heartbeat', summary: '直播心跳（服务器计时考勤）', access: 'user', body: liveBeatReq, data: liveBeat, ours: true }),
  attendance: json({ path: '/api/onlineClass/attendance', readOnly: true, summary: '直播考勤（观看时长、首次与最后心跳）', access: LivePerm.ATTEND, body: liveAttendReq, data: liveAttendRes, ours: true }),
  attendExport: download({ path: '/api/onlineClass/attendance-export', summary: '导出直播考勤', access: LivePerm.ATTEND, method: 'POST', body: idReq, fileName: LIVE_ATTEND_FILE, ours: true }),
};

// ---------------------------------------------------------------- prop type "live" (issue 13)

/** Messages of the live configuration form (SPEC §3 "Live configuration"; §8 '直播配置保存成功！'). */
export const LIVE_PROP_MSG = {
  pushDomain: '推流域名不能为空',
  pullDomain: '播放域名不能为空',
  pushKey: '推流鉴权Key不能为空',
  pullKey: '播放鉴权Key不能为空',
  domainFormat: '域名格式不正确，只填写域名，如：push.example.com',
  saved: '直播配置保存成功！',
} as const;

/** A bare host name (no scheme, path, port or spaces), as aliyun's domain settings show it. */
export function isDomain(v: string): boolean {
  return /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(v);
}
const domain = (msg: string) => propReq(msg, 253).refine(isDomain, LIVE_PROP_MSG.domainFormat);

/** aliyun ApsaraVideo Live (SPEC §3): ingest domain and its URL-signing key, streaming domain and its key. */
export const aliyunLiveData = z.object({
  pushDomain: domain(LIVE_PROP_MSG.pushDomain),
  pushKey: propReq(LIVE_PROP_MSG.pushKey, 200),
  pullDomain: domain(LIVE_PROP_MSG.pullDomain),
  pullKey: propReq(LIVE_PROP_MSG.pullKey, 200),
});
export type AliyunLiveData = z.infer<typeof aliyunLiveData>;

/** Type "live" (module liveClass). Only aliyun: live classes need a saved configuration (20140001 without one). */
export const livePropType = definePropType({
  key: 'live',
  label: '直播',
  providers: { aliyun: aliyunLiveData },
  secrets: ['pushKey', 'pullKey'],
  defaultProvider: 'aliyun',
  savedMsg: LIVE_PROP_MSG.saved,
});
