/**
 * The points ledger (issue 7 "Points"; SPEC §3 "Points log", §7 /api/user/points/my-paging).
 *
 * Every change of a balance is one row of user_points_log; the balance itself lives in user_points
 * (this module is its only writer: sys-user reads balances through `balancesOf` and credits imported
 * points through `credit`). One change is applied in one transaction (see points.repository.ts):
 *   1. the ledger row is inserted unless its (userId, refType, refId) exists — the unique key makes
 *      an event count once, also under parallel requests and several server processes;
 *   2. the balance is changed by one atomic UPDATE that refuses to go below zero;
 *   3. the row gets the balance after it; when the balance was short the row is deleted again, so
 *      nothing is changed even inside a caller's transaction that goes on.
 *
 * Calls for other domains (the integrator wires domain events to them), each taking the caller's
 * transaction or null (then the ledger opens its own):
 * - `award(trx, {userId, ruleKey, refId, refRemark?, deptCode?})`: points of the rule; 'off' when the
 *   rule is off (or worth 0), 'exists' when the award was made before;
 * - `spend(trx, {userId, points, refType, refId, refRemark, deptCode?})`: '积分不足！' (30030001)
 *   when the balance is short, nothing changed; idempotent on its key;
 * - `credit(trx, {userId, points, refType, refId, refRemark, deptCode})`: a plain credit (imports);
 * - `balanceOf(userId)`, `balancesOf(userIds)`; `dailyLogin(userId)` awards daily_login with the
 *   day of the server clock (YYYY-MM-DD) as refId.
 * `deptCode` (the user's department, kept on the row for the admin list's data scope) is looked up
 * through sys-user when the caller does not pass it.
 */
import type { Page } from '@kaopei/contracts';
import {
  POINTS_MAX_CHANGE,
  POINTS_REF_TYPE_LABEL,
  POINTS_RULE_DEFAULTS,
  POINTS_RULE_KEYS,
  POINTS_RULE_LABEL,
  PointsError,
  PointsRefType,
  REF_TYPE_PATTERN,
  type myPointsPagingReq,
  type PointsAdjustReq,
  type PointsAdminRecord,
  type PointsLogRecord,
  type pointsPagingReq,
  type PointsRule,
  type PointsRuleKey,
  type PointsRuleSaveReq,
} from '@kaopei/contracts/points';
import { USER_NOT_FOUND_MSG } from '@kaopei/contracts/sys-user-admin';
import type { z } from 'zod';
import type { Executor, Trx } from '../../db';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { deptInScope } from '../../lib/dept-scope';
import { withDictText } from '../../lib/dict-text';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDay, formatTimeStrict, now } from '../../lib/time';
import type { UserPointsLogTable } from './points.tables';
import * as repo from './points.repository';

/** The services the ledger calls (module deps). */
export type PointsDeps = 'sysUser' | 'sysRole';

/** An award: the user, the rule, the event (refId: an exam id, a course id, a day …), what the learner reads (default: the rule's label). */
export interface AwardInput {
  userId: string;
  ruleKey: PointsRuleKey;
  refId: string;
  refRemark?: string;
  /** The user's department; looked up when left out. */
  deptCode?: string;
}
/** What an award did: 'awarded' now, 'exists' before (points of that row), 'off' (the rule is off or worth 0; points 0). `balance` is the balance now. */
export interface AwardResult {
  outcome: 'awarded' | 'exists' | 'off';
  points: number;
  balance: number;
}

/** A spend: `points` (> 0) taken from the balance for the event (refType, refId), e.g. course_buy + the course id. */
export interface SpendInput {
  userId: string;
  points: number;
  refType: string;
  refId: string;
  refRemark: string;
  deptCode?: string;
}
/** What a spend did: 'spent' now or 'exists' (the event was paid before); points is negative. */
export interface SpendResult {
  outcome: 'spent' | 'exists';
  points: number;
  balance: number;
}

