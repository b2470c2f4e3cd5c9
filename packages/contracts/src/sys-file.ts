/**
 * File upload (SPEC §5 "Uploads", §7 "Upload": /api/common/file/upload is multipart with the file and
 * the token header; the answer has success, data.url and msg; §3 "Upload file item: url, name, uid").
 *
 * The accepted types are the union of SPEC §5's attachment types; the server decides the real type
 * from the file's CONTENT, never from its name (a .png that is an HTML page is refused), and stores
 * it under its real extension. Images, audio and other files may be up to 20 MB, videos 2 GB (the
 * defaults: the server's limits come from UPLOAD_FILE_MAX_MB / UPLOAD_VIDEO_MAX_MB).
 * Stored files are read back through /api/common/file/view/<id>.<ext> (logged-in users), and the few
 * files another module publishes (the site logos of the login page) through
 * /api/common/file/public/<id>.<ext> without login.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { download, json, upload } from './endpoint';
import { definePropType, PROP_MSG, propOpt, propReq } from './prop-type';

/** SPEC §5 attachment types by kind (extensions, lower case, without the dot). */
export const FILE_TYPES = {
  image: ['png', 'jpeg', 'gif', 'jpg'],
  video: ['mp4'],
  audio: ['mp3', 'wav', 'ogg'],
  file: ['rar', 'zip', 'psd', 'pdf', 'xls', 'xlsx', 'doc', 'docx', 'ppt', 'pptx'],
} as const;
export type FileKind = keyof typeof FILE_TYPES;
export type FileExt = (typeof FILE_TYPES)[FileKind][number];

/** Every accepted extension, without the dot. */
export const FILE_EXTS: readonly FileExt[] = [...FILE_TYPES.image, ...FILE_TYPES.video, ...FILE_TYPES.audio, ...FILE_TYPES.file];

/** SPEC §5 presets: the logo (jpg/jpeg/png, compress 100 KB) and the learner's avatar (jpg/png/jpeg, compress 5000 KB). */
export const LOGO_TYPES: readonly FileExt[] = ['jpg', 'jpeg', 'png'];
export const AVATAR_TYPES: readonly FileExt[] = ['jpg', 'png', 'jpeg'];

const MB = 1024 * 1024;
/**
 * Largest file per kind, in bytes, by default: videos 2 GB (streamed to disk, then to the storage;
 * HTTP Range serves them), everything else 20 MB. The browser checks these before sending; the
 * server's own limits are UPLOAD_VIDEO_MAX_MB and UPLOAD_FILE_MAX_MB (same defaults).
 */
export const FILE_MAX_BYTES: Readonly<Record<FileKind, number>> = { image: 20 * MB, video: 2048 * MB, audio: 20 * MB, file: 20 * MB };
/** Largest upload of any kind by default (the endpoint's documented limit; the server applies its configured limit per kind). */
export const UPLOAD_MAX_BYTES = 2048 * MB;

/** The kind of an extension (with or without the dot, any case), or null when it is not accepted. */
export function fileKindOf(ext: string): FileKind | null {
  const e = ext.replace(/^\./, '').toLowerCase();
  for (const kind of Object.keys(FILE_TYPES) as FileKind[]) if ((FILE_TYPES[kind] as readonly string[]).includes(e)) return kind;
  return null;
}

/** The extension of a file name, lower case without the dot ('' when none). */
export function extOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim());
  return m ? (m[1] as string).toLowerCase() : '';
}

/** Start of the urls of stored files: `<FILE_VIEW_PREFIX><id>.<ext>` (login needed). */
export const FILE_VIEW_PREFIX = '/api/common/file/view/';
/** Start of the urls of published files (no login): `<FILE_PUBLIC_PREFIX><id>.<ext>`. */
export const FILE_PUBLIC_PREFIX = '/api/common/file/public/';

/** What an upload answers (SPEC §3 upload file item): `url` to show or save, the file's `name`, `uid` its id. */
export const uploadedFile = z.object({ url: z.string(), name: z.string(), uid: z.string() });
export type UploadedFileItem = z.infer<typeof uploadedFile>;

/** Errors of uploads (block 9006xxxx, shared with the operation log). */
export const FileError = defineErrors({
  /** The content is not what the name says, or not one of the accepted types. */
  TYPE_MISMATCH: { code: 90060001, msg: '文件内容与扩展名不符，不能上传！' },
  /** Larger than its kind allows (videos 100 MB, others 20 MB). */
  TOO_LARGE: { code: 90060002, msg: '文件过大，不能上传！' },
  /** An empty file. */
  EMPTY: { code: 90060003, msg: '不能上传空文件！' },
  /** The storage provider refused the file or could not be reached (the reason follows). */
  STORAGE_FAILED: { code: 90060004, msg: '文件存储失败！' },
  /** A token call for a provider whose configuration was never saved. */
  NOT_CONFIGURED: { code: 90060005, msg: '云存储尚未配置，无法获取上传令牌！' },
  /** SPEC §8: the provider refused the token request ('获取上传令牌失败： {err}'). */
  TOKEN_FAILED: { code: 90060006, msg: '获取上传令牌失败！' },
  /** SPEC §8 COS variant. */
  COS_TOKEN_FAILED: { code: 90060007, msg: '获取COS上传令牌失败' },
  /** A direct-upload finish for a key that is not a pending upload of the caller (someone else's, expired, never begun). */
  DIRECT_NOT_FOUND: { code: 90060008, msg: '上传记录不存在或已过期，请重新上传！' },
  /** A direct-upload finish before the object reached the bucket. */
  DIRECT_MISSING: { code: 90060009, msg: '文件尚未上传到云存储，请重新上传！' },
});

