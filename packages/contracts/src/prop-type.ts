/**
 * The machinery of provider configuration types ("prop" types, SPEC §3 "Storage configuration",
 * "Face provider configuration", "Live configuration", §5, §7 /api/sys/config/prop/*).
 *
 * A domain that needs a provider configuration declares its type in ITS contracts file with
 * `definePropType({...})` and lists it in its module definition (`defineModule({ propTypes: [...] })`);
 * the server assembles the registered types at start (platform/catalog.ts, a key declared twice stops
 * the start) and the generic service of module sysConfig validates, masks and switches them. No
 * shared list is edited: e.g. `uploadPropType` lives in sys-file.ts, `facePropType` in face.ts,
 * `livePropType` in live-class.ts. The web page of a type imports the same object (its zod schemas
 * are the form's rules, `savedMsg` the success message).
 *
 * This file holds only what every type shares: the definition helper, the string field helpers and
 * the messages of the common provider fields (keys, secrets, bucket, url …), unchanged from SPEC §5.
 */
import { z } from 'zod';

/** Messages of the common provider fields and of the configuration pages (SPEC §5, §8). */
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

/** A required string with `msg` when empty (and "<field>不能超过<max>个字符" when too long). */
export const propReq = (msg: string, max = 500) =>
  z.string({ error: msg }).trim().min(1, msg).max(max, `${msg.replace(/不能为空|必须填写/, '')}不能超过${max}个字符`);
/** An optional string ('' when absent). */
export const propOpt = (max = 500) => z.string().trim().max(max).optional().default('');

/** A provider configuration type: its key, its providers' validators, the secret fields and the default provider. */
export interface PropTypeDef {
  /** The `type` of /api/sys/config/prop/* ('upload', 'face', 'live' …); unique across modules. */
  key: string;
  /** Label of the type in messages ('上传'). */
  label: string;
  /** provider → zod schema of its `data` (the SPEC §5 messages; the web form uses the same rules). */
  providers: Readonly<Record<string, z.ZodType<Record<string, unknown>>>>;
  /** Fields masked when sent to the browser. */
  secrets: readonly string[];
  /** The provider that is current when none was chosen; it must work with nothing saved (or its module refuses to run without one). */
  defaultProvider: string;
  /** Success message of a save (SPEC §8). */
  savedMsg: string;
}

/**
 * Declares a provider configuration type (typing helper; checks that `defaultProvider` is one of
 * `providers`, so a wrong declaration fails when its contracts file loads).
 */
export function definePropType<const T extends PropTypeDef>(def: T): T {
  if (!Object.hasOwn(def.providers, def.defaultProvider)) throw new Error(`prop type ${def.key}: default provider ${def.defaultProvider} is not one of its providers`);
  return def;
}