/** A credit (± points, not 0) of an event; `createBy` is who caused it ('' for the system). */
export interface CreditInput {
  userId: string;
  points: number;
  refType: string;
  refId: string;
  refRemark: string;
  deptCode: string;
  createBy?: string;
}
/** What a credit did: 'applied' now or 'exists' before. */
export interface CreditResult {
  outcome: 'applied' | 'exists';
  points: number;
  balance: number;
}

/** Internal: one change of the ledger. */
type Entry = Omit<UserPointsLogTable, 'id' | 'balance' | 'createTime'>;
type Applied = { outcome: 'applied' | 'exists' | 'short'; points: number; balance: number };

/** Checks the (refType, refId) key and amount of a change; bad ones are programming errors of the caller (10010001). */
function checkEntry(refType: string, refId: string, points: number): void {
  if (!REF_TYPE_PATTERN.test(refType)) throw badParams(`积分来源类型不正确：${refType.slice(0, 40)}`);
  if (refId === '' || refId.length > 64) throw badParams('积分来源标识不能为空且不能超过64个字符！');
  if (!Number.isSafeInteger(points) || points === 0 || Math.abs(points) > POINTS_MAX_CHANGE) throw badParams(`积分变动必须是非零整数，且绝对值不超过${POINTS_MAX_CHANGE}！`);
}

