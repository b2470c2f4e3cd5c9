/**
 * Live invigilation (issue 9 "Live invigilation"; SPEC §2 ExamWatch, §7 sockets, §9 heartbeat).
 *
 * - The learner's exam socket `EXAM_SOCKET_PATH`: authenticated by the `token` cookie or a `token`
 *   query parameter; a token whose user is not the path's userId is closed with 1008. The client
 *   sends the text `ping` every `SOCKET_HEARTBEAT_MS` and the server answers `pong`; any other
 *   message the server sends is a reminder, shown as a persistent notice titled `REMIND_TITLE`.
 * - The admin calls (all ours) behind `ExamWatchPerm.WATCH`: who started / is online / handed in,
 *   send a reminder to one learner or every online learner of the exam, force one paper's hand-in.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';

/** Fastify path of the learner's exam socket (SPEC §7 /api/socket/exam/{userId}/{examId}/{platform}). */
export const EXAM_SOCKET_PATH = '/api/socket/exam/:userId/:examId/:platform';
/** The socket URL path for one learner and exam (`platform`: pc, h5 …). */
export const examSocketPath = (userId: string, examId: string, platform = 'pc') =>
  `/api/socket/exam/${encodeURIComponent(userId)}/${encodeURIComponent(examId)}/${encodeURIComponent(platform)}`;
/** SPEC §9: a text ping every 10 s. */
export const SOCKET_HEARTBEAT_MS = 10_000;
/** A socket silent for this long (no ping) counts as offline. */
export const ONLINE_WINDOW_MS = 25_000;
/** SPEC §7: the title of the notice any non-pong message shows. */
export const REMIND_TITLE = '管理员提醒';

export const ExamWatchPerm = { WATCH: 'exam:watch' } as const;

export const examWatchPagingReq = pagingReq(
  z.object({
    examId: idSchema,
    /** Paper state filter (0 考试中, 1 待阅卷, 2 已完成, 3 已弃考). */
    state: z.number().int().min(0).max(3).optional(),
    /** true: only learners whose socket is online now. */
    online: z.boolean().optional(),
  }),
);

/** One learner's paper of the watched exam. Times are `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai). */
export const examWatchRecord = z.object({
  paperId: z.string(),
  userId: z.string(),
  realName: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  /** The learner's exam socket is open now (any server process). */
  online: z.boolean(),
  /** Started (paper created). */
  createTime: z.string().nullable(),
  /** Deadline by the server clock. */
  limitTime: z.string().nullable(),
  handTime: z.string().nullable(),
  /** Last sign of life: the latest socket ping or answer save. */
  lastActive: z.string().nullable(),
});
export type ExamWatchRecord = z.infer<typeof examWatchRecord>;

export const examWatchPagingRes = pagingRes(examWatchRecord).extend({
  /** Counts over the whole exam (not the page): papers started, open now, handed in, learners online. */
  summary: z.object({ started: z.number().int(), inExam: z.number().int(), handed: z.number().int(), online: z.number().int() }),
});

export const examWatchRemindReq = z.object({
  examId: idSchema,
  /** One learner; omitted: every learner of the exam online now. */
  userId: idSchema.optional(),
  message: z.string({ error: '提醒内容不能为空！' }).trim().min(1, '提醒内容不能为空！').max(500, '提醒内容不能超过500个字！'),
});

export const examWatchApi = {
  paging: json({
    path: '/api/exam/watch/paging', readOnly: true, summary: '监考：考试的答卷与在线状态（已开始、在线、已交卷、最后活动）',
    access: ExamWatchPerm.WATCH, body: examWatchPagingReq, data: examWatchPagingRes, ours: true,
  }),
  remind: json({
    path: '/api/exam/watch/remind', summary: '监考：向一名或全部在线考生发送提醒（考生页面显示“管理员提醒”）',
    access: ExamWatchPerm.WATCH, body: examWatchRemindReq, data: z.object({ sent: z.number().int() }), ours: true,
  }),
  handIn: json({
    path: '/api/exam/watch/hand-in', summary: '监考：强制交卷（id 为试卷ID；已交卷时不变）',
    access: ExamWatchPerm.WATCH, body: idReq, data: z.object({ done: z.boolean(), state: z.number().int() }), ours: true,
  }),
};
