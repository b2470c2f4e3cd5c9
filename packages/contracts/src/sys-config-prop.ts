/**
 * Provider configurations ("prop" configs, SPEC §3 "Storage configuration", §5 "Storage
 * configuration", §7 /api/sys/config/prop/detail|save|change, §6 "Admin-only functions").
 *
 * One saved configuration per (type, provider): `data` (the provider's fields) and `remark`; per
 * type one provider is CURRENT (the one the platform uses). Types are registered in `PROP_TYPES`:
 * each names its providers, the zod schema that validates a provider's `data` (with the spec's
 * messages), the fields that are secrets (never sent back in full: masked, and a masked value that
 * comes back unchanged keeps the stored secret) and the provider used when none was chosen. Issue
 * 12 (face providers) and 13 (live) add their type here — a validator — and nothing else.
 *
 * Type "upload" (storage of uploaded files): local (default, works with nothing saved), aliyun
 * OSS, qcloud COS, qiniu.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** Permission of the three calls (SPEC §6: admin-only; granted to the administrator role with the menu). */
export const PropPerm = { UPDATE: 'sys:config:prop' } as const;

// ---------------------------------------------------------------- messages (SPEC §5, §8)

export const PROP_MSG = {
  endpoint: '存储节点不能为空',
  bucket: '存储空间不能为空',
  arn: '角色ARN必须填写',
  accessKeyId: 'AccessKeyId不能为空',
  accessKeySecret: 'AccessKeySecret不能为空',
  secretId: 'SecretId不能为空',
  secretKey: 'SecretKey不能为空',
  provider: '服务商必须选择！',
  localDir: '本地目录不能为空',
  localDirFormat: '本地目录格式不正确，须以/（或盘符，如D:/）开头并以/结尾，如：/data/kaopei/upload/',
  url: '访问URL不能为空',
  urlFormat: '访问URL须以http://或https://开头并以/结尾',
  /** Success of a save of type "upload" (SPEC §8); the page shows it. */
  uploadSaved: '上传配置保存成功！',
  changed: '服务商切换成功！',
} as const;

/** A required string with `msg` when empty. */
const req = (msg: string, max = 500) => z.string({ error: msg }).trim().min(1, msg).max(max, `${msg.replace(/不能为空|必须填写/, '')}不能超过${max}个字符`);
/** An optional string ('' when absent). */
const opt = (max = 500) => z.string().trim().max(max).optional().default('');

