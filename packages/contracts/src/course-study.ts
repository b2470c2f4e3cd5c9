/**
 * Course study (issue 11 "Learner"; SPEC §2 "My course files learned", §3 "Course-file learning row",
 * §4 "Study checks" / "Course study" / "Video player", §7 /api/course/file/learn/*, /fetch-file and the
 * reading socket, §9 heartbeat 10 000 ms, learning check grace 120 s, stop delay 3.5 s, seek 2 s).
 *
 * The SERVER decides how long someone studied: the player reports `{position, playing, page?}` every
 * `SOCKET_HEARTBEAT_MS` on the reading socket `READ_SOCKET_PATH` (or through `courseStudyApi.progress`,
 * the HTTP fallback), and the server credits at most the wall-clock time between two accepted reports
 * of the learner's one active stream (a report after a silence longer than `CREDIT_CAP_MS` credits
 * nothing for the gap). Units: positions and durations in seconds, `learnSec`/`needSec` seconds,
 * `process` a percent 0–100.
 *
 * Socket protocol: the URL may carry `?stream=<tab id>` (16–64 of [A-Za-z0-9_-], the id its HTTP
 * fallback sends) so that both are one stream; the client sends the text `ping` (answered `pong`) and JSON reports
 * `{position, playing, page?}`; every report is answered with a JSON `StudySocketMsg`:
 * `{type:'progress', data: StudyReply}` or `{type:'stopped', msg, code}` (an error: show msg, stop
 * after `STOP_DELAY_MS`), and for a pending check `{type:'check', key, deadline, msg}`.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { defineErrors } from './errors';
import { defineNotifyEvent } from './notify-event';
import { COURSE_TITLE_VAR } from './course';
import { json } from './endpoint';

/** Fastify path of the reading socket (SPEC §7 /api/socket/read/{userId}/{courseId}/{fileId}). */
export const READ_SOCKET_PATH = '/api/socket/read/:userId/:courseId/:fileId';
/** The reading socket's URL path for one learner and course file. */
export const readSocketPath = (userId: string, courseId: string, fileId: string) =>
  `/api/socket/read/${encodeURIComponent(userId)}/${encodeURIComponent(courseId)}/${encodeURIComponent(fileId)}`;

/** SPEC §9: the socket heartbeat; the player reports its position at this interval. */
export const STUDY_HEARTBEAT_MS = 10_000;
/** Longest gap between two reports that is credited (1.5 heartbeats); a longer silence credits nothing. */
export const CREDIT_CAP_MS = 15_000;
/** A learner's active stream keeps the learner's one study slot this long after its last report. */
export const STREAM_LEASE_MS = 15_000;
/** SPEC §9 "Learning check grace": a check not answered this long after it opened breaks study. */
export const CHECK_GRACE_MS = 120_000;
/** SPEC §9 "Stop message delay": the player stops this long after the stopped message. */
export const STOP_DELAY_MS = 3_500;
/** SPEC §9 "Seek tolerance" (s): in drag-lock mode a position further than this past the allowed point is reverted. */
export const SEEK_TOLERANCE_SEC = 2;
/** SPEC §9 fastest playback rate: the position may advance this many seconds per wall-clock second. */
export const MAX_PLAYBACK_RATE = 2;
/** SPEC §4 slowest playback rate (0.5/1/1.5/2): a played stretch moves the position at least this many seconds per second. */
export const MIN_PLAYBACK_RATE = 0.5;
/**
 * A video whose end was reached counts as finished when its credited time is this close (s) to the
 * required time: the moments no report can prove (before the first report of a stream, while a check
 * opens) would otherwise make a learner who watched the whole video start it again.
 */
export const END_SLACK_SEC = 5;
/** SPEC §4 "Video player": resume from the saved position when it is over this many seconds (and before the end). */
export const RESUME_MIN_SEC = 5;

/** Permission of the administrator's progress correction. */
export const CourseStudyPerm = { FIX: 'course:learn:fix' } as const;

/** Codes 4009xxxx: course study. */
export const StudyError = defineErrors({
  /** Another page or device holds the learner's study slot (the §4 "stopped" message). */
  STOPPED: { code: 40090001, msg: '您正在其他页面或设备学习，本页面已停止计时！' },
  /** A learning check is open: nothing is credited until the right captcha is posted (data {key, deadline}). */
  CHECK_PENDING: { code: 40090002, msg: '请先完成学习验证，验证通过后继续计时！' },
  /** SPEC §8: wrong or expired captcha (data {key}: the new key). */
  CHECK_WRONG: { code: 40090003, msg: '验证码错误或已失效，请点击图片刷新验证码！' },
  /** The check was not answered within CHECK_GRACE_MS: study stopped until the page is reloaded. */
  CHECK_BROKEN: { code: 40090004, msg: '学习验证已超时，本次学习已中断，请刷新页面后继续学习！' },
  /** The file is not part of the course. */
  FILE_NOT_IN_COURSE: { code: 40090005, msg: '该课件不属于此课程！' },
  /** Check answered while none is open. */
  NO_CHECK: { code: 40090006, msg: '当前无需验证，请继续学习！' },
  /** A course with face checks (issue 12): no passed face check within faceInterval (+ grace), nothing is credited until one passes. */
  FACE_PENDING: { code: 40090007, msg: '请先完成人脸核验，核验通过后继续计时！' },
  /** The course has no face checks (validate-face / save called anyway). */
  FACE_OFF: { code: 40090008, msg: '该课程未开启人脸核验！' },
});

