/**
 * Account binding and third-party login (SPEC §2 "Login-binding list", "Bind/unbind mobile dialog",
 * user edit dialog "account binding" tab; §3 "Binding"; §4 "SMS and binding"; §6 "Students may bind
 * phone, WeChat, enterprise WeChat and DingTalk"; §7 "Binding" and the get-url calls; §8
 * confirmations and successes).
 *
 * - A user may bind one account of each login type: a mobile number (`mobile`, proved with an SMS
 *   code; it is the user's `mobile` too), a WeChat account (`wechat`, open platform website QR
 *   login), an enterprise WeChat member (`crop-wechat`) and a DingTalk account (`ding-talk`). An
 *   account is bound to one user at most.
 * - Third-party flows: `get-url` answers the provider's authorize URL with a one-use `state` (10
 *   minutes; it records login or bind and, for bind, who asked); the provider sends the browser back
 *   to the web page `/login/oauth/<loginType>?code=&state=`, which posts them to the provider's
 *   `callback`: the server exchanges the code for the account's openId through the provider's API,
 *   then logs the bound user in (answering the session user, like login) or binds the account to
 *   the caller (state bind).
 * - Without credentials of a provider the server uses a local demonstration provider: the authorize
 *   URL is the page `/login/oauth/<loginType>/authorize`, where the person picks an identity.
 * - An administrator can bind and unbind a user's mobile and unbind (never bind) a third-party
 *   account: "once an admin unbinds a third-party account, only the student can rebind".
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { mobileSchema, smsCodeSchema } from './sms';
import { sessionUser } from './sys-user';

/** Login types (SPEC §3 "Binding"). */
export const LoginType = { MOBILE: 'mobile', WECHAT: 'wechat', CROP_WECHAT: 'crop-wechat', DING_TALK: 'ding-talk' } as const;
export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];
export const LOGIN_TYPES = ['mobile', 'wechat', 'crop-wechat', 'ding-talk'] as const;
/** The third-party login types (bound through their provider, never by an administrator). */
export const THIRD_PARTY_TYPES = ['wechat', 'crop-wechat', 'ding-talk'] as const;
export type ThirdPartyType = (typeof THIRD_PARTY_TYPES)[number];
/** `loginType_dictText` labels. */
export const LOGIN_TYPE_LABEL: Record<LoginTypeValue, string> = { mobile: '手机号', wechat: '微信', 'crop-wechat': '企业微信', 'ding-talk': '钉钉' };

export const loginTypeSchema = z.enum(LOGIN_TYPES, { error: '登录方式不正确！' });
export const thirdPartyTypeSchema = z.enum(THIRD_PARTY_TYPES, { error: '登录方式不正确！' });

/** Life of a third-party `state` (ms): 10 minutes, one use. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Web page the providers send the browser back to: `/login/oauth/<loginType>?code=&state=`. */
export const oauthCallbackPage = (type: ThirdPartyType) => `/login/oauth/${type}`;
/** Web page of the local demonstration provider: `/login/oauth/<loginType>/authorize?redirect_uri=&state=`. */
export const oauthLocalPage = (type: ThirdPartyType) => `/login/oauth/${type}/authorize`;

/** `138****5678`: a mobile number as lists show it. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile ? '****' : '';
}

/** SPEC §8 confirmations and successes. */
export const BIND_MSG = {
  confirmUnbind: '确实要解除绑定吗?',
  confirmAdminUnbindMobile: '确实要解除用户的手机绑定?',
  adminUnbindHint: '解除绑定后只能由用户本人重新绑定',
  mobileBound: '手机号绑定成功！',
  mobileUnbound: '手机号解绑成功！',
  bound: '绑定成功!',
  unbound: '解绑成功!',
} as const;

// ---------------------------------------------------------------- learner calls

