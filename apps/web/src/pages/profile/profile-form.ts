/**
 * The pure part of the profile form (SPEC §3 "User" profile fields, §5 "Profile form"): from the
 * profile the server answers to the form's values and back to the payload of POST
 * /api/sys/user/update, and the message of a refused submit.
 *
 * - zw (xzzw dictionary) is either a post of the dictionary or the name of another post: the form
 *   shows 'other' (其他) with that name in qtzw; on submit qtzw replaces zw and is dropped.
 * - bmmc (the department name inside the unit) is sent only when the chosen unit has sfyxjbm = 1.
 * - realName is not part of the form when face login is on (it comes from real-name verification).
 */
import { PROFILE_INCOMPLETE_MSG, ZW_OTHER, type ProfileDetail, type ProfileUpdateReq } from '@kaopei/contracts/sys-user';

/** SPEC §5: '请选择职务' (neither a post nor a party post). */
export const ZW_REQUIRED_MSG = '请选择职务';
/** SPEC §5: the name of the other post ('请输入职务名称'). */
export const QTZW_REQUIRED_MSG = '请输入职务名称';
/** SPEC §8 success of the profile (and avatar) save. */
export const PROFILE_SAVED_MSG = '资料修改成功！';
/** SPEC §8 failure of the avatar save. */
export const AVATAR_FAILED_MSG = '资料修改失败！';
/** SPEC §5: the ID card is recommended for the account's safety. */
export const ID_CARD_HINT = '建议填写身份证号，以保障账号安全';

/** The form's values: selects and dates hold undefined/'' while empty. */
export interface ProfileFormValues {
  realName: string;
  deptCode?: string;
  bmmc: string;
  email: string;
  sex?: string;
  mz?: string;
  csrq: string;
  zzmm?: string;
  gzsj: string;
  whcd?: string;
  zw?: string;
  /** Name of the other post, when zw is 'other'. */
  qtzw: string;
  dnzw?: string;
  idCard: string;
}

const opt = (v: string) => (v ? v : undefined);

/** The form's values for `detail`; `isPost(v)` says whether v is an entry of the xzzw dictionary. */
export function toFormValues(detail: ProfileDetail, isPost: (value: string) => boolean): ProfileFormValues {
  const other = detail.zw !== '' && detail.zw !== ZW_OTHER && !isPost(detail.zw);
  return {
    realName: detail.realName,
    deptCode: opt(detail.deptCode),
    bmmc: detail.bmmc,
    email: detail.email,
    sex: opt(detail.sex),
    mz: opt(detail.mz),
    csrq: detail.csrq,
    zzmm: opt(detail.zzmm),
    gzsj: detail.gzsj,
    whcd: opt(detail.whcd),
    zw: other ? ZW_OTHER : opt(detail.zw),
    qtzw: other ? detail.zw : '',
    dnzw: opt(detail.dnzw),
    idCard: detail.idCard,
  };
}

/**
 * The payload of POST /api/sys/user/update: trimmed; zw is qtzw when the post is 'other'; bmmc only
 * when the unit asks for it (`needsBmmc`, its sfyxjbm = 1), else ''; realName left out when face
 * login is on (`withRealName` false).
 */
export function toPayload(v: ProfileFormValues, opts: { needsBmmc: boolean; withRealName: boolean }): ProfileUpdateReq {
  const s = (x: string | undefined) => (x ?? '').trim();
  return {
    ...(opts.withRealName ? { realName: s(v.realName) } : {}),
    deptCode: s(v.deptCode),
    bmmc: opts.needsBmmc ? s(v.bmmc) : '',
    email: s(v.email),
    sex: s(v.sex),
    mz: s(v.mz),
    csrq: s(v.csrq),
    zzmm: s(v.zzmm),
    gzsj: s(v.gzsj),
    whcd: s(v.whcd),
    zw: v.zw === ZW_OTHER ? s(v.qtzw) : s(v.zw),
    dnzw: s(v.dnzw),
    idCard: s(v.idCard).toUpperCase(),
  };
}

/**
 * The message of a submit the form refused (SPEC §5): '请选择职务' when the only thing missing is a
 * post, else '请完善必填项'.
 */
export function submitFailMessage(errors: { errors: string[] }[]): string {
  const messages = errors.flatMap((e) => e.errors);
  return messages.length > 0 && messages.every((m) => m === ZW_REQUIRED_MSG) ? ZW_REQUIRED_MSG : PROFILE_INCOMPLETE_MSG;
}
