/**
 * Site configuration and system switches (SPEC §2 "Base-config page", "System switch configuration
 * form"; §3 "Site config", "Switch config"; §5 "Site URL", "Temp dir"; §7 "Configuration and
 * dictionaries"; §8 '配置保存成功！', '功能开关配置成功！').
 *
 * - The site configuration is one row, id "1": site name, logos, temp directory, copyright html,
 *   filing number and the mobile-site host (h5Host). The storage fields the spec lists beside them
 *   (uploadType, ossUpload, localUpload.localDir) belong to the storage configuration
 *   (/api/sys/config/prop/*, type 'upload'), which keeps one source of truth for them.
 * - The switch configuration is one row: registration, audit, login methods, face audit and the
 *   multi-login policy.
 * - Both are seeded at the first start from the environment (KAOPEI_SITE_NAME, KAOPEI_COPYRIGHT,
 *   KAOPEI_FILING_NO, KAOPEI_USER_REG) and edited afterwards on 系统管理 → 基础配置 / 功能开关.
 * - POST /api/sys/config/site (public, before login) carries what the layouts and the login page
 *   show: never the temp directory or storage details.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** The one site configuration's id (SPEC §3 "id \"1\""). */
export const SITE_CONFIG_ID = '1';

// ---------------------------------------------------------------- validators (SPEC §5)

/** Message of an empty site URL (SPEC §5). */
export const URL_EMPTY_MSG = 'URL不能为空！';
/** Format hint of a site URL that is neither an http(s) domain or IP nor "/". */
export const URL_FORMAT_MSG = 'URL格式不正确，请输入以http://或https://开头的域名或IP地址，或输入/';
/** Format hint of the variant that must end with "/". */
export const URL_SLASH_MSG = 'URL必须以/结尾！';
/** Message of an empty directory (SPEC §5 "Temp dir"). */
export const DIR_EMPTY_MSG = '目录不能为空！';
/** Format hint of a directory (SPEC §5: starts with "/" or a drive letter, ends with "/"). */
export const DIR_FORMAT_MSG = '目录格式不正确，须以/（或盘符，如D:/）开头并以/结尾，如：/data/kaopei/tmp/';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** http(s):// + domain, localhost or IPv4, optional port, optional path (no spaces, quotes, angle brackets or backslashes). */
const HTTP_URL = new RegExp(
  `^https?://(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z]{2,63}|localhost|${OCTET}(?:\\.${OCTET}){3})(?::\\d{1,5})?(?:/[^\\s"'<>\\\\]*)?$`,
);

/** True when `v` is an http/https URL of a domain or IP address, or exactly "/" (SPEC §5 "Site URL"). */
export function isSiteUrl(v: string): boolean {
  return v === '/' || HTTP_URL.test(v);
}

/** A required site URL: http/https domain or IP, or "/" ('URL不能为空！' when empty). */
export const siteUrl = z
  .string({ error: URL_EMPTY_MSG })
  .trim()
  .min(1, URL_EMPTY_MSG)
  .max(255, 'URL不能超过255个字符')
  .refine(isSiteUrl, URL_FORMAT_MSG);

/** The variant of `siteUrl` that must end with "/" (a base other paths are appended to). */
export const siteUrlSlash = siteUrl.refine((v) => v.endsWith('/'), URL_SLASH_MSG);

/** True when `v` is a directory as SPEC §5 wants it: "/" or a drive letter first, "/" last, no "..", no control characters. */
export function isDirPath(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^(?:[A-Za-z]:)?\/(?:.*\/)?$/.test(v) && !/[\u0000-\u001f\\]/.test(v) && !v.split('/').includes('..');
}

/** A required directory ('目录不能为空！', then the format hint). */
export const dirPath = z
  .string({ error: DIR_EMPTY_MSG })
  .trim()
  .min(1, DIR_EMPTY_MSG)
  .max(255, '目录不能超过255个字符')
  .refine(isDirPath, DIR_FORMAT_MSG);

/** Message of a logo that is neither empty, a site path nor an http(s) URL. */
export const LOGO_FORMAT_MSG = 'Logo地址格式不正确，请填写以/开头的站内地址或http(s)://开头的网址';

