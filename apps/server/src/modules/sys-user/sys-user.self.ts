/**
 * What a user does to their own account, besides logging in (SPEC §2 personal info page, §3 "User"
 * profile fields, §5 "Profile form", §7 "user update by token, avatar update"; the /forgot page):
 * the profile with its labels, its update under the SPEC §5 rules, the avatar, and a new password
 * by SMS code. Every call acts on the caller's own user (the token's), never on an id it is sent.
 * Reached as `services.sysUser.self`.
 */
import { CommonError } from '@kaopei/contracts';
import { SmsError, SmsType } from '@kaopei/contracts/sms';
import {
  AVATAR_NOT_FOUND_MSG,
  AVATAR_NOT_IMAGE_MSG,
  PROFILE_DICTS,
  UserError,
  ZW_DIC_CODE,
  type ProfileDetail,
  type ProfileUpdateReq,
  type ResetBySmsReq,
} from '@kaopei/contracts/sys-user';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { withDictText } from '../../lib/dict-text';
import { AppError, badParams } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { now } from '../../lib/time';
import * as repo from './sys-user.repository';
import type { SysUserDeps, SysUserService } from './sys-user.service';

/** Image types an avatar may be (SPEC §5: jpg/png/jpeg), as sys-file detects them from the content. */
const AVATAR_MIME = new Set(['image/jpeg', 'image/png']);
/** A role of the back office (roleType 2): its department decides what its data scope shows. */
const ADMIN_ROLE_TYPE = 2;