/** A line of the learner's login-binding list (SPEC §2): bound or not, and the account. */
export const bindListItem = z.object({
  loginType: loginTypeSchema,
  loginType_dictText: z.string(),
  bound: z.boolean(),
  /** The bound account: the caller's own number in full for mobile (the unbind form shows it), a third-party account masked (`oX2a****9fQc`); '' when not bound. */
  openId: z.string(),
  /** When it was bound (yyyy-MM-dd HH:mm:ss); '' when not bound or not known. */
  createTime: z.string(),
  /** The login type is switched on, so binding can start (mobile: always). */
  canBind: z.boolean(),
});
export type BindListItem = z.infer<typeof bindListItem>;

/** POST bind-mobile (SPEC §3 phone form): a code of smsType 2 sent to the new number. */
export const bindMobileReq = z.object({ mobile: mobileSchema, smsCode: smsCodeSchema });
export type BindMobileReq = z.infer<typeof bindMobileReq>;
/** POST unbind-mobile: the bound number and a code of smsType 3 sent to it. */
export const unbindMobileReq = bindMobileReq;
/** POST unbind {loginType}: a third-party login type (mobile is unbound with unbind-mobile). */
export const unbindReq = z.object({ loginType: thirdPartyTypeSchema });

// ---------------------------------------------------------------- admin calls

/** A binding (SPEC §3 "Login binding"). Third-party accounts are masked; a mobile is shown in full to administrators. */
export const bindRecord = z.object({
  /** '' for a mobile number set outside the binding calls (user form, import). */
  id: z.string(),
  userId: z.string(),
  loginType: loginTypeSchema,
  loginType_dictText: z.string(),
  openId: z.string(),
  createTime: z.string(),
  createBy: z.string(),
  createBy_dictText: z.string(),
});
export type BindRecord = z.infer<typeof bindRecord>;

/** Columns the binding list can be sorted by. */
export const BIND_SORT = ['createTime', 'loginType'] as const;
/** POST paging {current, size, params: {userId}}: the bindings of one user (without a user, an empty page). */
export const bindPagingReq = pagingReq(z.object({ userId: idSchema.optional() }), { sort: BIND_SORT });
export const bindPagingRes = pagingRes(bindRecord);

/** POST bind-info {loginType, userId} (SPEC §3 "Mobile binding info"). */
export const bindInfoReq = z.object({ loginType: loginTypeSchema, userId: idSchema });
export const bindInfo = z.object({
  loginType: loginTypeSchema,
  userId: z.string(),
  bound: z.boolean(),
  /** The account (masked for third-party types, the number for mobile); '' when not bound. */
  openId: z.string(),
  /** The mobile number ('' for other types or when not bound). */
  mobile: z.string(),
  createTime: z.string(),
});
export type BindInfo = z.infer<typeof bindInfo>;

/** POST direct-bind / direct-unbind {mobile, userId}: an administrator sets or clears a user's mobile. */
export const directMobileReq = z.object({ mobile: mobileSchema, userId: idSchema });
export type DirectMobileReq = z.infer<typeof directMobileReq>;

// ---------------------------------------------------------------- third-party flows

/** What the flow is for: log in with a bound account, or bind the caller's (SPEC §7 "with state bind"). */
export const OAUTH_PURPOSES = ['login', 'bind'] as const;
export type OauthPurpose = (typeof OAUTH_PURPOSES)[number];

/** A page of this site to go back to: starts with one '/', at most 500 characters. */
export const localPathSchema = z
  .string()
  .trim()
  .max(500, '跳转地址过长！')
  .regex(/^\/(?![/\\])[^\s\\]*$/, '跳转地址不正确！');

/** POST …/get-url {state?, redirect?}: `state` 'bind' binds the caller's account (needs a login). */
export const oauthUrlReq = z.object({
  state: z.enum(OAUTH_PURPOSES, { error: '授权用途不正确！' }).default('login'),
  /** Page to return to after the callback (default: the role home for login, the personal centre for bind). */
  redirect: localPathSchema.optional(),
});
export type OauthUrlReq = z.input<typeof oauthUrlReq>;
export const oauthUrl = z.object({ url: z.string() });