export class PointsService {
  constructor(private readonly ctx: ModuleContext<PointsDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  /** Runs `fn` in the caller's transaction, or in a new one. */
  private inTrx<T>(trx: Trx | null, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return trx ? fn(trx) : this.db.transaction().execute(fn);
  }

  /** The department of a live user (10010003 '用户不存在或已被删除！' otherwise); read through `db` (the caller's transaction when there is one). */
  private async deptOf(db: Executor, userId: string): Promise<string> {
    const account = await this.ctx.services.sysUser.accountOf(userId, db);
    if (!account) throw notFound(USER_NOT_FOUND_MSG);
    return account.deptCode;
  }

  /** Applies one change in `trx` (see the file comment); 'short' when the balance would go below zero (nothing changed). */
  private async apply(trx: Trx, e: Entry): Promise<Applied> {
    const id = newId();
    const at = now();
    if (!(await repo.insertLog(trx, { id, ...e, balance: 0, createTime: at }))) {
      const before = await repo.findLog(trx, e.userId, e.refType, e.refId);
      return { outcome: 'exists', points: Number(before?.points ?? 0), balance: await repo.balanceOf(trx, e.userId) };
    }
    const balance = await repo.addToBalance(trx, e.userId, e.points, at);
    if (balance === undefined) {
      await repo.deleteLog(trx, id);
      return { outcome: 'short', points: e.points, balance: await repo.balanceOf(trx, e.userId) };
    }
    await repo.setLogBalance(trx, id, balance);
    return { outcome: 'applied', points: e.points, balance };
  }

  // ------------------------------------------------------------ for other domains

  /**
   * Awards the points of rule `ruleKey` for the event `refId` (at most once per user, rule and
   * refId). Answers 'off' without writing when the rule is off or worth 0 points. Errors: 30030003
   * for an unknown rule key, 10010003 for a user that does not exist, 10010001 for a bad refId.
   */
  async award(trx: Trx | null, input: AwardInput): Promise<AwardResult> {
    if (!(POINTS_RULE_KEYS as readonly string[]).includes(input.ruleKey)) throw new AppError(PointsError.RULE_UNKNOWN);
    const db = trx ?? this.db;
    const rule = await repo.findRule(db, input.ruleKey);
    if (!rule || rule.enabled !== 1 || rule.points <= 0) return { outcome: 'off', points: 0, balance: await repo.balanceOf(db, input.userId) };
    checkEntry(input.ruleKey, input.refId, rule.points);
    const deptCode = input.deptCode ?? (await this.deptOf(db, input.userId));
    const entry: Entry = { userId: input.userId, points: rule.points, refType: input.ruleKey, refId: input.refId, refRemark: (input.refRemark ?? POINTS_RULE_LABEL[input.ruleKey]).slice(0, 300), deptCode, createBy: '' };
    const r = await this.inTrx(trx, (t) => this.apply(t, entry));
    return { outcome: r.outcome === 'applied' ? 'awarded' : 'exists', points: r.points, balance: r.balance };
  }

  /** Awards daily_login for the day of `at` (server clock, Asia/Shanghai): the first login of each day counts once. */
  dailyLogin(userId: string, at = now()): Promise<AwardResult> {
    return this.award(null, { userId, ruleKey: 'daily_login', refId: formatDay(at) });
  }

  /**
   * Takes `points` (> 0) from the balance for the event (refType, refId), once: a second call with
   * the same key answers 'exists' and takes nothing. A short balance answers 30030001 '积分不足！'
   * and changes nothing.
   */
  async spend(trx: Trx | null, input: SpendInput): Promise<SpendResult> {
    if (!Number.isSafeInteger(input.points) || input.points <= 0) throw badParams('消费积分必须是正整数！');
    checkEntry(input.refType, input.refId, input.points);
    const db = trx ?? this.db;
    const deptCode = input.deptCode ?? (await this.deptOf(db, input.userId));
    const r = await this.inTrx(trx, (t) => this.apply(t, { userId: input.userId, points: -input.points, refType: input.refType, refId: input.refId, refRemark: input.refRemark.slice(0, 300), deptCode, createBy: '' }));
    if (r.outcome === 'short') throw new AppError(PointsError.INSUFFICIENT);
    return { outcome: r.outcome === 'applied' ? 'spent' : 'exists', points: r.points, balance: r.balance };
  }

  /**
   * Credits (or, negative, debits) `points` for the event (refType, refId) in the caller's
   * transaction: user imports credit the imported 积分 (refType import) in the import's transaction.
   * Once per key; a debit beyond the balance answers 30030001 and changes nothing.
   */
  async credit(trx: Trx, input: CreditInput): Promise<CreditResult> {
    checkEntry(input.refType, input.refId, input.points);
    const r = await this.apply(trx, { userId: input.userId, points: input.points, refType: input.refType, refId: input.refId, refRemark: input.refRemark.slice(0, 300), deptCode: input.deptCode, createBy: input.createBy ?? '' });
    if (r.outcome === 'short') throw new AppError(PointsError.INSUFFICIENT);
    return { outcome: r.outcome, points: r.points, balance: r.balance };
  }

  /** The balance of `userId` (0 for a user who never had points). */
  balanceOf(userId: string): Promise<number> {
    return repo.balanceOf(this.db, userId);
  }

  /** `userId → balance` for every one of `userIds` (0 for those without points): the user list, detail and export. */
  async balancesOf(userIds: readonly string[]): Promise<Map<string, number>> {
    const found = await repo.balancesOf(this.db, userIds);
    return new Map(userIds.map((id) => [id, found.get(id) ?? 0]));
  }

  // ------------------------------------------------------------ calls

  private row(r: UserPointsLogTable): Omit<PointsLogRecord, 'refType_dictText'> {
    return { id: r.id, points: Number(r.points), balance: Number(r.balance), refType: r.refType, refRemark: r.refRemark, createTime: formatTimeStrict(r.createTime) };
  }

  private refLabel = async (types: string[]) => new Map(types.map((t) => [t, POINTS_REF_TYPE_LABEL[t] ?? t]));

  /** POST /api/user/points/my-paging: the caller's own ledger, newest first (refType filter optional). */
  async myPaging(user: AuthUser, req: z.output<typeof myPointsPagingReq>): Promise<Page<PointsLogRecord>> {
    const page = await repo.pageLogs(this.db, req, { userId: user.userId, refType: req.params?.refType }, null);
    const records = await withDictText(page.records.map((r) => this.row(r)), { refType: this.refLabel });
    return { records, total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /** POST /api/user/points/my-balance: the caller's balance. */
  async myBalance(user: AuthUser): Promise<{ balance: number }> {
    return { balance: await this.balanceOf(user.userId) };
  }

  /**
   * POST /api/user/points/paging: ledger rows of the users of the caller's data scope (the
   * department a row was written in), filtered by userId, account name (exact; an unknown name lists
   * nothing) and refType; userId_dictText is the real name.
   */
  async paging(req: z.output<typeof pointsPagingReq>, caller: AuthUser): Promise<Page<PointsAdminRecord>> {
    const f = req.params ?? {};
    const scope = await this.ctx.services.sysRole.dataScopeOf(caller);
    let userId = f.userId || undefined;
    if (f.userName) {
      const named = await this.ctx.services.sysUser.idOf(f.userName);
      if (!named || (userId !== undefined && userId !== named)) return { records: [], total: 0, pages: 0, current: req.current, size: req.size };
      userId = named;
    }
    const page = await repo.pageLogs(this.db, req, { userId, refType: f.refType }, scope);
    const records = await withDictText(
      page.records.map((r) => ({ ...this.row(r), userId: r.userId })),
      { refType: this.refLabel, userId: (ids: string[]) => this.ctx.services.sysUser.realNames(ids) },
    );
    return { records, total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /**
   * POST /api/user/points/adjust: adds or deducts points of a live user of the caller's data scope
   * (10010003 '用户不存在或已被删除！' otherwise) with a reason (refRemark '管理员调整：<reason>'). A
   * deduction beyond the balance answers 30030002 and changes nothing. Each call is its own row
   * (refId: the dialog's requestId, else a new id), so a resubmitted dialog counts once.
   */
  async adjust(req: PointsAdjustReq, caller: AuthUser): Promise<{ applied: boolean; points: number; balance: number }> {
    const account = await this.ctx.services.sysUser.accountOf(req.userId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(caller);
    if (!account || !deptInScope(account.deptCode, scope)) throw notFound(USER_NOT_FOUND_MSG);
    const entry: Entry = {
      userId: req.userId, points: req.points, refType: PointsRefType.ADJUST, refId: req.requestId ?? newId(), refRemark: `管理员调整：${req.reason}`.slice(0, 300), deptCode: account.deptCode, createBy: caller.userId,
    };
    const r = await this.inTrx(null, (t) => this.apply(t, entry));
    if (r.outcome === 'short') throw new AppError(PointsError.ADJUST_BELOW_ZERO);
    return { applied: r.outcome === 'applied', points: r.points, balance: r.balance };
  }

  // ------------------------------------------------------------ rules

  /** POST /api/user/points/rule/list: the award rules in the order of POINTS_RULE_KEYS. */
  async rules(): Promise<PointsRule[]> {
    const rows = new Map((await repo.listRules(this.db)).map((r) => [r.ruleKey, r]));
    return POINTS_RULE_KEYS.flatMap((key) => {
      const r = rows.get(key);
      return r ? [{ ruleKey: key, title: POINTS_RULE_LABEL[key], points: r.points, enabled: r.enabled, updateTime: formatTimeStrict(r.updateTime) }] : [];
    });
  }

  /** POST /api/user/points/rule/save: the points and on/off of one rule (applies to awards made from now on). */
  async saveRule(req: PointsRuleSaveReq, userId: string): Promise<void> {
    const changed = await repo.updateRule(this.db, req.ruleKey, { points: req.points, enabled: req.enabled, updateBy: userId, updateTime: now() });
    if (changed === 0) throw new AppError(PointsError.RULE_UNKNOWN);
  }

  /** Start hook: inserts the rules missing from the table with their defaults (POINTS_RULE_DEFAULTS); existing ones keep the administrator's values. */
  async seedRules(): Promise<void> {
    const at = now();
    await repo.insertMissingRules(
      this.db,
      POINTS_RULE_KEYS.map((ruleKey) => ({ ruleKey, ...POINTS_RULE_DEFAULTS[ruleKey], updateBy: '', updateTime: at })),
    );
  }
}