export class SysUserSelf {
  constructor(
    private readonly ctx: ModuleContext<SysUserDeps>,
    private readonly users: SysUserService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /** The live row of the caller; 10010002 when the account is gone. */
  private async own(userId: string) {
    const row = await repo.findUserById(this.db, userId);
    if (!row || row.deleted === 1) throw new AppError(CommonError.NOT_LOGGED_IN);
    return row;
  }

  /**
   * POST /api/sys/user/profile: the caller's profile (SPEC §3 profile fields) with `_dictText`
   * labels from the dictionaries (sex, nation, political_landscape, educational_level, xzzw, dnzw),
   * the unit's name as deptCode_dictText, and zw_dictText the post's title or, for another post,
   * its name.
   */
  async profile(user: AuthUser): Promise<ProfileDetail> {
    const u = await this.own(user.userId);
    const dics = this.ctx.services.sysDic;
    const zwLabels = async (values: string[]) => {
      const titles = await dics.labels(ZW_DIC_CODE);
      return new Map(values.map((v) => [v, titles.get(v) ?? v]));
    };
    const [row] = await withDictText(
      [{ id: u.id, userName: u.userName, realName: u.realName, deptCode: u.deptCode, mobile: u.mobile, avatar: u.avatar, email: u.email, sex: u.sex, mz: u.mz, csrq: u.csrq, zzmm: u.zzmm, gzsj: u.gzsj, whcd: u.whcd, zw: u.zw, dnzw: u.dnzw, bmmc: u.bmmc, idCard: u.idCard }],
      {
        deptCode: (codes: string[]) => this.ctx.services.sysDepart.namesOf(codes),
        sex: dics.labeller(PROFILE_DICTS.sex.dicCode),
        mz: dics.labeller(PROFILE_DICTS.mz.dicCode),
        zzmm: dics.labeller(PROFILE_DICTS.zzmm.dicCode),
        whcd: dics.labeller(PROFILE_DICTS.whcd.dicCode),
        dnzw: dics.labeller(PROFILE_DICTS.dnzw.dicCode),
        zw: zwLabels,
      },
    );
    return row as ProfileDetail;
  }

  /**
   * POST /api/sys/user/update: the caller's profile, in one UPDATE after every check (nothing is
   * written when one fails). The contracts check the SPEC §5 required fields, the post rules and the
   * formats; here:
   * - deptCode a live department (10010003 '部门不存在！'); a back-office user may move only within
   *   their data scope (10010004), so they cannot widen what they see;
   * - bmmc required when that unit has sfyxjbm = 1 (90010010 '请输入部门名称'), cleared otherwise;
   * - sex, mz, zzmm, whcd and (when chosen) dnzw entries of their dictionaries (10010001
   *   '<label>选项不存在！'); zw is an xzzw entry or another post's name;
   * - realName changes only while face login is off (switch faceLogin: the name then belongs to the
   *   real-name record); sent while it is on, it is ignored.
   */
  async update(user: AuthUser, req: ProfileUpdateReq): Promise<void> {
    const current = await this.own(user.userId);
    const dept = await this.ctx.services.sysDepart.requireByCode(this.db, req.deptCode);
    if (dept.deptCode !== current.deptCode && user.roleType === ADMIN_ROLE_TYPE) {
      const scope = await this.ctx.services.sysRole.dataScopeOf(user);
      if (scope !== null && !dept.deptCode.startsWith(scope)) throw new AppError(CommonError.NO_PERMISSION, '不能调整到您的管理范围以外的部门！');
    }
    const bmmc = dept.sfyxjbm === 1 ? req.bmmc : '';
    if (dept.sfyxjbm === 1 && !bmmc) throw new AppError(UserError.BMMC_REQUIRED);
    for (const [field, { dicCode, label }] of Object.entries(PROFILE_DICTS) as [keyof typeof PROFILE_DICTS, (typeof PROFILE_DICTS)[keyof typeof PROFILE_DICTS]][]) {
      const value = req[field];
      if (value && !(await this.ctx.services.sysDic.labels(dicCode)).has(value)) throw badParams(`${label}选项不存在！`);
    }
    const { faceLogin } = await this.ctx.services.sysConfig.switches();
    await repo.updateOwnProfile(
      this.db,
      user.userId,
      {
        deptCode: dept.deptCode,
        bmmc,
        email: req.email,
        sex: req.sex,
        mz: req.mz,
        csrq: req.csrq,
        zzmm: req.zzmm,
        gzsj: req.gzsj,
        whcd: req.whcd,
        zw: req.zw,
        dnzw: req.dnzw,
        idCard: req.idCard.toUpperCase(),
        ...(!faceLogin && req.realName !== undefined ? { realName: req.realName } : {}),
      },
      now(),
    );
    await this.users.forgetUsers([user.userId]);
  }

  /**
   * Module user-real: the name and ID number of a passed real-name record become the account's (the
   * name belongs to the record while face login is on, SPEC §5); cached sessions see it at once.
   */
  async setVerifiedIdentity(userId: string, realName: string, idCard: string): Promise<void> {
    await repo.setIdentity(this.db, userId, realName, idCard, now());
    await this.users.forgetUsers([userId]);
  }

  /**
   * POST /api/sys/user/update-avatar {avatar}: the url of a jpg or png the caller uploaded
   * (/api/common/file/upload) becomes their avatar. 10010003 AVATAR_NOT_FOUND_MSG when the url is
   * not one of our files or another user uploaded it (the same answer: nobody learns which urls
   * exist); 10010001 AVATAR_NOT_IMAGE_MSG when the file is not a jpg or png (its content decides).
   */
  async updateAvatar(user: AuthUser, avatar: string): Promise<void> {
    const file = await this.ctx.services.sysFile.fileOf(avatar);
    if (!file || file.createBy !== user.userId) throw new AppError(CommonError.NOT_FOUND, AVATAR_NOT_FOUND_MSG);
    if (!AVATAR_MIME.has(file.mime)) throw badParams(AVATAR_NOT_IMAGE_MSG);
    await repo.setAvatar(this.db, user.userId, file.url, now());
  }

  /**
   * POST /api/sys/user/reset-by-sms {mobile, smsCode, password} (the /forgot page): with a code of
   * smsType 4 sent to the number of a live account, sets its password (passState '0', changedPass
   * 1: the user chose it) and ends every session of it. 90070003 for a wrong, used or expired code,
   * and the same for a number no account has.
   */
  async resetBySms(req: ResetBySmsReq): Promise<void> {
    if (!(await this.ctx.services.sms.verify(req.mobile, SmsType.RESET_PASSWORD, req.smsCode))) throw new AppError(SmsError.CODE_INVALID);
    const userId = await repo.idByMobile(this.db, req.mobile);
    if (!userId) throw new AppError(SmsError.CODE_INVALID);
    const hash = await hashPassword(req.password);
    await repo.setOwnPassword(this.db, userId, hash, now(), '0');
    await this.users.endSessionsOf(userId);
  }
}