/** A `state` as the server issues it: 64 hex digits (providers accept only letters and digits). */
export const oauthStateSchema = z.string({ error: '授权已失效，请重新发起！' }).trim().regex(/^[0-9a-f]{64}$/, '授权已失效，请重新发起！');
/** POST …/callback {code, state}: what the provider sent back to the callback page. */
export const oauthCallbackReq = z.object({
  code: z.string({ error: '授权码不能为空！' }).trim().min(1, '授权码不能为空！').max(512, '授权码不正确！'),
  state: oauthStateSchema,
});
export type OauthCallbackReq = z.infer<typeof oauthCallbackReq>;
/** What a callback did: `user` (the session, as login answers it) for login; null for bind. */
export const oauthResult = z.object({
  purpose: z.enum(OAUTH_PURPOSES),
  loginType: thirdPartyTypeSchema,
  redirect: z.string(),
  user: sessionUser.nullable(),
});
export type OauthResult = z.infer<typeof oauthResult>;

/** An identity of the local demonstration provider: 16–64 letters, digits, `_` or `-`. */
export const localIdentitySchema = z
  .string({ error: '身份标识不能为空！' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '身份标识为16-64位字母、数字、下划线或-');
/** POST /api/common/oauth-local/authorize: the local provider's "the person agreed" step. */
export const localAuthorizeReq = z.object({ loginType: thirdPartyTypeSchema, openId: localIdentitySchema, state: oauthStateSchema });
export const localAuthorizeRes = z.object({ code: z.string() });

// ---------------------------------------------------------------- codes, errors, calls

/** Permission code of the administrators' binding calls (a function of 用户管理). */
export const BindPerm = { BIND: 'sys:user:bind' } as const;

/** Errors of binding and third-party login (9008xxxx). Messages naming a login type are completed by the server. */
export const BindError = defineErrors({
  /** Another live account has this mobile number. */
  MOBILE_TAKEN: { code: 90080001, msg: '该手机号已被其他账号绑定！' },
  /** The user already has a mobile number: unbind it first. */
  MOBILE_BOUND: { code: 90080002, msg: '已绑定手机号，请先解除绑定！' },
  /** The number given is not the user's bound number. */
  MOBILE_MISMATCH: { code: 90080003, msg: '手机号与当前绑定的手机号不一致！' },
  /** Nothing of this login type is bound. */
  NOT_BOUND: { code: 90080004, msg: '尚未绑定该账号！' },
  /** The login type is switched off (switch configuration wechatLogin / cropLogin / dingLogin). */
  LOGIN_OFF: { code: 90080005, msg: '系统未开启该登录方式！' },
  /** The state is unknown, used, expired, of another provider, or not this browser's. */
  STATE_INVALID: { code: 90080006, msg: '授权已失效，请重新发起！' },
  /** The third-party account is bound to another user. */
  BOUND_ELSEWHERE: { code: 90080007, msg: '该账号已绑定其他用户！' },
  /** No user has bound this third-party account. */
  NO_USER: { code: 90080008, msg: '该账号尚未绑定用户，请先使用账号密码登录，在个人中心绑定后再使用！' },
  /** The provider refused the code or could not be reached. */
  PROVIDER_FAILED: { code: 90080009, msg: '第三方授权失败，请重试！' },
  /** The caller already bound an account of this type. */
  ALREADY_BOUND: { code: 90080010, msg: '已绑定该类型的账号，请先解除绑定！' },
  /** The local demonstration provider was called for a login type that has real credentials. */
  LOCAL_OFF: { code: 90080011, msg: '该登录方式已配置第三方平台，不能使用本地模拟授权！' },
});

/** Calls of binding (SPEC §7 "Binding") and third-party login (SPEC §7 get-url calls). */
export const bindApi = {
  bindList: json({ path: '/api/sys/user/bind/bind-list', readOnly: true, summary: '本人的登录绑定列表（手机号、微信始终列出，企业微信、钉钉在开启时列出）', access: 'user', data: z.array(bindListItem) }),
  unbind: json({ path: '/api/sys/user/bind/unbind', summary: '解除本人的第三方账号绑定', access: 'user', body: unbindReq, data: z.null() }),
  bindMobile: json({ path: '/api/sys/user/bind/bind-mobile', summary: '绑定本人手机号（短信验证码类型2）', access: 'user', body: bindMobileReq, data: z.null() }),
  unbindMobile: json({ path: '/api/sys/user/bind/unbind-mobile', summary: '解绑本人手机号（发往当前号码的短信验证码类型3）', access: 'user', body: unbindMobileReq, data: z.null() }),
  bindInfo: json({ path: '/api/sys/user/bind/bind-info', readOnly: true, summary: '用户某种登录方式的绑定信息', access: BindPerm.BIND, body: bindInfoReq, data: bindInfo }),
  directBind: json({ path: '/api/sys/user/bind/direct-bind', summary: '管理员直接为用户绑定手机号', access: BindPerm.BIND, body: directMobileReq, data: z.null() }),
  directUnbind: json({ path: '/api/sys/user/bind/direct-unbind', summary: '管理员直接解除用户的手机号绑定', access: BindPerm.BIND, body: directMobileReq, data: z.null() }),
  paging: json({ path: '/api/sys/user/bind/paging', readOnly: true, summary: '用户的登录绑定列表（params.userId；未指定用户时为空页）', access: BindPerm.BIND, body: bindPagingReq, data: bindPagingRes }),
  unbindById: json({ path: '/api/sys/user/bind/unbind-by-id', summary: '管理员解除一条登录绑定（之后只能由用户本人重新绑定）', access: BindPerm.BIND, body: idReq, data: z.null() }),
};

/** The get-url and callback calls of each provider (SPEC §7 get-url paths; callbacks are ours). */
export const oauthApi = {
  wechatUrl: json({ path: '/api/common/wx/get-url', summary: '微信扫码登录/绑定的授权地址', access: 'public', body: oauthUrlReq, data: oauthUrl }),
  cropWechatUrl: json({ path: '/api/common/crop-wechat/get-url', summary: '企业微信登录/绑定的授权地址', access: 'public', body: oauthUrlReq, data: oauthUrl }),
  dingTalkUrl: json({ path: '/api/common/ding-talk/get-url', summary: '钉钉登录/绑定的授权地址', access: 'public', body: oauthUrlReq, data: oauthUrl }),
  wechatCallback: json({ path: '/api/common/wx/callback', summary: '微信授权回调：登录已绑定的用户或绑定当前用户', access: 'public', body: oauthCallbackReq, data: oauthResult, ours: true }),
  cropWechatCallback: json({ path: '/api/common/crop-wechat/callback', summary: '企业微信授权回调：登录或绑定', access: 'public', body: oauthCallbackReq, data: oauthResult, ours: true }),
  dingTalkCallback: json({ path: '/api/common/ding-talk/callback', summary: '钉钉授权回调：登录或绑定', access: 'public', body: oauthCallbackReq, data: oauthResult, ours: true }),
  localAuthorize: json({ path: '/api/common/oauth-local/authorize', summary: '本地模拟授权（未配置第三方平台时的演示登录）：为所选身份签发授权码', access: 'public', body: localAuthorizeReq, data: localAuthorizeRes, ours: true }),
};

/** The get-url and callback endpoints of a login type (the web's buttons and callback page). */
export const OAUTH_ENDPOINTS = {
  wechat: { url: oauthApi.wechatUrl, callback: oauthApi.wechatCallback },
  'crop-wechat': { url: oauthApi.cropWechatUrl, callback: oauthApi.cropWechatCallback },
  'ding-talk': { url: oauthApi.dingTalkUrl, callback: oauthApi.dingTalkCallback },
} as const;
