/**
 * Certificates (issue 7 "Certificates"; SPEC §2 my certificates and ListCertGrant, §3 certificate
 * grant row, §7 /api/cert/*): templates, grants (manual and, through `grant`, automatic), revocation,
 * the PDF and the public verification.
 *
 * Rules:
 * - A grant happens at most once per (certId, userId, refType, refId): a unique index and an
 *   `INSERT … ON CONFLICT DO NOTHING`, so two hand-ins racing (in one process or two) make one
 *   grant; the loser reads the winner's row. Manual grants use refType 'manual' and refId = certId.
 * - Numbers are `KP-<year>-<6 digits>` (year of the grant, Asia/Shanghai), from a per-year counter
 *   row incremented by an upsert in the grant's transaction: never repeated; a number taken by a
 *   grant that lost the race is skipped (gaps are possible, repeats are not).
 * - Expiry = grant time + expireMonths calendar months (dayjs in Asia/Shanghai), null = never.
 * - Status now: revoked (state 1) > expired (expireTime ≤ server clock) > valid.
 * - The PDF is rendered after the grant by this module's listener of its own `cert.granted` event
 *   (emitted in the grant's transaction, so it runs once the grant is committed, with the job
 *   queue's retries). It is kept under DATA_DIR/cert; a download on a node whose disk lacks it
 *   renders it again.
 * - The QR code's url: KAOPEI_PUBLIC_URL (the site's public origin, e.g. https://kaopei.example.com)
 *   when set, else the origin of the request that granted (grant-batch), else http://localhost:PORT.
 * - Template deletion: refused while any grant uses it (30040001); otherwise soft (exams that named
 *   it keep a readable label).
 */
import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import { CommonError, TIME_ZONE, type Page } from '@kaopei/contracts';
import {
  CERT_REF_TYPE_LABEL,
  CERT_STATUS_LABEL,
  CertError,
  certGrantApi,
  CertPerm,
  CertGrantState,
  certLayout,
  certNoText,
  certVerifyPath,
  DEFAULT_CERT_LAYOUT,
  maskName,
  type CertDetail,
  type CertGrantRecord,
  type CertGrantRow,
  type CertLayout,
  type certPagingReq,
  type CertRecord,
  type CertRefType,
  type certSaveReq,
  type CertStatus,
  type CertVerifyRes,
  type grantPagingReq,
  type myGrantPagingReq,
} from '@kaopei/contracts/cert';
import { FILE_VIEW_PREFIX } from '@kaopei/contracts/sys-file';
import type { z } from 'zod';
import type { Executor } from '../../db';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { DomainEvents } from '../../platform/events';
import type { ModuleContext } from '../../platform/module';
import type { FileAnswer } from '../../platform/router';
import { renderCertPdf } from './cert.pdf';
import type { CertGrantTable, CertTemplateTable } from './cert.tables';
import * as repo from './cert.repository';

/** The services this module calls. */
export type CertDeps = 'sysUser' | 'sysRole' | 'sysFile' | 'exam';

const TEMPLATE_GONE = '证书不存在或已被删除！';
const GRANT_GONE = '证书发放记录不存在！';
const USER_GONE = '用户不存在或已被删除！';

/** What another domain passes to `grant` (an exam passed, a course or class finished). */
export interface GrantInput {
  certId: string;
  userId: string;
  refType: CertRefType;
  refId: string;
  /** Title of the exam, course or class (printed on the certificate; '' for none). */
  refTitle: string;
}

/** KAOPEI_PUBLIC_URL as an origin without trailing slash, or undefined (throws on a malformed value). */
export function publicBaseFromEnv(env: Record<string, string | undefined>): string | undefined {
  const v = env.KAOPEI_PUBLIC_URL?.trim();
  if (!v) return undefined;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(v)) throw new Error('KAOPEI_PUBLIC_URL must be an origin such as https://kaopei.example.com');
  return v.replace(/\/$/, '');
}

/** `KP-2026-000123`. */
export function formatCertNo(year: number, n: number): string {
  return `KP-${year}-${String(n).padStart(6, '0')}`;
}

export class CertService {
  private readonly publicBase: string | undefined;
  /** Where PDFs are kept: DATA_DIR/cert/<yyyy>/<grantId>.pdf. */
  private readonly pdfRoot: string;

  constructor(private readonly ctx: ModuleContext<CertDeps>) {
    this.publicBase = publicBaseFromEnv(process.env);
    this.pdfRoot = path.join(ctx.config.dataDir, 'cert');
  }

