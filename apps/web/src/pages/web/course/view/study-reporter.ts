/**
 * The browser half of server-counted study time (issue 11 "Study time is counted by the server";
 * SPEC §4 "Course study", §7 the reading socket, §9 heartbeat 10 000 ms, stop delay 3.5 s).
 *
 * `StudyReporter` sends the player's state `{position, playing, page?}` on the reading socket
 * /api/socket/read/{userId}/{courseId}/{fileId} every STUDY_HEARTBEAT_MS and at once when playing
 * starts or stops or the page turns; while the socket is not open the same report goes through the
 * HTTP fallback (/api/course/file/learn/progress, with this tab's stream id). It turns the server's
 * answers into `StudyEvents`: progress, a learning check to show, a position to go back to
 * (drag-lock), the "file done" / "all done" congratulations, and "stopped" — after which it sends
 * nothing more. It decides nothing itself: the server credits time.
 */
import {
  courseStudyApi,
  readSocketPath,
  STUDY_HEARTBEAT_MS,
  StudyError,
  type StudyCheck,
  type StudyReply,
  type StudyReport,
  type StudySocketMsg,
} from '@kaopei/contracts/course-study';
import { call, isApiError } from '../../../../api/request';
import { openLiveSocket, type LiveSocket } from '../../../../utils/live-socket';

export interface StudyEvents {
  onProgress(reply: StudyReply): void;
  /** A learning check is open (show the captcha of `check.key`; pause the player). */
  onCheck(check: StudyCheck): void;
  /** Drag-lock: the position was beyond what the course allows; go back to `position` (s). */
  onRevert(position: number): void;
  /** Study stopped (another page took over, or a check broke): show `msg`; nothing more is sent. */
  onStopped(msg: string): void;
  /** A course with face checks and no recent passed face check: show the face-check dialog (issue 12). */
  onFacePending(): void;
}

/** 16–64 characters of [A-Za-z0-9_-] naming this tab's stream (the HTTP fallback's streamId). */
export function newStreamId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class StudyReporter {
  private socket: LiveSocket | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private state: StudyReport = { position: 0, playing: false };
  private stopped = false;
  private readonly streamId = newStreamId();

  constructor(
    private readonly userId: string,
    private readonly courseId: string,
    private readonly fileId: string,
    private readonly events: StudyEvents,
  ) {}

  start(): void {
    // `?stream=`: the socket and the HTTP fallback of this tab are one stream for the server.
    this.socket = openLiveSocket(`${readSocketPath(this.userId, this.courseId, this.fileId)}?stream=${this.streamId}`, {
      onText: (text) => this.onSocketText(text),
      // Each (re)connection starts from the current state (the server takes it as the baseline).
      onOpen: () => this.send(),
      onRefused: () => this.stop(),
    });
    this.timer = setInterval(() => this.send(), STUDY_HEARTBEAT_MS);
  }

  /** The player's state now; sent at once when playing or the page changed, else at the next beat. */
  update(next: StudyReport): void {
    const changed = next.playing !== this.state.playing || next.page !== this.state.page;
    this.state = next;
    if (changed) this.send();
  }

  /** Stops reporting for good (page left, or study stopped). */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.socket?.close();
    this.socket = null;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  private send(): void {
    if (this.stopped) return;
    const report: StudyReport = { position: Math.max(0, this.state.position), playing: this.state.playing, ...(this.state.page ? { page: this.state.page } : {}) };
    if (this.socket?.send(JSON.stringify(report))) return;
    void this.sendHttp(report);
  }

  private async sendHttp(report: StudyReport): Promise<void> {
    try {
      const reply = await call(courseStudyApi.progress, { ...report, courseId: this.courseId, fileId: this.fileId, streamId: this.streamId }, { quiet: true, quietUnreachable: true });
      this.onReply(reply);
    } catch (err) {
      if (!isApiError(err) || this.stopped) return;
      if (err.code === StudyError.CHECK_PENDING.code) this.events.onCheck(err.data as StudyCheck);
      else if (err.code === StudyError.FACE_PENDING.code) this.events.onFacePending();
      else if (err.code === StudyError.STOPPED.code || err.code === StudyError.CHECK_BROKEN.code) this.halt(err.message);
    }
  }

  private onSocketText(text: string): void {
    let msg: StudySocketMsg;
    try {
      msg = JSON.parse(text) as StudySocketMsg;
    } catch {
      return;
    }
    if (this.stopped) return;
    if (msg.type === 'progress') this.onReply(msg.data);
    else if (msg.type === 'check') this.events.onCheck({ key: msg.key, deadline: msg.deadline, leftSec: msg.leftSec });
    else if (msg.type === 'stopped') this.halt(msg.msg);
    else if (msg.type === 'error' && msg.code === StudyError.FACE_PENDING.code) this.events.onFacePending();
  }

  private onReply(reply: StudyReply): void {
    this.events.onProgress(reply);
    if (reply.revert !== null) this.events.onRevert(reply.revert);
    if (reply.check) this.events.onCheck(reply.check);
  }

  private halt(msg: string): void {
    this.stop();
    this.events.onStopped(msg);
  }
}
