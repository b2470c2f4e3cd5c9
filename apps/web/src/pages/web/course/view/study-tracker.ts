/**
 * The player's side of server-counted study time (SPEC §4 "Course study", §7 the reading socket
 * /api/socket/read/{userId}/{courseId}/{fileId}, §9 heartbeat 10 000 ms): every STUDY_HEARTBEAT_MS
 * it sends the text `ping` and a JSON report `{position, playing, page?}` (read from `state()`),
 * and one report right after each (re)connection and on `flush()` (pause, page hidden). When the
 * socket is not open the report goes through the HTTP fallback /api/course/file/learn/progress.
 * Both carry this tab's stream id (the socket as `?stream=`), so a dropped socket and its HTTP
 * fallback are one stream for the server, never two tabs. Every answer is handed to `onMessage` as a StudySocketMsg. The browser
 * decides nothing: the server credits time, opens checks and stops study.
 */
import {
  courseStudyApi,
  readSocketPath,
  StudyError,
  STUDY_HEARTBEAT_MS,
  type StudyCheck,
  type StudyReport,
  type StudySocketMsg,
} from '@kaopei/contracts/course-study';
import { call, isApiError } from '../../../../api/request';

const RECONNECT_MS = 3000;
const POLICY_VIOLATION = 1008;

export interface TrackerOptions {
  userId: string;
  courseId: string;
  fileId: string;
  /** The player's state now. */
  state: () => StudyReport;
  onMessage: (msg: StudySocketMsg) => void;
}

/** A random id for this tab's HTTP reports (24 hex digits). */
function newStreamId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Starts tracking; answers `{flush, stop}`. */
export function startTracker(o: TrackerOptions): { flush: () => void; stop: () => void } {
  let ws: WebSocket | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const streamId = newStreamId();
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${readSocketPath(o.userId, o.courseId, o.fileId)}?stream=${streamId}`;

  const viaHttp = async () => {
    try {
      const data = await call(courseStudyApi.progress, { courseId: o.courseId, fileId: o.fileId, streamId, ...o.state() }, { quiet: true, quietUnreachable: true });
      o.onMessage({ type: 'progress', data });
    } catch (err) {
      if (!isApiError(err) || err.isUnreachable) return;
      if (err.code === StudyError.CHECK_PENDING.code) o.onMessage({ type: 'check', ...(err.data as StudyCheck), msg: err.message, code: err.code });
      else if (err.code === StudyError.STOPPED.code || err.code === StudyError.CHECK_BROKEN.code) o.onMessage({ type: 'stopped', msg: err.message, code: err.code });
      else o.onMessage({ type: 'error', msg: err.message, code: err.code });
    }
  };

  const report = () => {
    if (stopped) return;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(o.state()));
    else void viaHttp();
  };

  const open = () => {
    if (stopped) return;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onopen = () => report();
    socket.onmessage = (e: MessageEvent) => {
      const text = typeof e.data === 'string' ? e.data : '';
      if (!text || text === 'pong') return;
      try {
        o.onMessage(JSON.parse(text) as StudySocketMsg);
      } catch {
        // Not a study message: ignored.
      }
    };
    socket.onclose = (e: CloseEvent) => {
      if (stopped || e.code === POLICY_VIOLATION) return;
      retry = setTimeout(open, RECONNECT_MS);
    };
  };

  const beat = setInterval(() => {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send('ping');
    report();
  }, STUDY_HEARTBEAT_MS);
  open();

  return {
    flush: report,
    stop: () => {
      stopped = true;
      clearInterval(beat);
      clearTimeout(retry);
      ws?.close(1000);
    },
  };
}
