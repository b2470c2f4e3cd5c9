/**
 * Live classroom (issue 13 "Live classroom"; SPEC §2 /web/liveClass, §3 "Live configuration", §7
 * /api/onlineClass). Sessions (admin CRUD), signed URLs (aliyun type A, live-class.sign.ts) from
 * the prop configuration of type "live" (module sysConfig), the learner list and player, and
 * attendance counted from heartbeats by the server clock (live-class.credit.ts).
 *
 * Errors: 20140001 no live configuration saved; 20140002 play before the window (PLAY_EARLY_MIN
 * minutes before the start); 20140003 play after the end without a replay; 20140004 a second
 * player stream of the same learner while the first is alive; 20140005 a replay file that does not
 * exist; 10010003 an unknown (or, for learners, hidden) session, or one of a training class the
 * learner is not enrolled in (sessions with a classId are for the class's members).
 */
import type { Page } from '@kaopei/contracts';
import {
  type AliyunLiveData,
  LIVE_PHASE_LABEL, LIVE_STATE_LABEL, LIVE_URL_GRACE_SEC, LiveError, LivePerm, LivePhase, PLAY_EARLY_MIN,
  type LiveAttendRecord, type liveAttendReq, type LiveBeat, type livePagingReq, type LivePlay, type LivePushUrl, type LiveRecord, type liveSaveReq, type liveWebPagingReq, type LiveWebRecord,
} from '@kaopei/contracts/live-class';
import type { z } from 'zod';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { creditBeat } from './live-class.credit';
import * as repo from './live-class.repository';
import { attendWorkbook } from './live-class.sheet';
import { signedUrl } from './live-class.sign';
import type { ElLiveAttendTable, ElLiveSessionTable } from './live-class.tables';

/** Where a session stands at `at`: 0 未开始, 1 直播中 (start ≤ at ≤ end), 2 已结束. */
export function phaseOf(s: Pick<ElLiveSessionTable, 'startTime' | 'endTime'>, at: number): number {
  if (at < s.startTime) return LivePhase.NOT_STARTED;
  return at <= s.endTime ? LivePhase.LIVE : LivePhase.ENDED;
}

/** The timestamp (s) signed URLs of `s` carry: its end plus LIVE_URL_GRACE_SEC. */
function urlTimestamp(s: ElLiveSessionTable): number {
  return Math.floor(s.endTime / 1000) + LIVE_URL_GRACE_SEC;
}

/** How long the CSP origins of the pull domain are cached (ms). */
const CSP_CACHE_MS = 30_000;