  private get db() {
    return this.ctx.db;
  }

  // ---------------------------------------------------------------- templates

  private parseLayout(text: string): CertLayout {
    try {
      return certLayout.parse(JSON.parse(text));
    } catch {
      return DEFAULT_CERT_LAYOUT;
    }
  }

  private toRecord(t: CertTemplateTable, counts: Map<string, number>): CertRecord {
    return {
      id: t.id,
      title: t.title,
      authority: t.authority,
      expireMonths: t.expireMonths === null ? null : Number(t.expireMonths),
      bgImage: t.bgImage,
      grantCount: counts.get(t.id) ?? 0,
      createTime: formatTimeStrict(t.createTime),
      updateTime: formatTimeStrict(t.updateTime),
    };
  }

  /** POST /api/cert/cert/paging: live templates (title filter); `selectKeys` → `selectList` (the certificate select). */
  async paging(req: z.output<typeof certPagingReq>): Promise<Page<CertRecord>> {
    const page = await repo.pageTemplates(this.db, req, req.params ?? {});
    const selected = req.selectKeys?.length ? await repo.liveTemplates(this.db, req.selectKeys) : null;
    const counts = await repo.grantCounts(this.db, [...page.records, ...(selected ?? [])].map((t) => t.id));
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (t) => this.toRecord(t, counts));
  }

  /** POST /api/cert/cert/detail: a live template with its layout; 10010003 otherwise. */
  async detail(id: string): Promise<CertDetail> {
    const t = await this.requireTemplate(this.db, id);
    const counts = await repo.grantCounts(this.db, [id]);
    return { ...this.toRecord(t, counts), layout: this.parseLayout(t.layout) };
  }

  /** A live template or 10010003 '证书不存在或已被删除！' (exam save checks the certificate it names). */
  async requireTemplate(db: Executor, id: string): Promise<CertTemplateTable> {
    const t = await repo.findTemplate(db, id);
    if (!t) throw notFound(TEMPLATE_GONE);
    return t;
  }

  /** `id → title` of templates, deleted ones too (labels of exams naming a certificate). */
  async titleMap(ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await repo.templateTitles(this.db, [...new Set(ids.filter(Boolean))]);
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  /**
   * POST /api/cert/cert/save: creates or updates a template. The background must be '' or the url
   * of an uploaded jpg/png (30040003). Errors: 10010003 updating a template that does not exist.
   * Grants already made keep their title and authority snapshots; their PDFs are not redrawn.
   */
  async save(req: z.output<typeof certSaveReq>, userId: string): Promise<{ id: string }> {
    if (req.bgImage) {
      const file = await this.ctx.services.sysFile.fileOf(req.bgImage);
      if (!file || !['image/png', 'image/jpeg'].includes(file.mime)) throw new AppError(CertError.BAD_BACKGROUND);
    }
    const at = now();
    const fields = { title: req.title, authority: req.authority, expireMonths: req.expireMonths, bgImage: req.bgImage, layout: JSON.stringify(req.layout), updateTime: at };
    if (req.id) {
      const res = await repo.updateTemplate(this.db, req.id, fields);
      if (Number(res.numUpdatedRows) === 0) throw notFound(TEMPLATE_GONE);
      return { id: req.id };
    }
    const id = newId();
    await repo.insertTemplate(this.db, { id, ...fields, deleted: 0, createBy: userId, createTime: at });
    return { id };
  }

  /** POST /api/cert/cert/delete: soft delete; 30040001 (naming it) when a grant uses one of them, and then nothing is deleted. */
  async delete(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const counts = await repo.grantCounts(trx, ids);
      const used = ids.find((id) => (counts.get(id) ?? 0) > 0);
      if (used) {
        const t = await repo.findTemplate(trx, used, true);
        throw new AppError(CertError.IN_USE, `证书「${t?.title ?? used}」已发放，不能删除！`);
      }
      await repo.softDeleteTemplates(trx, ids, now());
    });
  }

  // ---------------------------------------------------------------- grants

  /** Status now: revoked, expired (expiry reached on the server clock) or valid. */
  private statusOf(g: Pick<CertGrantTable, 'state' | 'expireTime'>, at = now()): CertStatus {
    if (g.state === CertGrantState.REVOKED) return 'revoked';
    if (g.expireTime !== null && Number(g.expireTime) <= at) return 'expired';
    return 'valid';
  }

  private toRow(g: CertGrantTable, at = now()): CertGrantRow {
    const status = this.statusOf(g, at);
    return {
      id: g.id,
      certNo: g.certNo,
      certId: g.certId,
      title: g.title,
      authority: g.authority,
      refType: g.refType,
      refType_dictText: CERT_REF_TYPE_LABEL[g.refType as CertRefType] ?? '',
      refTitle: g.refTitle,
      createTime: formatTimeStrict(g.createTime),
      expireTime: formatTime(g.expireTime),
      status,
      status_dictText: CERT_STATUS_LABEL[status],
      certFilePdf: g.pdfFile ? `${certGrantApi.pdf.path}?id=${g.id}` : '',
    };
  }

  private grantRecord(g: CertGrantTable, at: number): CertGrantRecord {
    return { ...this.toRow(g, at), userId: g.userId, userName: g.userName, realName: g.realName, deptCode: g.deptCode };
  }

  /**
   * Grants template `certId` to `userId` for the event (refType, refId), exactly once: when a grant
   * of the same (certId, userId, refType, refId) exists — made earlier, or by a request racing this
   * one in any process — that grant is answered with `created: false` and nothing changes. With
   * `trx` the grant is part of the caller's transaction (its PDF is then rendered by the periodic
   * task once committed); with null it commits at once and its PDF job is queued. The caller sends
   * the cert.granted message when `created`. Errors: 10010003 unknown or deleted template, unknown
   * or deleted user. `verifyBase`: origin for the QR code when KAOPEI_PUBLIC_URL is unset.
   */
  async grant(trx: Executor | null, input: GrantInput, verifyBase = ''): Promise<{ grant: CertGrantRow; created: boolean }> {
    const run = async (db: Executor) => {
      const existing = await repo.findGrantByRef(db, input);
      if (existing) return { row: existing, created: false };
      const template = await this.requireTemplate(db, input.certId);
      const user = await this.ctx.services.sysUser.accountOf(input.userId, db);
      if (!user) throw notFound(USER_GONE);
      const at = now();
      const local = dayjs(at).tz(TIME_ZONE);
      const row: CertGrantTable = {
        id: newId(),
        certNo: formatCertNo(local.year(), await repo.nextNumber(db, local.year())),
        certId: template.id,
        userId: user.id,
        userName: user.userName,
        realName: user.realName,
        deptCode: user.deptCode,
        title: template.title,
        authority: template.authority,
        refType: input.refType,
        refId: input.refId,
        refTitle: input.refTitle.slice(0, 200),
        createTime: at,
        expireTime: template.expireMonths === null ? null : local.add(Number(template.expireMonths), 'month').valueOf(),
        state: CertGrantState.VALID,
        revokeTime: null,
        pdfFile: '',
        verifyBase: verifyBase.slice(0, 200),
      };
      if (await repo.insertGrantOnce(db, row)) {
        await this.ctx.events.emit(db, 'cert.granted', {
          grantId: row.id, certId: row.certId, certNo: row.certNo, title: row.title, userId: row.userId, refType: row.refType, refId: row.refId,
        });
        return { row, created: true };
      }
      // Lost a race: the winner's row is committed (PostgreSQL waited for it) and is the answer.
      const winner = await repo.findGrantByRef(db, input);
      if (!winner) throw new Error('cert grant conflict without a winner');
      return { row: winner, created: false };
    };
    const res = trx ? await run(trx) : await this.db.transaction().execute(run);
    return { grant: this.toRow(res.row), created: res.created };
  }

  /**
   * Listener of `paper.marked`: a passed paper of an exam that names a certificate grants it (refType
   * 'exam', refId the exam: one certificate per exam and learner however many papers pass, also when
   * two hand-ins race). Idempotent (grant is).
   */
  async onPaperMarked(e: DomainEvents['paper.marked']): Promise<void> {
    if (!e.passed) return;
    const certId = await this.ctx.services.exam.certOf(e.examId);
    if (certId) await this.grant(null, { certId, userId: e.userId, refType: 'exam', refId: e.examId, refTitle: e.examTitle });
  }

  /**
   * POST /api/cert/grant/grant-batch: gives template `certId` to every user of `userIds` by hand
   * (refType 'manual', refId = certId), one transaction per person; someone who already holds it by
   * hand is skipped (also a revoked grant: a revoked number is not given again). Every user must
   * exist and lie within the caller's data scope, else 10010003 '用户不存在或已被删除！' and nobody
   * is granted. One PDF job renders the new grants. `site`: the request's protocol and Host (the QR
   * code's origin when KAOPEI_PUBLIC_URL is unset).
   */
  async grantBatch(req: { certId: string; userIds: string[] }, admin: AuthUser, site: { protocol: string; host: string }): Promise<{ granted: number; skipped: number }> {
    await this.requireTemplate(this.db, req.certId);
    const origin = this.originOf(site);
    const userIds = [...new Set(req.userIds)];
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    for (const userId of userIds) {
      const user = await this.ctx.services.sysUser.accountOf(userId);
      if (!user || !deptInScope(user.deptCode, scope)) throw notFound(USER_GONE);
    }
    const held = await repo.manualHolders(this.db, req.certId, userIds);
    const made: string[] = [];
    for (const userId of userIds.filter((u) => !held.has(u))) {
      const res = await this.grantOne(req.certId, userId, origin);
      if (res) made.push(res);
    }
    return { granted: made.length, skipped: userIds.length - made.length };
  }

  /** `http(s)://host[:port]` of a request (KAOPEI_HTTPS makes it https); '' when the Host is no host name. */
  private originOf(site: { protocol: string; host: string }): string {
    if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(site.host)) return '';
    return `${this.ctx.config.https || site.protocol === 'https' ? 'https' : 'http'}://${site.host}`;
  }

  /** One manual grant in its own transaction; its id when it was made now. */
  private async grantOne(certId: string, userId: string, origin: string): Promise<string | null> {
    const input: GrantInput = { certId, userId, refType: 'manual', refId: certId, refTitle: '' };
    const res = await this.db.transaction().execute((trx) => this.grant(trx, input, origin));
    return res.created ? res.grant.id : null;
  }

  /** POST /api/cert/grant/paging: the admin list within the caller's data scope. */
  async grantPaging(req: z.output<typeof grantPagingReq>, admin: AuthUser): Promise<Page<CertGrantRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const at = now();
    const page = await repo.pageGrants(this.db, req, req.params ?? {}, scope, at);
    return mapPage(page, (g) => this.grantRecord(g, at));
  }

  /**
   * POST /api/cert/grant/revoke: revokes the valid grants among `ids` (already revoked ones stay as
   * they are, so a double click changes nothing). A grant outside the caller's data scope, or
   * unknown, answers 10010003 and nothing is revoked.
   */
  async revoke(ids: string[], admin: AuthUser): Promise<void> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    await this.db.transaction().execute(async (trx) => {
      const rows = await repo.grantsByIds(trx, ids);
      const unique = new Set(ids);
      if (rows.length !== unique.size || rows.some((g) => !deptInScope(g.deptCode, scope))) throw notFound(GRANT_GONE);
      await repo.revokeGrants(trx, [...unique], now());
    });
  }

  /** POST /api/cert/grant/my-list: the caller's certificates, newest first (at most 500). */
  async myList(userId: string): Promise<CertGrantRow[]> {
    const at = now();
    return (await repo.myGrants(this.db, userId, 500)).map((g) => this.toRow(g, at));
  }

  /** POST /api/cert/grant/my-paging: the caller's certificates, paged. */
  async myPaging(userId: string, req: z.output<typeof myGrantPagingReq>): Promise<Page<CertGrantRow>> {
    const at = now();
    return mapPage(await repo.pageMyGrants(this.db, userId, req, req.params ?? {}), (g) => this.toRow(g, at));
  }

  /** POST /api/cert/grant/detail: one of the caller's certificates; another person's answers 10010003. */
  async detailOf(userId: string, id: string): Promise<CertGrantRow> {
    const g = await repo.findGrant(this.db, id);
    if (!g || g.userId !== userId) throw notFound(GRANT_GONE);
    return this.toRow(g);
  }

  /**
   * GET /api/cert/grant/pdf?id=: the PDF of a grant, for its holder or for an administrator holding
   * cert:grant:list whose data scope covers it (anyone else: 10010003, as if it did not exist).
   * Rendered now when it is not rendered yet or this node's disk lacks it. Errors: 30040004.
   */
  async pdf(user: AuthUser, id: string): Promise<FileAnswer> {
    const g = await repo.findGrant(this.db, id);
    let allowed = g !== undefined && g.userId === user.userId;
    if (g && !allowed && user.permissions.includes(CertPerm.GRANT_LIST)) allowed = deptInScope(g.deptCode, await this.ctx.services.sysRole.dataScopeOf(user));
    if (!g || !allowed) throw notFound(GRANT_GONE);
    let file = g.pdfFile ? path.join(this.pdfRoot, g.pdfFile) : '';
    if (!file || !fs.existsSync(file)) file = path.join(this.pdfRoot, await this.renderPdf(g));
    return { body: fs.createReadStream(file), fileName: `${g.certNo}.pdf`, contentType: 'application/pdf', disposition: 'attachment' };
  }

  /**
   * Renders the PDF of grant `g`, stores it as DATA_DIR/cert/<yyyy>/<id>.pdf (written to a temporary
   * file, then renamed: a reader never sees half a file) and records it; answers the relative path.
   * Errors: 30040004 when the drawing fails.
   */
  private async renderPdf(g: CertGrantTable): Promise<string> {
    const template = await repo.findTemplate(this.db, g.certId, true);
    const layout = template ? this.parseLayout(template.layout) : DEFAULT_CERT_LAYOUT;
    const background = template?.bgImage ? await this.readImage(template.bgImage) : null;
    const base = this.publicBase ?? (g.verifyBase || `http://localhost:${this.ctx.config.port}`);
    let bytes: Buffer;
    try {
      bytes = await renderCertPdf({
        layout,
        background,
        verifyUrl: `${base}${certVerifyPath(g.certNo)}`,
        texts: {
          title: g.title,
          name: g.realName || g.userName,
          refTitle: g.refTitle,
          certNo: certNoText(g.certNo),
          authority: g.authority,
          date: `发证日期：${dayjs(Number(g.createTime)).tz(TIME_ZONE).format('YYYY年MM月DD日')}`,
        },
      });
    } catch (err) {
      this.ctx.log.error({ err, grantId: g.id }, 'certificate pdf failed');
      throw new AppError(CertError.PDF_FAILED);
    }
    const rel = `${formatTimeStrict(Number(g.createTime)).slice(0, 4)}/${g.id}.pdf`;
    const dest = path.join(this.pdfRoot, rel);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${newId()}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, dest);
    await repo.setGrantPdf(this.db, g.id, rel);
    return rel;
  }

  /** Bytes of an uploaded image (sys-file), or null when it is gone (the certificate is drawn without it). */
  private async readImage(url: string): Promise<Buffer | null> {
    if (!url.startsWith(FILE_VIEW_PREFIX)) return null;
    try {
      const answer = await this.ctx.services.sysFile.open(url.slice(FILE_VIEW_PREFIX.length), false);
      const chunks: Buffer[] = [];
      for await (const c of answer.body as AsyncIterable<Buffer>) chunks.push(c);
      return Buffer.concat(chunks);
    } catch (err) {
      if (err instanceof AppError && err.code === CommonError.NOT_FOUND.code) return null;
      throw err;
    }
  }

  /**
   * Listener of `cert.granted` (this module's own event, so it runs once the grant is committed,
   * whoever granted and in whatever transaction): renders the grant's PDF unless it exists. Errors
   * are retried by the job queue.
   */
  async onGranted(e: DomainEvents['cert.granted']): Promise<void> {
    const g = await repo.findGrant(this.db, e.grantId);
    if (g && (!g.pdfFile || !fs.existsSync(path.join(this.pdfRoot, g.pdfFile)))) await this.renderPdf(g);
  }

  /**
   * POST /api/cert/verify (public): ONLY the holder's masked name, title, authority, grant date,
   * expiry date and status of the number. Unknown number: 30040002 '证书不存在，请核对证书编号！'.
   */
  async verify(certNo: string): Promise<CertVerifyRes> {
    const g = await repo.findGrantByNo(this.db, certNo.trim().toUpperCase());
    if (!g) throw new AppError(CertError.NO_SUCH_CERT);
    const status = this.statusOf(g);
    return {
      holder: maskName(g.realName || g.userName),
      title: g.title,
      authority: g.authority,
      grantDate: formatTimeStrict(Number(g.createTime)).slice(0, 10),
      expireDate: g.expireTime === null ? null : formatTimeStrict(Number(g.expireTime)).slice(0, 10),
      status,
      status_dictText: CERT_STATUS_LABEL[status],
    };
  }

  /** How many certificates were granted (dashboard grantCount). */
  countGrants(): Promise<number> {
    return repo.countGrants(this.db);
  }
}
