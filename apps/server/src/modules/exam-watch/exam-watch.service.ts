/**
 * Live invigilation (issue 9 "Live invigilation"; SPEC §2 ExamWatch, §7 sockets, §9 heartbeat).
 *
 * Presence: every open exam socket of this process is kept per exam and learner; each `ping` (and
 * the connect) stamps the learner's last activity. With Redis (REDIS_URL) the stamps also go to the
 * hash `examwatch:online:<examId>` (field userId → epoch ms) so an invigilator asking any process
 * sees learners connected to every process; a stamp older than ONLINE_WINDOW_MS is offline.
 *
 * Reminders travel on the platform bus (topic `examWatch.remind`, Redis pub/sub with REDIS_URL):
 * every process delivers the text to its own sockets of that exam (one learner or all of them).
 * This module owns no table: papers are read and handed in through the paper service.
 */
import type { WebSocket } from 'ws';
import { PAPER_STATE_LABEL, PaperState, type Page } from '@kaopei/contracts';
import { ONLINE_WINDOW_MS, type ExamWatchRecord, type examWatchPagingReq, type examWatchRemindReq } from '@kaopei/contracts/exam-watch';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { WS_POLICY_VIOLATION } from '../../platform/router';
import { newId } from '../../lib/ids';
import { formatTime, now } from '../../lib/time';

const REMIND_TOPIC = 'examWatch.remind';
/** Redis hash of an exam's presence stamps (the shared connection adds REDIS_PREFIX). */
const presenceKey = (examId: string) => `examwatch:online:${examId}`;

interface RemindMsg {
  examId: string;
  userId?: string;
  message: string;
}

