/**
 * Login bindings (SPEC §2 login-binding list and user edit dialog "account binding" tab; §3
 * "Binding"; §4 "SMS and binding"; §6; §7 /api/sys/user/bind/*).
 *
 * - The mobile number of a user is `sys_user.mobile` (module sys-user, one live account per number);
 *   binding and unbinding it here also keep a `mobile` row in sys_user_bind recording when and by
 *   whom it was bound. Reads take the number from the user, so a number set by the user form or an
 *   import shows too (with id '' and no time).
 * - A learner binds a number with an SMS code of type 2 sent to it, and unbinds it with a code of
 *   type 3 sent to the bound number; a number already bound must be unbound first, so a stolen
 *   session cannot swap the number the password can be reset with.
 * - Third-party accounts are bound through their provider only (sys-bind.oauth.ts); the user or an
 *   administrator may unbind them, and only the user can bind again.
 * - Administrators' calls honour data scope (services.sysRole.dataScopeOf): a user outside it is
 *   answered as missing (10010003).
 */
import type { Page } from '@kaopei/contracts';
import { SmsType, SmsError } from '@kaopei/contracts/sms';
import {
  BindError,
  LOGIN_TYPE_LABEL,
  LoginType,
  THIRD_PARTY_TYPES,
  type BindInfo,
  type BindListItem,
  type BindMobileReq,
  type bindPagingReq,
  type BindRecord,
  type DirectMobileReq,
  type LoginTypeValue,
  type ThirdPartyType,
} from '@kaopei/contracts/sys-bind';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { withDictText } from '../../lib/dict-text';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import { maskAccount, typeMsg } from './sys-bind.messages';
import { OauthFlows } from './sys-bind.oauth';
import * as repo from './sys-bind.repository';
import type { SysUserBindTable } from './sys-bind.tables';

export type BindDeps = 'sysUser' | 'sms' | 'sysConfig' | 'sysRole';
type Account = NonNullable<Awaited<ReturnType<ModuleContext<'sysUser'>['services']['sysUser']['accountOf']>>>;

const USER_MISSING = '用户不存在或已被删除！';

export class SysBindService {
  /** The third-party flows: get-url, callbacks, the local provider. */
  readonly oauth: OauthFlows;