/** SPEC §9: the browser asks for new cloud upload credentials every 300 000 ms (they last 1 800 s). */
export const CLOUD_TOKEN_REFRESH_MS = 300_000;

/** Temporary OSS credentials of /api/common/oss/sts (STS AssumeRole; the browser uploads with ali-oss). */
export const ossSts = z.object({
  region: z.string(),
  endpoint: z.string(),
  bucket: z.string(),
  url: z.string(),
  accessKeyId: z.string(),
  accessKeySecret: z.string(),
  stsToken: z.string(),
  /** ISO time the credentials end. */
  expiration: z.string(),
});
/** Temporary COS credentials of /api/common/cos/token (STS GetFederationToken; times in seconds). */
export const cosToken = z.object({
  region: z.string(),
  bucket: z.string(),
  url: z.string(),
  tmpSecretId: z.string(),
  tmpSecretKey: z.string(),
  sessionToken: z.string(),
  startTime: z.number(),
  expiredTime: z.number(),
});
/** A qiniu upload token of /api/common/qiniu/token; the browser posts to the endpoint's upload host (`expiration` in seconds). */
export const qiniuToken = z.object({ token: z.string(), bucket: z.string(), url: z.string(), endpoint: z.string(), expiration: z.number() });
export type OssSts = z.infer<typeof ossSts>;
export type CosToken = z.infer<typeof cosToken>;
export type QiniuToken = z.infer<typeof qiniuToken>;

/**
 * Browser direct upload, step 1 (`/api/common/file/direct/init`): the chosen file's name and size
 * (bytes), checked like /upload (extension kind, size limit) before anything is sent.
 */
export const directInitReq = z.object({
  name: z.string({ error: '文件名不能为空！' }).trim().min(1, '文件名不能为空！').max(255, '文件名不能超过255个字符'),
  size: z.number({ error: '文件大小不正确！' }).int('文件大小不正确！').min(0, '文件大小不正确！'),
});
/**
 * Where the browser uploads: `provider` local → the multipart /api/common/file/upload as before;
 * aliyun / qcloud / qiniu → straight to the bucket under `key` (`yyyy/MM/<32 hex>.<ext>`, valid
 * DIRECT_UPLOAD_TTL_MS) with the provider's token call, then `/direct/finish {key}`.
 */
export const directInit = z.object({ provider: z.enum(['local', 'aliyun', 'qcloud', 'qiniu']), key: z.string().optional() });
export type DirectInit = z.infer<typeof directInit>;
/** Step 2 (`/api/common/file/direct/finish`): the key init answered, once the bucket holds the object. */
export const directFinishReq = z.object({ key: z.string({ error: '文件标识不能为空！' }).trim().min(1, '文件标识不能为空！').max(200) });
/** How long a direct-upload key waits for its finish (ms): 2 h, longer than the 1 200 000 ms upload timeout. */
export const DIRECT_UPLOAD_TTL_MS = 2 * 3600_000;

/**
 * Body of the three token calls: the key /direct/init answered (a pending upload of the caller with
 * the provider of the call). The credentials only allow putting that one object.
 */
export const cloudTokenReq = z.object({ key: z.string({ error: '文件标识不能为空！' }).trim().min(1, '文件标识不能为空！').max(200) });