const position = z.number({ error: '播放位置不正确！' }).finite().min(0, '播放位置不正确！').max(1_000_000, '播放位置不正确！');
const page = z.number({ error: '页码不正确！' }).int('页码不正确！').min(1, '页码不正确！').max(100_000, '页码不正确！');

/** One report of the player (socket JSON message; the HTTP fallback adds courseId, fileId, streamId). */
export const studyReport = z.object({
  /** Seconds into the video (documents, links: 0). */
  position: position.default(0),
  /** Videos: playing; documents and links: the page is visible. */
  playing: z.boolean({ error: '播放状态不正确！' }),
  /** Documents: the page shown now (1-based). */
  page: page.optional(),
});
export type StudyReport = z.infer<typeof studyReport>;

/** POST /api/course/file/learn/progress (HTTP fallback of the reading socket). */
export const progressReq = studyReport.extend({
  courseId: idSchema,
  fileId: idSchema,
  /** A random id per browser tab (16–64 of [A-Za-z0-9_-]): two tabs are two streams. */
  streamId: z.string({ error: '页面标识不能为空！' }).regex(/^[A-Za-z0-9_-]{16,64}$/, '页面标识不正确！'),
});

/** An open learning check: show the captcha image of `key` (GET /api/common/captcha/gen?key=). */
export const studyCheck = z.object({
  key: z.string(),
  /** Study breaks when the check is unanswered at this time (`yyyy-MM-dd HH:mm:ss`). */
  deadline: z.string(),
  /** Seconds left before it breaks. */
  leftSec: z.number().int(),
});
export type StudyCheck = z.infer<typeof studyCheck>;

/** What the server answers to an accepted report. */
export const studyReply = z.object({
  /** Seconds credited for this report (0: not credited). */
  creditedSec: z.number(),
  learnSec: z.number().int(),
  needSec: z.number().int(),
  /** Percent of this file (0–100). */
  process: z.number().int(),
  finished: z.boolean(),
  /** Percent of the course (files done / files). */
  courseProcess: z.number().int(),
  courseFinished: z.boolean(),
  /** Furthest accepted position (s). */
  maxPosition: z.number(),
  /** Drag-lock: the position was beyond the allowed point; seek back to this (s). Null otherwise. */
  revert: z.number().nullable(),
  /** Why nothing was credited: 'baseline' (first report of a stream), 'gap' (silence > CREDIT_CAP_MS), 'paused', 'seek', 'duplicate', or null. */
  reason: z.string().nullable(),
  /** A learning check opened with this report (nothing more is credited until it is answered). */
  check: studyCheck.nullable(),
  /** Shown once: 'fileDone' when this report finished the file, 'allDone' when it finished the course. */
  event: z.enum(['fileDone', 'allDone']).nullable(),
});
export type StudyReply = z.infer<typeof studyReply>;

/** Messages the reading socket sends (JSON text). */
export type StudySocketMsg =
  | { type: 'progress'; data: StudyReply }
  | { type: 'check'; key: string; deadline: string; leftSec: number; msg: string; code: number }
  | { type: 'stopped'; msg: string; code: number }
  | { type: 'error'; msg: string; code: number };

/** POST /api/course/file/learn/check: answer the open learning check. */
export const checkReq = z.object({
  courseId: idSchema,
  key: z.string({ error: '验证码不能为空！' }).min(1, '验证码不能为空！').max(64),
  code: z.string({ error: '验证码不能为空！' }).trim().min(1, '验证码不能为空！').max(16, '验证码错误或已失效，请点击图片刷新验证码！'),
});

/** POST /api/course/file/learn/paging (SPEC §3 "Course-file learning row"): my rows only. */
export const learnPagingReq = pagingReq(z.object({ courseId: z.string().max(32).optional() }));
export const learnRow = z.object({
  id: z.string(),
  courseId: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  courseName: z.string(),
  /** Last study time (`yyyy-MM-dd HH:mm:ss`). */
  updateTime: z.string().nullable(),
  /** Percent 0–100. */
  process: z.number().int(),
  learnSec: z.number().int(),
  finished: z.boolean(),
});
export type LearnRow = z.infer<typeof learnRow>;