  constructor(private readonly ctx: ModuleContext<BindDeps>) {
    this.oauth = new OauthFlows(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

  /** Which third-party login types the switch configuration turns on. */
  async switchedOn(): Promise<Record<ThirdPartyType, boolean>> {
    const s = await this.ctx.services.sysConfig.switches();
    return { wechat: s.wechatLogin, 'crop-wechat': s.cropLogin, 'ding-talk': s.dingLogin };
  }

  /** The live user, or 10010003. */
  private async account(userId: string): Promise<Account> {
    const account = await this.ctx.services.sysUser.accountOf(userId);
    if (!account) throw notFound(USER_MISSING);
    return account;
  }

  /** The live user `userId` when inside the administrator's data scope, else 10010003. */
  private async scopedAccount(admin: AuthUser, userId: string): Promise<Account> {
    const account = await this.account(userId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    if (scope !== null && !account.deptCode.startsWith(scope)) throw notFound(USER_MISSING);
    return account;
  }

  /**
   * The lines of a user's bindings: the mobile (from the user's number; the row when it records that
   * number) and the third-party rows, in login-type order, unmasked.
   */
  private async lines(account: Account): Promise<SysUserBindTable[]> {
    const rows = await repo.bindsOfUser(this.db, account.id);
    const mobileRow = rows.find((r) => r.loginType === LoginType.MOBILE && r.openId === account.mobile);
    const mobile: SysUserBindTable[] = account.mobile ? [mobileRow ?? { id: '', userId: account.id, loginType: LoginType.MOBILE, openId: account.mobile, createTime: 0, createBy: '' }] : [];
    const order = (t: string) => (THIRD_PARTY_TYPES as readonly string[]).indexOf(t);
    return [...mobile, ...rows.filter((r) => r.loginType !== LoginType.MOBILE).sort((a, b) => order(a.loginType) - order(b.loginType))];
  }

  /**
   * POST bind-list (SPEC §2 login-binding list): mobile and WeChat always, enterprise WeChat and
   * DingTalk when switched on or bound; each bound or not (the caller's own number in full, accounts
   * masked), and whether binding can start.
   */
  async bindList(userId: string): Promise<BindListItem[]> {
    const account = await this.account(userId);
    const lines = await this.lines(account);
    const on = await this.switchedOn();
    const types: LoginTypeValue[] = [LoginType.MOBILE, ...THIRD_PARTY_TYPES.filter((t) => t === LoginType.WECHAT || on[t] || lines.some((l) => l.loginType === t))];
    return types.map((loginType) => {
      const line = lines.find((l) => l.loginType === loginType);
      return {
        loginType,
        loginType_dictText: LOGIN_TYPE_LABEL[loginType],
        bound: Boolean(line),
        openId: line ? (loginType === LoginType.MOBILE ? line.openId : maskAccount(loginType, line.openId)) : '',
        createTime: line?.createTime ? formatTimeStrict(line.createTime) : '',
        canBind: loginType === LoginType.MOBILE || on[loginType],
      };
    });
  }

  /** POST unbind {loginType}: the caller's third-party binding of that type goes (90080004 when there is none). */
  async unbind(userId: string, loginType: ThirdPartyType): Promise<void> {
    if (!(await repo.deleteBindOfUser(this.db, userId, loginType))) throw new AppError(BindError.NOT_BOUND, typeMsg.notBound(loginType));
  }

  /**
   * Sets `mobile` as the number of `userId` and records the binding. Errors: 90080001 when another
   * live account has it (nothing changes). `verify` (the SMS check, when the learner binds) runs
   * after the cheap refusals so that a code is not used up by a request that cannot succeed.
   */
  private async setMobile(account: Account, mobile: string, by: string, verify?: () => Promise<void>): Promise<void> {
    const holder = await this.ctx.services.sysUser.idByMobile(mobile);
    if (holder && holder !== account.id) throw new AppError(BindError.MOBILE_TAKEN);
    if (verify) await verify();
    if (!(await this.ctx.services.sysUser.setMobile(account.id, mobile))) throw new AppError(BindError.MOBILE_TAKEN);
    const row: SysUserBindTable = { id: newId(), userId: account.id, loginType: LoginType.MOBILE, openId: mobile, createTime: now(), createBy: by };
    // The number is now this user's alone: any other row of it, and this user's old row, are stale.
    for (let attempt = 0; ; attempt++) {
      try {
        await this.db.transaction().execute(async (trx) => {
          await repo.deleteBindOfAccount(trx, LoginType.MOBILE, mobile);
          await repo.deleteBindOfUser(trx, account.id, LoginType.MOBILE);
          await repo.insertBind(trx, row);
        });
        return;
      } catch (e) {
        // A concurrent bind of the same user or number wrote its row between our delete and insert.
        if (!isUniqueViolation(e) || attempt > 0) throw e;
      }
    }
  }

  /** Clears the number of a user and its binding rows. */
  private async clearMobile(account: Account): Promise<void> {
    await this.ctx.services.sysUser.setMobile(account.id, '');
    await repo.deleteBindOfUser(this.db, account.id, LoginType.MOBILE);
  }

  /** Uses up an SMS code of `smsType` for `mobile`, or 90070003. */
  private async verifySms(mobile: string, smsType: number, code: string): Promise<void> {
    if (!(await this.ctx.services.sms.verify(mobile, smsType, code))) throw new AppError(SmsError.CODE_INVALID);
  }

  /**
   * POST bind-mobile: binds a number to the caller with an SMS code of type 2 sent to it. Errors:
   * 90080002 the caller already has a number, 90080001 the number is another account's, 90070003
   * wrong or used code (the code is used up only when the rest could succeed).
   */
  async bindMobile(user: AuthUser, req: BindMobileReq): Promise<void> {
    const account = await this.account(user.userId);
    if (account.mobile) throw new AppError(BindError.MOBILE_BOUND);
    await this.setMobile(account, req.mobile, user.userId, () => this.verifySms(req.mobile, SmsType.BIND, req.smsCode));
  }

  /** POST unbind-mobile: unbinds the caller's number with an SMS code of type 3 sent to it. 90080003 when it is not the bound number. */
  async unbindMobile(user: AuthUser, req: BindMobileReq): Promise<void> {
    const account = await this.account(user.userId);
    if (!account.mobile || account.mobile !== req.mobile) throw new AppError(BindError.MOBILE_MISMATCH);
    await this.verifySms(req.mobile, SmsType.UNBIND, req.smsCode);
    await this.clearMobile(account);
  }

  /** POST bind-info {loginType, userId} (SPEC §3 "Mobile binding info"): the user's binding of that type. */
  async bindInfo(admin: AuthUser, loginType: LoginTypeValue, userId: string): Promise<BindInfo> {
    const account = await this.scopedAccount(admin, userId);
    const line = (await this.lines(account)).find((l) => l.loginType === loginType);
    const isMobile = loginType === LoginType.MOBILE;
    return {
      loginType,
      userId,
      bound: Boolean(line),
      openId: line ? (isMobile ? line.openId : maskAccount(loginType, line.openId)) : '',
      mobile: isMobile ? account.mobile : '',
      createTime: line?.createTime ? formatTimeStrict(line.createTime) : '',
    };
  }

  /** POST direct-bind {mobile, userId}: an administrator binds a number (90080002 when the user has one, 90080001 when taken). */
  async directBind(admin: AuthUser, req: DirectMobileReq): Promise<void> {
    const account = await this.scopedAccount(admin, req.userId);
    if (account.mobile) throw new AppError(BindError.MOBILE_BOUND, '该用户已绑定手机号，请先解除绑定！');
    await this.setMobile(account, req.mobile, admin.userId);
  }

  /** POST direct-unbind {mobile, userId}: an administrator clears the user's number (90080003 when `mobile` is not it). */
  async directUnbind(admin: AuthUser, req: DirectMobileReq): Promise<void> {
    const account = await this.scopedAccount(admin, req.userId);
    if (!account.mobile || account.mobile !== req.mobile) throw new AppError(BindError.MOBILE_MISMATCH, '手机号与该用户当前绑定的手机号不一致！');
    await this.clearMobile(account);
  }

  /**
   * POST paging {params.userId}: the user's bindings (SPEC §3 "Login binding"), mobile in full and
   * third-party accounts masked. A user has at most one binding per login type, so the list (at
   * most four lines) is built in memory and sorted by `orders` (default: login type). Without a
   * user the page is empty (the list is always of one user's bindings).
   */
  async paging(admin: AuthUser, req: z.output<typeof bindPagingReq>): Promise<Page<BindRecord>> {
    const userId = req.params?.userId;
    if (!userId) return { records: [], total: 0, pages: 0, current: req.current, size: req.size };
    const account = await this.scopedAccount(admin, userId);
    const lines = await this.lines(account);
    const typeOrder = (t: string) => (LOGIN_TYPES_ORDER as readonly string[]).indexOf(t);
    // Stable sorts, last order first: ties keep the login-type order of `lines`.
    for (const o of [...(req.orders ?? [])].reverse()) {
      const key = (l: SysUserBindTable) => (o.column === 'createTime' ? l.createTime : typeOrder(l.loginType));
      lines.sort((a, b) => (key(a) - key(b)) * (o.asc ? 1 : -1));
    }
    const labelled = await withDictText(lines, { loginType: LOGIN_TYPE_LABEL, createBy: (ids) => this.ctx.services.sysUser.realNames(ids.filter(Boolean)) });
    const records = labelled.map((l) => ({
      ...l,
      openId: l.loginType === LoginType.MOBILE ? l.openId : maskAccount(l.loginType, l.openId),
      createTime: l.createTime ? formatTimeStrict(l.createTime) : '',
    })) as BindRecord[];
    const start = (req.current - 1) * req.size;
    return { records: records.slice(start, start + req.size), total: records.length, pages: Math.ceil(records.length / req.size), current: req.current, size: req.size };
  }

  /**
   * POST unbind-by-id {id}: an administrator removes a binding of a user in scope; a mobile row
   * clears the user's number when it is still theirs. 10010003 when there is no such binding.
   */
  async unbindById(admin: AuthUser, id: string): Promise<void> {
    const row = await repo.findBind(this.db, id);
    if (!row) throw notFound('绑定不存在或已解除！');
    const account = await this.ctx.services.sysUser.accountOf(row.userId);
    // A deleted user's stale row has no department left: only an administrator who sees everything may remove it.
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    if (scope !== null && (!account || !account.deptCode.startsWith(scope))) throw notFound('绑定不存在或已解除！');
    if (account && row.loginType === LoginType.MOBILE && account.mobile === row.openId) await this.ctx.services.sysUser.setMobile(account.id, '');
    if (!(await repo.deleteBind(this.db, id))) throw notFound('绑定不存在或已解除！');
  }

  // ---------------------------------------------------------------- used by the third-party flows

  /** The live user bound to a third-party account, or undefined. */
  async userOfAccount(loginType: ThirdPartyType, openId: string): Promise<string | undefined> {
    const row = await repo.bindOfAccount(this.db, loginType, openId);
    if (!row) return undefined;
    return (await this.ctx.services.sysUser.accountOf(row.userId)) ? row.userId : undefined;
  }

  /**
   * Binds a third-party account to `userId`. Errors: 90080010 the user has an account of that type
   * (another one), 90080007 the account is another live user's. Binding the same account again
   * changes nothing. A deleted user's binding of the account is released first.
   */
  async bindThirdParty(userId: string, loginType: ThirdPartyType, openId: string): Promise<void> {
    const mine = await repo.bindOfUser(this.db, userId, loginType);
    if (mine) {
      if (mine.openId === openId) return;
      throw new AppError(BindError.ALREADY_BOUND, typeMsg.already(loginType));
    }
    const holder = await repo.bindOfAccount(this.db, loginType, openId);
    if (holder) {
      if (await this.ctx.services.sysUser.accountOf(holder.userId)) throw new AppError(BindError.BOUND_ELSEWHERE, typeMsg.elsewhere(loginType));
      await repo.deleteBind(this.db, holder.id);
    }
    try {
      await repo.insertBind(this.db, { id: newId(), userId, loginType, openId, createTime: now(), createBy: userId });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // A concurrent request bound this user's type or this account first.
      const again = await repo.bindOfUser(this.db, userId, loginType);
      if (again?.openId === openId) return;
      throw again ? new AppError(BindError.ALREADY_BOUND, typeMsg.already(loginType)) : new AppError(BindError.BOUND_ELSEWHERE, typeMsg.elsewhere(loginType));
    }
  }
}

const LOGIN_TYPES_ORDER = [LoginType.MOBILE, ...THIRD_PARTY_TYPES] as const;