/** SPEC §5: the access url starts with http(s) and ends with "/". */
export function isBaseUrl(v: string): boolean {
  return /^https?:\/\/[^\s"'<>\\]+\/$/.test(v);
}
const baseUrl = req(PROP_MSG.url).refine(isBaseUrl, PROP_MSG.urlFormat);

/** SPEC §5 directory: "/" or a drive letter first, "/" last, no "..", no control characters or backslashes. */
export function isLocalDir(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^(?:[A-Za-z]:)?\/(?:.*\/)?$/.test(v) && !/[\u0000-\u001f\\]/.test(v) && !v.split('/').includes('..');
}

/** local: the directory of the files on the server and the url they are read at (SPEC §3). */
export const localUploadData = z.object({
  localDir: req(PROP_MSG.localDir, 255).refine(isLocalDir, PROP_MSG.localDirFormat),
  url: baseUrl,
});
/** aliyun OSS (SPEC §3): endpoint, bucket, accessKeyId, accessKeySecret, arn (STS role), url, project, pipeline. */
export const aliyunUploadData = z.object({
  endpoint: req(PROP_MSG.endpoint),
  bucket: req(PROP_MSG.bucket, 100),
  accessKeyId: req(PROP_MSG.accessKeyId, 200),
  accessKeySecret: req(PROP_MSG.accessKeySecret, 200),
  arn: req(PROP_MSG.arn),
  url: baseUrl,
  project: opt(),
  pipeline: opt(),
});
/** qiniu (SPEC §3): endpoint (the region: z0, z1, z2, na0, as0 or an upload host url), bucket, keys, url. */
export const qiniuUploadData = z.object({
  endpoint: req(PROP_MSG.endpoint),
  bucket: req(PROP_MSG.bucket, 100),
  accessKeyId: req(PROP_MSG.accessKeyId, 200),
  accessKeySecret: req(PROP_MSG.accessKeySecret, 200),
  url: baseUrl,
});
/** qcloud COS (SPEC §3): region, bucket (name-appid), secretId, secretKey, url, mediaQueue. */
export const qcloudUploadData = z.object({
  region: req(PROP_MSG.endpoint, 100),
  bucket: req(PROP_MSG.bucket, 100),
  secretId: req(PROP_MSG.secretId, 200),
  secretKey: req(PROP_MSG.secretKey, 200),
  url: baseUrl,
  mediaQueue: opt(),
});
export type LocalUploadData = z.infer<typeof localUploadData>;
export type AliyunUploadData = z.infer<typeof aliyunUploadData>;
export type QiniuUploadData = z.infer<typeof qiniuUploadData>;
export type QcloudUploadData = z.infer<typeof qcloudUploadData>;

// ---------------------------------------------------------------- type "face" (issue 12)

/** Messages of the face provider forms (SPEC §3 "Face provider configuration"; the spec gives only the keys' ones). */
export const FACE_PROP_MSG = {
  appId: 'AppId不能为空',
  appKey: 'AppKey（API Key）不能为空',
  faceGroup: '人脸库分组不能为空',
  groupId: '人员库ID不能为空',
  region: '地域不能为空',
  dbName: '人脸数据库名称不能为空',
  groupFormat: '人脸库名称只能包含字母、数字和下划线',
  /** Success of a save of type "face" (SPEC §8 '配置保存成功！'). */
  saved: '配置保存成功！',
} as const;

/** liveCheck: a liveness check on every comparison (true / false; "1" / "0" from forms). */
const liveCheck = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const groupName = (msg: string) => req(msg, 48).refine((v) => /^[A-Za-z0-9_]+$/.test(v), FACE_PROP_MSG.groupFormat);

/** local face engine: nothing to configure (runs on the server). */
export const localFaceData = z.object({});
/** baidu face v3 (SPEC §3): appId, appKey (API Key), secretKey, faceGroup (user group id), liveCheck. */
export const baiduFaceData = z.object({
  appId: req(FACE_PROP_MSG.appId, 100),
  appKey: req(FACE_PROP_MSG.appKey, 200),
  secretKey: req(PROP_MSG.secretKey, 200),
  faceGroup: groupName(FACE_PROP_MSG.faceGroup),
  liveCheck,
});
/** qcloud iai (SPEC §3): region, secretId, secretKey, groupId (person group), liveCheck. */
export const qcloudFaceData = z.object({
  region: req(FACE_PROP_MSG.region, 100),
  secretId: req(PROP_MSG.secretId, 200),
  secretKey: req(PROP_MSG.secretKey, 200),
  groupId: groupName(FACE_PROP_MSG.groupId),
  liveCheck,
});
/** aliyun facebody (SPEC §3): accessKeyId, accessKeySecret, dbName (face database), liveCheck. */
export const aliyunFaceData = z.object({
  accessKeyId: req(PROP_MSG.accessKeyId, 200),
  accessKeySecret: req(PROP_MSG.accessKeySecret, 200),
  dbName: groupName(FACE_PROP_MSG.dbName),
  liveCheck,
});
export type BaiduFaceData = z.infer<typeof baiduFaceData>;
export type QcloudFaceData = z.infer<typeof qcloudFaceData>;
export type AliyunFaceData = z.infer<typeof aliyunFaceData>;

// ---------------------------------------------------------------- type "live" (issue 13)

/** Messages of the live configuration form (SPEC §3 "Live configuration"; §8 '直播配置保存成功！'). */
export const LIVE_PROP_MSG = {
  pushDomain: '推流域名不能为空',
  pullDomain: '播放域名不能为空',
  pushKey: '推流鉴权Key不能为空',
  pullKey: '播放鉴权Key不能为空',
  domainFormat: '域名格式不正确，只填写域名，如：push.example.com',
  saved: '直播配置保存成功！',
} as const;

/** A bare host name (no scheme, path, port or spaces), as aliyun's domain settings show it. */
export function isDomain(v: string): boolean {
  return /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(v);
}
const domain = (msg: string) => req(msg, 253).refine(isDomain, LIVE_PROP_MSG.domainFormat);

/** aliyun ApsaraVideo Live (SPEC §3): ingest domain and its URL-signing key, streaming domain and its key. */
export const aliyunLiveData = z.object({
  pushDomain: domain(LIVE_PROP_MSG.pushDomain),
  pushKey: req(LIVE_PROP_MSG.pushKey, 200),
  pullDomain: domain(LIVE_PROP_MSG.pullDomain),
  pullKey: req(LIVE_PROP_MSG.pullKey, 200),
});
export type AliyunLiveData = z.infer<typeof aliyunLiveData>;

/** A registered type: its providers' validators, the secret fields and the default provider. */
export interface PropTypeDef {
  /** Label of the type in messages ('上传'). */
  label: string;
  providers: Readonly<Record<string, z.ZodType<Record<string, unknown>>>>;
  /** Fields masked when sent to the browser. */
  secrets: readonly string[];
  /** The provider that is current when none was chosen; it must work with nothing saved. */
  defaultProvider: string;
  /** Success message of a save (SPEC §8). */
  savedMsg: string;
}

/** Every registered type (issues 12, 13: add 'face', 'live' here). */
export const PROP_TYPES: Readonly<Record<string, PropTypeDef>> = {
  upload: {
    label: '上传',
    providers: { local: localUploadData, aliyun: aliyunUploadData, qcloud: qcloudUploadData, qiniu: qiniuUploadData },
    secrets: ['accessKeySecret', 'secretKey'],
    defaultProvider: 'local',
    savedMsg: PROP_MSG.uploadSaved,
  },
  face: {
    label: '人脸',
    providers: { local: localFaceData, baidu: baiduFaceData, qcloud: qcloudFaceData, aliyun: aliyunFaceData },
    secrets: ['secretKey', 'accessKeySecret'],
    defaultProvider: 'local',
    savedMsg: FACE_PROP_MSG.saved,
  },
  // Only aliyun: live classes need a saved configuration (module liveClass answers 20140001 without one).
  live: {
    label: '直播',
    providers: { aliyun: aliyunLiveData },
    secrets: ['pushKey', 'pullKey'],
    defaultProvider: 'aliyun',
    savedMsg: LIVE_PROP_MSG.saved,
  },
};

/** Storage providers (SPEC §9): local, aliyun, qiniu, qcloud. */
export const UPLOAD_PROVIDERS = ['local', 'aliyun', 'qcloud', 'qiniu'] as const;
export type UploadProvider = (typeof UPLOAD_PROVIDERS)[number];

/** Masks a secret for display: the first and last 3 characters around '******' ('******' for 8 characters or fewer). */
export function maskSecret(v: string): string {
  if (!v) return '';
  return v.length <= 8 ? '******' : `${v.slice(0, 3)}******${v.slice(-3)}`;
}

// ---------------------------------------------------------------- calls

const propType = z.string({ error: '配置类型不能为空' }).trim().min(1, '配置类型不能为空').max(32);
const provider = z.string({ error: PROP_MSG.provider }).trim().min(1, PROP_MSG.provider).max(32, PROP_MSG.provider);

export const propDetailReq = z.object({ type: propType, provider: z.string().trim().max(32).optional() });
export const propSaveReq = z.object({
  type: propType,
  provider,
  data: z.record(z.string(), z.unknown(), { error: '配置数据不能为空' }),
  remark: z.string().trim().max(500, '备注不能超过500个字符').optional().default(''),
});
export const propChangeReq = z.object({ type: propType, provider });
export type PropSaveReq = z.input<typeof propSaveReq>;

/** A provider's configuration as the page shows it (secrets masked). */
export const propDetail = z.object({
  type: z.string(),
  provider: z.string(),
  /** The provider currently in use for this type. */
  current: z.string(),
  /** False when nothing was saved for this provider yet (data then holds the defaults or is empty). */
  saved: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  remark: z.string(),
  updateTime: z.number().nullable(),
});
export type PropDetail = z.infer<typeof propDetail>;

/** Errors of provider configurations (block 9009xxxx). */
export const PropError = defineErrors({
  /** A type nobody registered. */
  UNKNOWN_TYPE: { code: 90090001, msg: '配置类型不存在！' },
  /** A provider the type does not have. */
  UNKNOWN_PROVIDER: { code: 90090002, msg: '服务商不存在！' },
  /** Switching to a provider whose configuration was never saved. */
  NOT_CONFIGURED: { code: 90090003, msg: '该服务商尚未配置，请先保存配置！' },
  /** A saved configuration the provider refused (e.g. the bucket or keys are wrong). */
  INVALID: { code: 90090004, msg: '配置数据不正确！' },
});

export const propApi = {
  detail: json({ path: '/api/sys/config/prop/detail', readOnly: true, summary: '服务商配置详情（type：upload…；provider 缺省为当前服务商；密钥打码）', access: PropPerm.UPDATE, body: propDetailReq, data: propDetail }),
  save: json({ path: '/api/sys/config/prop/save', summary: '保存服务商配置（按类型和服务商校验）', access: PropPerm.UPDATE, body: propSaveReq, data: z.null() }),
  change: json({ path: '/api/sys/config/prop/change', summary: '切换当前服务商（使用当前方案）', access: PropPerm.UPDATE, body: propChangeReq, data: z.null() }),
};
