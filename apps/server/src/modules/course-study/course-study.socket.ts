/**
 * The reading socket `/api/socket/read/:userId/:courseId/:fileId` (SPEC §7 "Generic and sockets",
 * §4 "Course study", §9 heartbeat 10 000 ms). Authenticated by the router (token cookie or `token`
 * query parameter); a session whose user is not the path's userId is closed with 1008.
 *
 * The client sends the text `ping` (answered `pong`) and JSON reports `{position, playing, page?}`
 * (contracts `studyReport`). Each socket is a stream: the page's tab id from the query parameter
 * `stream` (so that the tab's HTTP fallback reports are the same stream), else a server-made id; its reports go through
 * `CourseStudyService.report` one at a time, in order, and each is answered with one JSON
 * `StudySocketMsg`: `progress` (the reply), `check` (a learning check is open: nothing is credited),
 * `stopped` (another page or device studies, or a check broke: the player stops after
 * STOP_DELAY_MS), or `error` (a malformed report, a course the learner may not study …). Closing the
 * socket frees the learner's study slot at once.
 */
import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { StudyError, studyReport, type StudyCheck, type StudySocketMsg } from '@kaopei/contracts/course-study';
import { AppError } from '../../lib/errors';
import type { AuthUser } from '../../platform/auth';
import { WS_POLICY_VIOLATION } from '../../platform/router';
import type { CourseStudyService } from './course-study.service';

const STREAM_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Runs one message of a socket and answers what to send back (null: nothing). */
export async function handleReadMessage(study: CourseStudyService, userId: string, params: { courseId: string; fileId: string }, streamId: string, text: string): Promise<StudySocketMsg | string | null> {
  if (text === 'ping') return 'pong';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { type: 'error', msg: '学习进度格式不正确！', code: 10010001 };
  }
  const parsed = studyReport.safeParse(body);
  if (!parsed.success) return { type: 'error', msg: parsed.error.issues[0]?.message ?? '学习进度格式不正确！', code: 10010001 };
  try {
    return { type: 'progress', data: await study.report(userId, params.courseId, params.fileId, streamId, parsed.data) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === StudyError.CHECK_PENDING.code) return { type: 'check', ...(err.data as StudyCheck), msg: err.message, code: err.code };
    if (err.code === StudyError.STOPPED.code || err.code === StudyError.CHECK_BROKEN.code) return { type: 'stopped', msg: err.message, code: err.code };
    return { type: 'error', msg: err.message, code: err.code };
  }
}

/** Serves one reading socket until it closes. */
export function serveReadSocket(
  study: CourseStudyService,
  socket: WebSocket,
  user: AuthUser,
  params: { userId: string; courseId: string; fileId: string },
  query: unknown,
  log: { error: (o: object, m: string) => void },
): void {
  if (user.userId !== params.userId) {
    socket.close(WS_POLICY_VIOLATION, 'forbidden');
    return;
  }
  // The page's tab id (`?stream=`, the one its HTTP fallback sends), else one of the socket's own.
  const asked = (query as { stream?: unknown } | null)?.stream;
  const streamId = typeof asked === 'string' && STREAM_ID.test(asked) ? asked : `ws-${randomBytes(12).toString('hex')}`;
  let queue: Promise<void> = Promise.resolve();
  socket.on('message', (data, isBinary) => {
    if (isBinary) return;
    const text = data.toString();
    queue = queue.then(async () => {
      try {
        const out = await handleReadMessage(study, params.userId, params, streamId, text);
        if (out !== null && socket.readyState === socket.OPEN) socket.send(typeof out === 'string' ? out : JSON.stringify(out));
      } catch (err) {
        log.error({ err }, 'reading socket report failed');
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'error', msg: '服务器开小差了呢！', code: 500 } satisfies StudySocketMsg));
      }
    });
  });
  socket.on('close', () => {
    queue = queue.then(() => study.release(params.userId, streamId)).catch((err: unknown) => log.error({ err }, 'reading socket release failed'));
  });
}