/** Calls of files. */
export const fileApi = {
  upload: upload({
    path: '/api/common/file/upload',
    summary: '上传一个文件（图片、视频、音频、文档；类型按内容判断），应答 {url, name, uid}',
    access: 'user',
    fields: z.object({}),
    file: { field: 'file', accept: FILE_EXTS.map((e) => `.${e}`), maxBytes: UPLOAD_MAX_BYTES },
    data: uploadedFile,
  }),
  view: download({
    path: '/api/common/file/view/:file',
    readOnly: true,
    summary: '读取已上传的文件（需登录；:file 为 <id>.<ext>；按内容类型应答）',
    access: 'user',
    fileName: 'file',
    ours: true,
  }),
  public: download({
    path: '/api/common/file/public/:file',
    readOnly: true,
    summary: '读取已公开的文件（如登录页的站点 Logo；:file 为 <id>.<ext>），无需登录',
    access: 'public',
    fileName: 'file',
    ours: true,
  }),
  ossSts: json({ path: '/api/common/oss/sts', readOnly: true, summary: '阿里云OSS直传临时凭证（STS AssumeRole，仅限 direct/init 应答的对象键，需已配置阿里云存储）', access: 'user', body: cloudTokenReq, data: ossSts }),
  cosToken: json({ path: '/api/common/cos/token', readOnly: true, summary: '腾讯云COS直传临时密钥（STS GetFederationToken，仅限 direct/init 应答的对象键，需已配置腾讯云存储）', access: 'user', body: cloudTokenReq, data: cosToken }),
  directInit: json({ path: '/api/common/file/direct/init', summary: '直传第一步：按文件名和大小检查类型与大小限制，应答当前存储服务商与云存储对象键（本地存储时走 /api/common/file/upload）', access: 'user', body: directInitReq, data: directInit }),
  directFinish: json({ path: '/api/common/file/direct/finish', summary: '直传第二步：服务器读回云存储中的对象，按内容检查类型与大小后登记，应答 {url, name, uid}（重复调用应答同一文件）', access: 'user', body: directFinishReq, data: uploadedFile }),
  qiniuToken: json({ path: '/api/common/qiniu/token', readOnly: true, summary: '七牛云直传上传凭证（本地计算，仅限 direct/init 应答的对象键且不可覆盖，需已配置七牛云存储）', access: 'user', body: cloudTokenReq, data: qiniuToken }),
};

// ---------------------------------------------------------------- prop type "upload" (storage providers)

/** Storage providers (SPEC §9): local, aliyun, qiniu, qcloud. */
export const UPLOAD_PROVIDERS = ['local', 'aliyun', 'qcloud', 'qiniu'] as const;
export type UploadProvider = (typeof UPLOAD_PROVIDERS)[number];

/** SPEC §5: the access url starts with http(s) and ends with "/". */
export function isBaseUrl(v: string): boolean {
  return /^https?:\/\/[^\s"'<>\\]+\/$/.test(v);
}
const baseUrl = propReq(PROP_MSG.url).refine(isBaseUrl, PROP_MSG.urlFormat);

/** SPEC §5 directory: "/" or a drive letter first, "/" last, no "..", no control characters or backslashes. */
export function isLocalDir(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^(?:[A-Za-z]:)?\/(?:.*\/)?$/.test(v) && !/[\u0000-\u001f\\]/.test(v) && !v.split('/').includes('..');
}

/** local: the directory of the files on the server and the url they are read at (SPEC §3). */
export const localUploadData = z.object({
  localDir: propReq(PROP_MSG.localDir, 255).refine(isLocalDir, PROP_MSG.localDirFormat),
  url: baseUrl,
});
/** aliyun OSS (SPEC §3): endpoint, bucket, accessKeyId, accessKeySecret, arn (STS role), url, project, pipeline. */
export const aliyunUploadData = z.object({
  endpoint: propReq(PROP_MSG.endpoint),
  bucket: propReq(PROP_MSG.bucket, 100),
  accessKeyId: propReq(PROP_MSG.accessKeyId, 200),
  accessKeySecret: propReq(PROP_MSG.accessKeySecret, 200),
  arn: propReq(PROP_MSG.arn),
  url: baseUrl,
  project: propOpt(),
  pipeline: propOpt(),
});
/** qiniu (SPEC §3): endpoint (the region: z0, z1, z2, na0, as0 or an upload host url), bucket, keys, url. */
export const qiniuUploadData = z.object({
  endpoint: propReq(PROP_MSG.endpoint),
  bucket: propReq(PROP_MSG.bucket, 100),
  accessKeyId: propReq(PROP_MSG.accessKeyId, 200),
  accessKeySecret: propReq(PROP_MSG.accessKeySecret, 200),
  url: baseUrl,
});
/** qcloud COS (SPEC §3): region, bucket (name-appid), secretId, secretKey, url, mediaQueue. */
export const qcloudUploadData = z.object({
  region: propReq(PROP_MSG.endpoint, 100),
  bucket: propReq(PROP_MSG.bucket, 100),
  secretId: propReq(PROP_MSG.secretId, 200),
  secretKey: propReq(PROP_MSG.secretKey, 200),
  url: baseUrl,
  mediaQueue: propOpt(),
});
export type LocalUploadData = z.infer<typeof localUploadData>;
export type AliyunUploadData = z.infer<typeof aliyunUploadData>;
export type QiniuUploadData = z.infer<typeof qiniuUploadData>;
export type QcloudUploadData = z.infer<typeof qcloudUploadData>;

/** Type "upload": storage of uploaded files (module sysFile); local works with nothing saved. */
export const uploadPropType = definePropType({
  key: 'upload',
  label: '上传',
  providers: { local: localUploadData, aliyun: aliyunUploadData, qcloud: qcloudUploadData, qiniu: qiniuUploadData },
  secrets: ['accessKeySecret', 'secretKey'],
  defaultProvider: 'local',
  savedMsg: PROP_MSG.uploadSaved,
});
