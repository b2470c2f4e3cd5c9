/**
 * The user edit dialog's values ↔ the contracts (pure, unit-tested): a loaded `UserDetail` → the
 * form's values, and the form's values → the body of /api/sys/user/save (`userSaveReq`, SPEC §3
 * edit form, §5 "User form (admin)").
 *
 * - Dates (csrq birth date, gzsj work start date) are date-picker values in the form and
 *   `yyyy-MM-dd` strings in the body ('' when empty).
 * - The avatar is a list of at most one uploaded url in the form (FileUpload) and one string in the body.
 * - The post (zw) is an entry of the `xzzw` dictionary; its entry `other` (XZZW_OTHER) asks for the
 *   post's name (qtzw), which then replaces zw in the body (the profile form's rule, SPEC §5). A
 *   stored zw that is not an entry of the dictionary is such a typed name: it loads as other + qtzw.
 * - The password is sent as typed: required for a new user, '' on edit leaves it unchanged.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { XZZW_OTHER } from '@kaopei/contracts/sys-dic';
import type { userSaveReq, UserDetail } from '@kaopei/contracts/sys-user-admin';

/** The body of /api/sys/user/save as the web sends it. */
export type UserSaveBody = z.input<typeof userSaveReq>;

/** Date format of the profile dates (dayjs tokens for yyyy-MM-dd). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The values of the edit dialog's form. */
export interface UserFormValues {
  userName?: string;
  realName?: string;
  deptCode?: string;
  roles?: string[];
  password?: string;
  mobile?: string;
  email?: string;
  sex?: string;
  mz?: string;
  csrq?: Dayjs | null;
  zzmm?: string;
  gzsj?: Dayjs | null;
  whcd?: string;
  zw?: string;
  /** The post's name when zw is other. */
  qtzw?: string;
  dnzw?: string;
  bmmc?: string;
  idCard?: string;
  avatar?: string[];
  /** The face photo (issue 12; shown when the site's faceLogin is on): at most one uploaded url. */
  face?: string[];
}

/** The empty form of a new user. */
export const NEW_USER_VALUES: UserFormValues = { roles: [], avatar: [], face: [], csrq: null, gzsj: null };

const text = (v: string | undefined | null): string => (v ?? '').trim();
const orUndefined = (v: string): string | undefined => (v === '' ? undefined : v);

/** `yyyy-MM-dd` → a date-picker value (null when empty or not a date). */
export function toDate(v: string | null | undefined): Dayjs | null {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const d = dayjs(v);
  return d.isValid() && d.format(DATE_FORMAT) === v ? d : null;
}

/** A date-picker value → `yyyy-MM-dd` ('' when empty). */
export function fromDate(v: Dayjs | null | undefined): string {
  return v && v.isValid() ? v.format(DATE_FORMAT) : '';
}

/**
 * A stored zw → the form's zw and qtzw: '' → neither; an entry of the dictionary (`isEntry`) → zw;
 * anything else (a typed post name) → zw other with the name in qtzw.
 */
export function splitZw(zw: string, isEntry: (value: string) => boolean): { zw?: string; qtzw?: string } {
  const v = zw.trim();
  if (!v) return {};
  if (v === XZZW_OTHER || isEntry(v)) return { zw: v };
  return { zw: XZZW_OTHER, qtzw: v };
}

/** The form's zw and qtzw → the zw to store (the typed name when zw is other). */
export function joinZw(zw: string | undefined, qtzw: string | undefined): string {
  const v = text(zw);
  return v === XZZW_OTHER ? text(qtzw) : v;
}

/** A loaded user → the edit dialog's values (never a password: the field starts blank = unchanged). */
export function formValuesOf(d: UserDetail, isXzzwEntry: (value: string) => boolean): UserFormValues {
  return {
    userName: d.userName,
    realName: d.realName,
    deptCode: orUndefined(d.deptCode),
    roles: [...d.roles],
    password: '',
    mobile: d.mobile,
    email: d.email,
    sex: orUndefined(d.sex),
    mz: orUndefined(d.mz),
    csrq: toDate(d.csrq),
    zzmm: orUndefined(d.zzmm),
    gzsj: toDate(d.gzsj),
    whcd: orUndefined(d.whcd),
    ...splitZw(d.zw, isXzzwEntry),
    dnzw: orUndefined(d.dnzw),
    bmmc: d.bmmc,
    idCard: d.idCard,
    avatar: d.avatar ? [d.avatar] : [],
    face: d.face ? [d.face] : [],
  };
}

/**
 * The form's values → the body of /api/sys/user/save (`id` when editing). Texts trimmed, the
 * password as typed. `withFace` (the face field is shown: site faceLogin on) sends `face` ('' when
 * emptied); without it `face` is left out so the saved photo stays as it is.
 */
export function saveBodyOf(v: UserFormValues, id?: string, withFace = false): UserSaveBody {
  return {
    ...(id ? { id } : {}),
    userName: text(v.userName),
    realName: text(v.realName),
    deptCode: text(v.deptCode),
    roles: [...(v.roles ?? [])],
    password: v.password ?? '',
    mobile: text(v.mobile),
    email: text(v.email),
    sex: text(v.sex),
    mz: text(v.mz),
    csrq: fromDate(v.csrq),
    zzmm: text(v.zzmm),
    gzsj: fromDate(v.gzsj),
    whcd: text(v.whcd),
    zw: joinZw(v.zw, v.qtzw),
    dnzw: text(v.dnzw),
    bmmc: text(v.bmmc),
    idCard: text(v.idCard).toUpperCase(),
    avatar: v.avatar?.[0] ?? '',
    ...(withFace ? { face: v.face?.[0] ?? '' } : {}),
  };
}