export class LiveClassService {
  private origins: readonly string[] = [];
  private originsAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly ctx: ModuleContext<'sysConfig' | 'courseFile' | 'trainClass'>) {}

  /**
   * The origin the browser's HLS player fetches from (`https://{pullDomain}` of the saved live
   * configuration), for the CSP connect-src; cached for CSP_CACHE_MS and refreshed in the background.
   */
  connectOrigins(): readonly string[] {
    if (Date.now() - this.originsAt > CSP_CACHE_MS) {
      this.refreshing ??= this.config()
        .then((c) => void (this.origins = [`https://${c.pullDomain}`]))
        .catch(() => void (this.origins = []))
        .finally(() => {
          this.originsAt = Date.now();
          this.refreshing = null;
        });
    }
    return this.origins;
  }

  private get db() {
    return this.ctx.db;
  }

  /** The saved aliyun live configuration (unmasked), 20140001 when none. */
  private async config(): Promise<AliyunLiveData> {
    const props = this.ctx.services.sysConfig.props;
    const data = await props.config<AliyunLiveData>('live', await props.currentProvider('live'));
    if (!data) throw new AppError(LiveError.NOT_CONFIGURED);
    return data;
  }

  /** The titles of the replay files of `sessions` (id → title). */
  private async replayTitles(sessions: readonly ElLiveSessionTable[]): Promise<Map<string, string>> {
    const ids = [...new Set(sessions.map((s) => s.replayFileId).filter(Boolean))];
    return new Map((ids.length ? await this.ctx.services.courseFile.byIds(ids) : []).map((f) => [f.id, f.title]));
  }

  private record(s: ElLiveSessionTable, titles: Map<string, string>, at = now()): LiveRecord {
    const phase = phaseOf(s, at);
    return {
      id: s.id, title: s.title, classId: s.classId, startTime: formatTimeStrict(s.startTime), endTime: formatTimeStrict(s.endTime), appName: s.appName, streamName: s.streamName,
      replayFileId: s.replayFileId, replayFileId_dictText: titles.get(s.replayFileId) ?? '', content: s.content, state: s.state, state_dictText: LIVE_STATE_LABEL[s.state] ?? '',
      phase, phase_dictText: LIVE_PHASE_LABEL[phase] ?? '', createTime: formatTimeStrict(s.createTime),
    };
  }

  private async session(id: string): Promise<ElLiveSessionTable> {
    const s = await repo.findSession(this.db, id);
    if (!s) throw notFound('直播不存在！');
    return s;
  }

  /**
   * A published session the caller may watch (learner calls): 10010003 when unknown, hidden, or of
   * a training class he is not enrolled in (an administrator holding live:class:list watches any).
   */
  private async published(user: AuthUser, id: string): Promise<ElLiveSessionTable> {
    const s = await repo.findSession(this.db, id);
    if (!s || s.state !== 0) throw notFound('直播不存在！');
    if (s.classId && !user.permissions.includes(LivePerm.LIST) && !(await this.ctx.services.trainClass.enrolledIn(user.userId, [s.classId])).length) throw notFound('直播不存在！');
    return s;
  }

  /** POST save: adds (no id) or updates a session; the replay file must exist (20140005). Answers its id. */
  async save(req: z.output<typeof liveSaveReq>, userId: string): Promise<{ id: string }> {
    if (req.replayFileId && !(await this.ctx.services.courseFile.byIds([req.replayFileId])).length) throw new AppError(LiveError.BAD_REPLAY);
    const at = now();
    const row = {
      title: req.title, classId: req.classId, startTime: parseTime(req.startTime)!, endTime: parseTime(req.endTime)!, appName: req.appName, streamName: req.streamName,
      replayFileId: req.replayFileId, content: req.content, state: req.state, updateTime: at,
    };
    if (req.id) {
      const r = await repo.updateSession(this.db, req.id, row);
      if (Number(r.numUpdatedRows) !== 1) throw notFound('直播不存在！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertSession(this.db, { id, ...row, createBy: userId, createTime: at });
    return { id };
  }

  async detail(id: string): Promise<LiveRecord> {
    const s = await this.session(id);
    return this.record(s, await this.replayTitles([s]));
  }

  async paging(req: z.output<typeof livePagingReq>): Promise<Page<LiveRecord>> {
    const page = await repo.pageSessions(this.db, req, req.params ?? {});
    const titles = await this.replayTitles(page.records);
    const at = now();
    return mapPage(page, (s) => this.record(s, titles, at));
  }

  /** POST delete: the sessions and their attendance. */
  async delete(ids: string[]): Promise<void> {
    await this.db.transaction().execute((trx) => repo.deleteSessions(trx, [...new Set(ids)]));
  }

  /** POST push-url: the encoder's signed RTMP URL (push domain and key), its server part and stream key. */
  async pushUrl(id: string): Promise<LivePushUrl> {
    const s = await this.session(id);
    const c = await this.config();
    const ts = urlTimestamp(s);
    const url = signedUrl('push', { domain: c.pushDomain, key: c.pushKey, appName: s.appName, streamName: s.streamName, timestamp: ts });
    const server = `rtmp://${c.pushDomain}/${s.appName}/`;
    return { url, server, streamKey: url.slice(server.length), expireTime: formatTimeStrict(ts * 1000) };
  }

  /**
   * POST user-paging: published sessions the caller may watch — those of no class and those of the
   * classes he is enrolled in (an administrator holding live:class:list sees every one) — with their
   * phase and his attended seconds.
   */
  async userPaging(user: AuthUser, req: z.output<typeof liveWebPagingReq>): Promise<Page<LiveWebRecord>> {
    const classIds = user.permissions.includes(LivePerm.LIST) ? null : (await this.ctx.services.trainClass.enrolledIn(user.userId)).map((c) => c.classId);
    const page = await repo.pagePublished(this.db, req, req.params ?? {}, classIds);
    const attended = await repo.attendMsOf(this.db, user.userId, page.records.map((s) => s.id));
    const at = now();
    return mapPage(page, (s) => {
      const phase = phaseOf(s, at);
      return {
        id: s.id, title: s.title, classId: s.classId, startTime: formatTimeStrict(s.startTime), endTime: formatTimeStrict(s.endTime), content: s.content,
        phase, phase_dictText: LIVE_PHASE_LABEL[phase] ?? '', hasReplay: !!s.replayFileId, attendSec: Math.floor((attended.get(s.id) ?? 0) / 1000),
      };
    });
  }

  /**
   * POST play: from PLAY_EARLY_MIN minutes before the start to the end, the signed HLS pull URL
   * (`kind` live); after the end the replay file (`kind` replay) or 20140003; before, 20140002.
   */
  async play(user: AuthUser, id: string): Promise<LivePlay> {
    const s = await this.published(user, id);
    const at = now();
    const phase = phaseOf(s, at);
    const base = { title: s.title, phase, startTime: formatTimeStrict(s.startTime), endTime: formatTimeStrict(s.endTime) };
    if (at < s.startTime - PLAY_EARLY_MIN * 60_000) throw new AppError(LiveError.NOT_STARTED);
    if (phase === LivePhase.ENDED) {
      const file = s.replayFileId ? (await this.ctx.services.courseFile.byIds([s.replayFileId]))[0] : undefined;
      const url = file ? file.hlsUrl || file.fileUrl || file.viewUrl : '';
      if (!file || !url) throw new AppError(LiveError.ENDED);
      return { ...base, kind: 'replay', url, expireTime: null, fileId: file.id };
    }
    const c = await this.config();
    const ts = urlTimestamp(s);
    const url = signedUrl('m3u8', { domain: c.pullDomain, key: c.pullKey, appName: s.appName, streamName: s.streamName, timestamp: ts });
    return { ...base, kind: 'live', url, expireTime: formatTimeStrict(ts * 1000), fileId: null };
  }

  /**
   * POST heartbeat: credits the caller's attendance of a published session by the server clock
   * (creditBeat: at most the time since the stream's previous beat, only within the session, one
   * stream at a time: 20140004 for another stream while the first is alive). Beats before the
   * play window are refused (20140002). Two beats racing on the same row: the conditional update
   * lets one through, the other is re-read and applied after it (never both on the same interval).
   */
  async heartbeat(user: AuthUser, id: string, streamId: string): Promise<LiveBeat> {
    const s = await this.published(user, id);
    const session = { start: s.startTime, end: s.endTime };
    for (let attempt = 0; attempt < 5; attempt++) {
      const at = now();
      if (at < s.startTime - PLAY_EARLY_MIN * 60_000) throw new AppError(LiveError.NOT_STARTED);
      const row = await repo.findAttend(this.db, id, user.userId);
      if (!row) {
        const fresh: ElLiveAttendTable = {
          id: newId(), sessionId: id, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
          attendMs: 0, streamId, lastBeat: at, firstTime: at, lastTime: at,
        };
        try {
          await repo.insertAttend(this.db, fresh);
          return { attendSec: 0, creditMs: 0, phase: phaseOf(s, at) };
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          continue;
        }
      }
      const prev = { streamId: row.streamId, lastBeat: Number(row.lastBeat) };
      const res = creditBeat(prev, streamId, at, session);
      if (!res.next) throw new AppError(LiveError.OTHER_STREAM);
      if (await repo.applyBeat(this.db, row.id, prev, { ...res.next, creditMs: res.creditMs, at })) {
        return { attendSec: Math.floor((Number(row.attendMs) + res.creditMs) / 1000), creditMs: res.creditMs, phase: phaseOf(s, at) };
      }
    }
    // Still contended after five tries: other beats of this stream were applied; this one adds nothing.
    const row = await repo.findAttend(this.db, id, user.userId);
    return { attendSec: Math.floor(Number(row?.attendMs ?? 0) / 1000), creditMs: 0, phase: phaseOf(s, now()) };
  }

  private attendRecord(r: ElLiveAttendTable): LiveAttendRecord {
    return { userId: r.userId, userName: r.userName, realName: r.realName, attendSec: Math.floor(Number(r.attendMs) / 1000), firstTime: formatTimeStrict(r.firstTime), lastTime: formatTimeStrict(r.lastTime) };
  }

  /** POST attendance: the learners of one session, the longest attended first. */
  async attendance(req: z.output<typeof liveAttendReq>): Promise<Page<LiveAttendRecord>> {
    const p = req.params;
    // The list is per session: without one there is nothing to list (the paging contract: an empty page).
    if (!p) return emptyPage(req);
    await this.session(p.id);
    return mapPage(await repo.pageAttend(this.db, req, p.id, { userName: p.userName }), (r) => this.attendRecord(r));
  }

  /** POST attendance-export: the xlsx of every learner of one session. */
  async attendExport(id: string): Promise<Buffer> {
    const s = await this.session(id);
    return attendWorkbook(s.title, (await repo.allAttend(this.db, id)).map((r) => this.attendRecord(r)));
  }
}