/** POST /api/course/file/learn/fix-process (admin): set a learner's progress of one course file. */
export const fixProcessReq = z.object({
  userId: idSchema,
  courseId: idSchema,
  fileId: idSchema,
  /** Percent 0–100: learnSec becomes needSec × process / 100 (100 also marks every page seen). */
  process: z.number({ error: '进度必须是0-100之间的整数！' }).int('进度必须是0-100之间的整数！').min(0, '进度必须是0-100之间的整数！').max(100, '进度必须是0-100之间的整数！'),
});

/** POST /api/course/file/fetch-file: the learner's view of one file of a course they may study. */
export const fetchFileReq = z.object({ courseId: idSchema, fileId: idSchema });
export const fetchFileRes = z.object({
  courseId: z.string(),
  courseTitle: z.string(),
  fileId: z.string(),
  title: z.string(),
  /** 11 link (viewUrl), 22 document (fileUrl, a PDF), 33 video (hlsUrl when transcoded, else fileUrl). */
  fileType: z.number().int(),
  fileType_dictText: z.string(),
  viewUrl: z.string(),
  fileUrl: z.string(),
  hlsUrl: z.string(),
  /** Seconds (0: none). */
  duration: z.number().int(),
  pageCount: z.number().int(),
  videoDrag: z.boolean(),
  checkOn: z.boolean(),
  checkSec: z.number().int(),
  /** Face checks (issue 12): on, minutes between captures, and whether a face check must pass before time is credited now. */
  faceOn: z.boolean(),
  faceInterval: z.number().int(),
  facePending: z.boolean(),
  needSec: z.number().int(),
  learnSec: z.number().int(),
  /** Saved position (s) and furthest accepted position (s). */
  lastPosition: z.number(),
  maxPosition: z.number(),
  pagesSeen: z.array(z.number().int()),
  process: z.number().int(),
  finished: z.boolean(),
  courseProcess: z.number().int(),
  courseFinished: z.boolean(),
  /** An open learning check (also one reopened after a broken check). */
  check: studyCheck.nullable(),
});
export type FetchFileRes = z.infer<typeof fetchFileRes>;

/** POST /api/course/file/learn/course-files: my progress per file of one course (the chapter list). */
export const courseFilesReq = z.object({ courseId: idSchema });
export const courseFilesRes = z.object({
  courseTitle: z.string(),
  courseProcess: z.number().int(),
  courseFinished: z.boolean(),
  /** In course order (chapter, sort). */
  files: z.array(
    z.object({
      fileId: z.string(), title: z.string(), chapter: z.string(), sort: z.number().int(), fileType: z.number().int(),
      process: z.number().int(), learnSec: z.number().int(), needSec: z.number().int(), finished: z.boolean(),
    }),
  ),
});
export type CourseFilesRes = z.infer<typeof courseFilesRes>;

export const courseStudyApi = {
  progress: json({
    path: '/api/course/file/learn/progress', ours: true, access: 'user', body: progressReq, data: studyReply,
    summary: '学习进度上报（阅读WebSocket的HTTP备用通道）：服务器按两次上报之间的真实时间计时，同一学员同时只计一个页面',
  }),
  check: json({
    path: '/api/course/file/learn/check', ours: true, access: 'user', body: checkReq, data: z.object({ passed: z.boolean() }),
    summary: '提交学习验证码（正确则继续计时；错误则换新验证码；超过120秒未通过则中断学习）',
  }),
  paging: json({
    path: '/api/course/file/learn/paging', readOnly: true, access: 'user', body: learnPagingReq, data: pagingRes(learnRow),
    summary: '我学习过的课件（课件名、课程名、最后学习时间、进度；可按课程筛选）',
  }),
  courseFiles: json({
    path: '/api/course/file/learn/course-files', ours: true, readOnly: true, access: 'user', body: courseFilesReq, data: courseFilesRes,
    summary: '我在一门课程各课件的学习进度（章节列表）',
  }),
  fixProcess: json({
    path: '/api/course/file/learn/fix-process', access: CourseStudyPerm.FIX, body: fixProcessReq, data: z.object({ process: z.number().int(), courseFinished: z.boolean() }),
    summary: '管理员修正学员的课件学习进度（记入操作日志）',
  }),
  fetchFile: json({
    path: '/api/course/file/fetch-file', access: 'user', body: fetchFileReq, data: fetchFileRes,
    summary: '学员查看课程中的一个课件：地址、时长、已保存的位置与进度',
  }),
};

/** Message event of a learner's course completion (module courseStudy, once per course and learner). */
export const courseFinishEvent = defineNotifyEvent({
  key: 'course.finish',
  label: '课程学习完成',
  vars: COURSE_TITLE_VAR,
  template: { title: '课程完成：{courseTitle}', content: '<p>{realName}，您好！恭喜您完成了课程“{courseTitle}”的全部学习。</p>' },
});
