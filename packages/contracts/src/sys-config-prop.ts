/**
 * Provider configurations ("prop" configs, SPEC §3 "Storage configuration", §5 "Storage
 * configuration", §7 /api/sys/config/prop/detail|save|change, §6 "Admin-only functions").
 *
 * One saved configuration per (type, provider): `data` (the provider's fields) and `remark`; per
 * type one provider is CURRENT (the one the platform uses). The types are NOT listed here: each
 * module declares its own with `definePropType` (prop-type.ts) in its contracts file and lists it in
 * `defineModule({ propTypes: [...] })`; the server assembles them at start. Registered today:
 * "upload" (sys-file.ts: local, aliyun OSS, qcloud COS, qiniu), "face" (face.ts), "live"
 * (live-class.ts). This file keeps the calls, the errors and the masking.
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { json } from './endpoint';
import { PROP_MSG } from './prop-type';

export { definePropType, PROP_MSG, propOpt, propReq, type PropTypeDef } from './prop-type';
// Compatibility: these moved to their modules' contracts files (import them from there); kept so
// existing imports of this path still work. Do not add new ones here.
export {
  aliyunUploadData, isBaseUrl, isLocalDir, localUploadData, qcloudUploadData, qiniuUploadData, UPLOAD_PROVIDERS, uploadPropType,
  type AliyunUploadData, type LocalUploadData, type QcloudUploadData, type QiniuUploadData, type UploadProvider,
} from './sys-file';
export {
  aliyunFaceData, baiduFaceData, FACE_PROP_MSG, facePropType, localFaceData, qcloudFaceData, type AliyunFaceData, type BaiduFaceData, type QcloudFaceData,
} from './face';
export { aliyunLiveData, isDomain, LIVE_PROP_MSG, livePropType, type AliyunLiveData } from './live-class';

/** Permission of the three calls (SPEC §6: admin-only; granted to the administrator role with the menu). */
export const PropPerm = { UPDATE: 'sys:config:prop' } as const;

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