export class ExamWatchService {
  /** examId → userId → this process's open sockets of that learner. */
  private readonly sockets = new Map<string, Map<string, Set<WebSocket>>>();
  /** `${examId}:${userId}` → last activity (server clock, epoch ms) seen by this process. */
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly ctx: ModuleContext<'paper' | 'sysUser'>) {
    ctx.bus.subscribe(REMIND_TOPIC, (raw) => {
      try {
        this.deliver(JSON.parse(raw) as RemindMsg);
      } catch (err) {
        ctx.log.error({ err }, 'bad exam reminder on the bus');
      }
    });
  }

  /**
   * A learner's exam socket just opened (`params` from the path). Closes it with 1008 when the
   * session's user is not the path's userId; otherwise tracks it, answers every text `ping` with
   * `pong` (and stamps the activity), and forgets it when it closes.
   */
  connect(socket: WebSocket, user: AuthUser, params: { userId: string; examId: string; platform: string }): void {
    if (user.userId !== params.userId) {
      socket.close(WS_POLICY_VIOLATION, 'forbidden');
      return;
    }
    const { examId, userId } = params;
    let byUser = this.sockets.get(examId);
    if (!byUser) this.sockets.set(examId, (byUser = new Map()));
    let mine = byUser.get(userId);
    if (!mine) byUser.set(userId, (mine = new Set()));
    mine.add(socket);
    this.touch(examId, userId);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      if (data.toString() === 'ping') {
        socket.send('pong');
        this.touch(examId, userId);
      }
    });
    socket.on('close', () => {
      const set = this.sockets.get(examId)?.get(userId);
      set?.delete(socket);
      if (set && set.size === 0) {
        this.sockets.get(examId)?.delete(userId);
        if (this.sockets.get(examId)?.size === 0) this.sockets.delete(examId);
        if (this.ctx.redis) void this.ctx.redis.hdel(presenceKey(examId), userId).catch(() => undefined);
      }
    });
  }

  /** Stamps a learner's activity here and, with Redis, for every process. */
  private touch(examId: string, userId: string): void {
    const at = now();
    this.lastSeen.set(`${examId}:${userId}`, at);
    const redis = this.ctx.redis;
    if (redis) {
      void redis
        .multi()
        .hset(presenceKey(examId), userId, String(at))
        .pexpire(presenceKey(examId), 24 * 3600_000)
        .exec()
        .catch((err: unknown) => this.ctx.log.warn({ err }, 'exam presence write failed'));
    }
  }

  /** Learners of `examId` online now (any process) → their last activity (epoch ms). */
  async online(examId: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    // A socket whose close handshake has begun (CLOSING) is already gone for the invigilator.
    for (const [userId, set] of this.sockets.get(examId) ?? []) {
      if ([...set].some((s) => s.readyState === s.OPEN)) out.set(userId, this.lastSeen.get(`${examId}:${userId}`) ?? now());
    }
    if (this.ctx.redis) {
      const since = now() - ONLINE_WINDOW_MS;
      for (const [userId, at] of Object.entries(await this.ctx.redis.hgetall(presenceKey(examId)))) {
        const ms = Number(at);
        if (ms >= since) out.set(userId, Math.max(ms, out.get(userId) ?? 0));
      }
    }
    return out;
  }

  /** POST /api/exam/watch/paging (`params.examId` required for any row): the exam's papers with the learners' names, online flags and last activity, and the whole exam's counts. */
  async paging(req: z.output<typeof examWatchPagingReq>): Promise<Page<ExamWatchRecord> & { summary: { started: number; inExam: number; handed: number; online: number } }> {
    // Like every paging call, no filter answers a page (here: an empty one, no exam named).
    if (!req.params) return { records: [], total: 0, pages: 0, current: req.current, size: req.size, summary: { started: 0, inExam: 0, handed: 0, online: 0 } };
    const { examId, state, online: onlineOnly } = req.params;
    const online = await this.online(examId);
    const { page, byState } = await this.ctx.services.paper.examPapers(examId, req, { state, userIds: onlineOnly ? [...online.keys()] : undefined });
    const names = await this.ctx.services.sysUser.realNames([...new Set(page.records.map((p) => p.userId))]);
    const count = (s: number) => byState.get(s) ?? 0;
    return {
      total: page.total, pages: page.pages, current: page.current, size: page.size,
      records: page.records.map((p) => {
        const seen = online.get(p.userId);
        return {
          paperId: p.id, userId: p.userId, realName: names.get(p.userId) ?? '', state: p.state, state_dictText: PAPER_STATE_LABEL[p.state] ?? '',
          online: seen !== undefined, createTime: formatTime(p.createTime), limitTime: formatTime(p.limitTime), handTime: formatTime(p.handTime),
          lastActive: formatTime(Math.max(seen ?? 0, p.updateTime) || null),
        };
      }),
      summary: {
        started: [...byState.values()].reduce((a, b) => a + b, 0),
        inExam: count(PaperState.IN_EXAM),
        handed: count(PaperState.WAIT_MARK) + count(PaperState.FINISHED),
        online: online.size,
      },
    };
  }

  /**
   * POST /api/exam/watch/remind: sends `message` to one learner's or every online learner's exam
   * page of the exam, in every process. `sent` is how many learners were online to receive it.
   */
  async remind(req: z.output<typeof examWatchRemindReq>): Promise<{ sent: number }> {
    const online = await this.online(req.examId);
    const sent = req.userId ? (online.has(req.userId) ? 1 : 0) : online.size;
    const msg: RemindMsg = { examId: req.examId, message: req.message, ...(req.userId ? { userId: req.userId } : {}) };
    await this.ctx.bus.publish(REMIND_TOPIC, JSON.stringify(msg));
    await this.recordReminder(msg);
    return { sent };
  }

  /** POST /api/exam/watch/hand-in: forces one paper's hand-in (paper service) and tells the learner's page. */
  async handIn(paperId: string): Promise<{ done: boolean; state: number }> {
    const r = await this.ctx.services.paper.forceHandIn(paperId);
    if (r.done) {
      const msg: RemindMsg = { examId: r.examId, userId: r.userId, message: '监考老师已为你交卷。' };
      await this.ctx.bus.publish(REMIND_TOPIC, JSON.stringify(msg));
      await this.recordReminder(msg);
    }
    return { done: r.done, state: r.state };
  }

  /** Emits `examWatch.reminded` (the evidence timeline of issue 12 keeps every reminder on the server clock). */
  private async recordReminder(msg: RemindMsg): Promise<void> {
    await this.ctx.events.emit(this.ctx.db, 'examWatch.reminded', { eventId: newId(), examId: msg.examId, userId: msg.userId ?? '', message: msg.message, at: now() });
  }

  /** Sends a reminder to this process's matching sockets. */
  private deliver(msg: RemindMsg): void {
    const byUser = this.sockets.get(msg.examId);
    if (!byUser) return;
    const targets = msg.userId ? [byUser.get(msg.userId) ?? new Set<WebSocket>()] : [...byUser.values()];
    for (const set of targets) for (const s of set) if (s.readyState === s.OPEN) s.send(msg.message);
  }
}