/** A logo: '' (none), a site path ('/upload/…', not '//…') or an http(s) URL of a domain or IP. */
export const logoUrl = z
  .string({ error: LOGO_FORMAT_MSG })
  .trim()
  .max(500, 'Logo地址不能超过500个字符')
  .refine((v) => v === '' || /^\/(?!\/)[^\s"'<>\\]*$/.test(v) || HTTP_URL.test(v), LOGO_FORMAT_MSG);

// ---------------------------------------------------------------- site configuration

/** The site configuration as an administrator edits it (SPEC §3 "Site config", plus filingNo). */
export const siteConfig = z.object({
  id: z.string(),
  siteName: z.string(),
  /** Logo of the back office (URL of an uploaded image, '' for none). */
  backLogo: z.string(),
  /** Logo of the login page and learner site (URL of an uploaded image, '' for none). */
  frontLogo: z.string(),
  /** Server directory for temporary files (conversions, exports); never sent to the public. */
  tmpDir: z.string(),
  /** Copyright html shown in footers (sanitised when saved). */
  copyRight: z.string(),
  /** ICP filing number shown in the login-layout footer ('' for none). */
  filingNo: z.string(),
  /** Base URL of the mobile site ('/' = this site). */
  h5Host: z.string(),
  /** Last save, yyyy-MM-dd HH:mm:ss. */
  updateTime: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

/** `{id}` of the detail call; the only id is "1" (the default). */
export const siteConfigIdReq = z.object({ id: z.string().trim().max(32, 'ID格式不正确！').default(SITE_CONFIG_ID) });

/** Save of the base-config page (SPEC §2): every field is sent; unknown fields are ignored. */
export const siteConfigSaveReq = z.object({
  id: z.string().trim().max(32, 'ID格式不正确！').default(SITE_CONFIG_ID),
  siteName: z.string({ error: '站点名称不能为空！' }).trim().min(1, '站点名称不能为空！').max(50, '站点名称不能超过50个字符'),
  backLogo: logoUrl.default(''),
  frontLogo: logoUrl.default(''),
  tmpDir: dirPath,
  copyRight: z.string({ error: '版权信息格式不正确！' }).trim().max(2000, '版权信息不能超过2000个字符').default(''),
  filingNo: z.string({ error: '备案号格式不正确！' }).trim().max(50, '备案号不能超过50个字符').default(''),
  h5Host: siteUrlSlash.default('/'),
});
export type SiteConfigSaveReq = z.output<typeof siteConfigSaveReq>;

// ---------------------------------------------------------------- switch configuration

/** How a registering learner gets a department (SPEC §3): 0 the user chooses, 1 the fixed default. */
export const UserDeptType = { CHOOSE: 0, FIXED: 1 } as const;
export const USER_DEPT_TYPE_LABEL: Record<number, string> = { 0: '用户自选部门', 1: '固定默认部门' };

/** Real-name face audit (SPEC §3, §9): no audit, manual audit by an administrator, automatic (paid verification service). */
export const FACE_AUDIT = ['no', 'manual', 'auto'] as const;
export type FaceAudit = (typeof FACE_AUDIT)[number];
export const FACE_AUDIT_LABEL: Record<FaceAudit, string> = { no: '无需审核', manual: '人工审核', auto: '自动审核（付费实名核验服务）' };

/** Multi-login policy (SPEC §3): 0 several sessions allowed, 1 a new login ends the earlier sessions. */
export const LoginTick = { MULTI: 0, KICK: 1 } as const;
export const LOGIN_TICK_LABEL: Record<number, string> = { 0: '允许多处登录', 1: '踢出之前的登录' };

const flag = (what: string) => z.boolean({ error: `${what}开关不正确！` });

/** The default department's code, required when userDeptType is 1. */
export const userDeptCode = z.string({ error: '默认部门不能为空！' }).trim().min(1, '默认部门不能为空！').max(64, '部门编码不能超过64个字符');

/** Switch configuration (SPEC §3 "Switch config") as the detail answers it. */
export const switchConfigData = z.object({
  /** Learners may register themselves. */
  userReg: flag('开放注册'),
  /** A registered learner waits for an administrator's approval before logging in. */
  userAudit: flag('注册审核'),
  userDeptType: z.union([z.literal(0), z.literal(1)], { error: '请选择注册部门方式！' }),
  /** Department code given to registering learners when userDeptType is 1 ('' otherwise allowed). */
  userDeptCode: z.string({ error: '部门编码格式不正确！' }).trim().max(64, '部门编码不能超过64个字符').default(''),
  mobileLogin: flag('手机号登录'),
  wechatLogin: flag('微信登录'),
  faceLogin: flag('人脸登录'),
  /** Enterprise WeChat login. */
  cropLogin: flag('企业微信登录'),
  dingLogin: flag('钉钉登录'),
  faceAudit: z.enum(FACE_AUDIT, { error: '请选择人脸审核方式！' }),
  loginTick: z.union([z.literal(0), z.literal(1)], { error: '请选择多处登录策略！' }),
  /** Site module flag moduleBattle (SPEC §3, §6): the answer-battle module (答题竞赛) is on; off by default. */
  moduleBattle: flag('答题竞赛').default(false),
});
export type SwitchConfig = z.output<typeof switchConfigData>;

/** Save of the switch form: every field, and a default department when userDeptType is 1. */
export const switchConfig = switchConfigData.superRefine((v, ctx) => {
  if (v.userDeptType !== UserDeptType.FIXED) return;
  const r = userDeptCode.safeParse(v.userDeptCode);
  if (!r.success) ctx.addIssue({ code: 'custom', path: ['userDeptCode'], message: r.error.issues[0]?.message ?? '默认部门不能为空！' });
});

// ---------------------------------------------------------------- public site data

/** Site data as loaded for display (SPEC §3), public: what layouts and the login page need, nothing private. */
export const siteInfo = z.object({
  siteName: z.string(),
  frontLogo: z.string(),
  backLogo: z.string(),
  /** Copyright HTML shown in footers. */
  copyRight: z.string(),
  /** ICP filing number shown in the login-layout footer; empty when not configured. */
  filingNo: z.string(),
  /** Whether learners may register themselves. */
  userReg: z.boolean(),
  /** A registered learner waits for an administrator's approval (the register page says so). */
  userAudit: z.boolean(),
  /** 0: the registering learner chooses a department; 1: the fixed default one (the register page then shows no choice). */
  userDeptType: z.union([z.literal(0), z.literal(1)]),
  /** Login methods the login page offers besides the password (switch configuration). */
  mobileLogin: z.boolean(),
  wechatLogin: z.boolean(),
  cropLogin: z.boolean(),
  dingLogin: z.boolean(),
  faceLogin: z.boolean(),
  moduleExam: z.boolean(),
  moduleBattle: z.boolean(),
  props: z.object({ moduleCourse: z.boolean(), moduleCert: z.boolean() }),
});
export type SiteInfo = z.infer<typeof siteInfo>;

// ---------------------------------------------------------------- codes, errors, calls

/**
 * Permission codes (SPEC §6 "Admin-only functions: switch config …"): one per page, each guarding
 * the page's detail and save, so an administrator may grant the base configuration without the
 * registration and login policy.
 */
export const SysConfigPerm = { CONFIG: 'sys:config:update', SWITCH: 'sys:switch:update' } as const;

/** Errors of the configuration (9005xxxx). */
export const SysConfigError = defineErrors({
  /** A site configuration id other than "1". */
  CONFIG_NOT_FOUND: { code: 90050001, msg: '配置不存在，站点配置的ID为1！' },
});

/** Calls of the site and switch configuration (SPEC §7 "Configuration and dictionaries"). */
export const configApi = {
  site: json({ path: '/api/sys/config/site', summary: '站点名称、Logo、版权、注册与登录方式开关（公开）', access: 'public', data: siteInfo, ours: true }),
  detail: json({ path: '/api/sys/config/detail', readOnly: true, summary: '站点基础配置详情（id 为 1）', access: SysConfigPerm.CONFIG, body: siteConfigIdReq, data: siteConfig }),
  save: json({ path: '/api/sys/config/save', summary: '保存站点基础配置', access: SysConfigPerm.CONFIG, body: siteConfigSaveReq, data: z.null() }),
  switchDetail: json({ path: '/api/sys/config/switch/detail', readOnly: true, summary: '功能开关配置详情', access: SysConfigPerm.SWITCH, data: switchConfigData }),
  switchSave: json({ path: '/api/sys/config/switch/save', summary: '保存功能开关配置', access: SysConfigPerm.SWITCH, body: switchConfig, data: z.null() }),
};
