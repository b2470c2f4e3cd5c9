/**
 * Uploaded files (SPEC §5 "Uploads", §7 /api/common/file/upload): `save` takes the router's temporary
 * file, decides its real type from the content (sys-file.types.ts), checks the size its kind allows,
 * stores it as `yyyy/MM/<id>.<ext>` (Asia/Shanghai month) with the CURRENT storage provider (SPEC §3
 * "Storage configuration", sys-config prop type 'upload') and records it in sys_file with that
 * provider; `open` serves a stored file by `<id>.<ext>` from the provider that holds it (so files
 * stay readable after the provider changes), a byte range when one is asked (HTTP Range);
 * `publish` lets another module make one file readable without login (the site logos of the login
 * page); `ossSts` / `cosToken` / `qiniuToken` hand out browser upload credentials (§7 "Upload");
 * `direct` checks and records the browser's direct uploads to the cloud (sys-file.direct.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { CommonError } from '@kaopei/contracts';
import {
  type AliyunUploadData,
  type CosToken,
  extOf,
  FILE_PUBLIC_PREFIX,
  FILE_VIEW_PREFIX,
  FileError,
  fileKindOf,
  type LocalUploadData,
  type OssSts,
  type QcloudUploadData,
  type QiniuToken,
  type QiniuUploadData,
  type UploadedFileItem,
} from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';
import { formatTimeStrict, now } from '../../lib/time';
import type { ModuleContext } from '../../platform/module';
import { parseRange, type FileAnswer, type UploadedFile } from '../../platform/router';
import * as repo from './sys-file.repository';
import { CosStorage, OssStorage, QiniuStorage, StorageError } from './sys-file.cloud';
import { DirectUploads } from './sys-file.direct';
import { cleanName, maxBytesOf, tooLarge } from './sys-file.limits';
import { LocalStorage, type Storage } from './sys-file.storage';
import { cosToken, ossSts, qiniuToken } from './sys-file.tokens';
import { resolveType } from './sys-file.types';

export { cleanName, maxBytesOf, tooLarge };

const PROVIDER_LABEL: Record<string, string> = { local: '本地存储', aliyun: '阿里云OSS', qcloud: '腾讯云COS', qiniu: '七牛云' };

/** `<id>.<ext>` of a file url's last segment (ids: 32 lowercase hex digits). */
const FILE_PARAM = /^([0-9a-f]{32})\.([A-Za-z0-9]{1,10})$/;
const NOT_FOUND_MSG = '文件不存在或已被删除！';

export class SysFileService {
  /** The default local storage: DATA_DIR/upload (works with nothing configured). */
  readonly localDefault: LocalStorage;
  /** Clients of saved configurations, by provider and configuration (a changed configuration makes a new one). */
  private readonly clients = new Map<string, Storage>();
  /** Browser direct uploads to the cloud (/api/common/file/direct/init|finish; sys-file.direct.ts). */
  readonly direct: DirectUploads;

  constructor(private readonly ctx: ModuleContext<'sysConfig'>) {
    this.localDefault = new LocalStorage(path.join(ctx.config.dataDir, 'upload'));
    this.direct = new DirectUploads(ctx, this);
  }

  /** The router's limit of a file named `fileName` (by the kind of its extension): the largest kind's when unknown. */
  uploadLimit(fileName: string): { bytes: number; error: Error } {
    const kind = fileKindOf(extOf(fileName)) ?? 'video';
    return { bytes: maxBytesOf(kind, this.ctx.config.upload), error: tooLarge(kind, this.ctx.config.upload) };
  }

  /** The storage of `provider` with its saved configuration (local: the default directory when nothing is saved); null when a cloud provider has no valid configuration. */
  async storageOf(provider: string): Promise<Storage | null> {
    const props = this.ctx.services.sysConfig.props;
    if (provider === 'local') {
      const c = await props.config<LocalUploadData>('upload', 'local');
      return c ? this.client('local', c, () => new LocalStorage(path.resolve(c.localDir), this.localDefault.root)) : this.localDefault;
    }
    if (!['aliyun', 'qcloud', 'qiniu'].includes(provider)) return null;
    const c = await props.config('upload', provider);
    if (!c) return null;
    if (provider === 'aliyun') return this.client(provider, c, () => new OssStorage(c as AliyunUploadData));
    if (provider === 'qcloud') return this.client(provider, c, () => new CosStorage(c as QcloudUploadData));
    return this.client(provider, c, () => new QiniuStorage(c as QiniuUploadData));
  }

  private client(provider: string, config: unknown, make: () => Storage): Storage {
    const key = `${provider}:${JSON.stringify(config)}`;
    let s = this.clients.get(key);
    if (!s) {
      if (this.clients.size > 20) this.clients.clear();
      s = make();
      this.clients.set(key, s);
    }
    return s;
  }

  /** Where new uploads go: the current provider of type 'upload' (local when the current one lost its configuration). */
  async currentStorage(): Promise<Storage> {
    const provider = await this.ctx.services.sysConfig.props.currentProvider('upload');
    return (await this.storageOf(provider)) ?? this.localDefault;
  }

  /**
   * Stores an upload of `userId` and answers `{url, name, uid}` (url `/api/common/file/view/<id>.<ext>`,
   * uid the file id: 32 random hex digits, so that the url cannot be guessed). Errors: 90060003 empty
   * file; 90060001 content not an accepted type or not what the name says; 90060002 larger than its
   * kind allows (UPLOAD_VIDEO_MAX_MB, UPLOAD_FILE_MAX_MB); 90060004 the storage provider refused it.
   * The temporary file is moved into the storage (the router removes whatever is left).
   */
  async save(file: UploadedFile, userId: string): Promise<UploadedFileItem> {
    const name = cleanName(file.name);
    if (file.size === 0) throw new AppError(FileError.EMPTY);
    // A damaged container can make the detection fail: that is "not a known type", not a crash.
    const detected = await fileTypeFromFile(file.path).catch(() => undefined);
    const type = resolveType(name, extOf(name), detected);
    if (file.size > maxBytesOf(type.kind, this.ctx.config.upload)) throw tooLarge(type.kind, this.ctx.config.upload);
    // 128 random bits, not a time-ordered id: a file's url is all that reads it, so nobody may guess
    // the url of another user's file from their own.
    const id = randomBytes(16).toString('hex');
    const at = now();
    const month = formatTimeStrict(at).slice(0, 7).replace('-', '/');
    const key = `${month}/${id}.${type.ext}`;
    const url = `${FILE_VIEW_PREFIX}${id}.${type.ext}`;
    const storage = await this.currentStorage();
    try {
      await storage.put(key, file.path, type.mime);
    } catch (err) {
      throw this.storageFailure(storage.provider, err);
    }
    try {
      await repo.insertFile(this.ctx.db, {
        id,
        url,
        name: name || `${id}.${type.ext}`,
        ext: type.ext,
        size: file.size,
        mime: type.mime,
        storage: storage.provider,
        storageKey: key,
        isPublic: 0,
        createBy: userId,
        createTime: at,
      });
    } catch (err) {
      // No row, no file: never keep bytes nobody can reach.
      await storage.remove(key).catch(() => undefined);
      throw err;
    }
    return { url, name: name || `${id}.${type.ext}`, uid: id };
  }

  /**
   * `save` for bytes a module made or received in a request body (a camera frame …) rather than an
   * upload: they go through a temporary file (removed afterwards) and every rule of `save`.
   */
  async saveBytes(bytes: Buffer, name: string, userId: string): Promise<UploadedFileItem> {
    const tmp = path.join(os.tmpdir(), `kaopei-bytes-${randomBytes(8).toString('hex')}${path.extname(name)}`);
    await fs.writeFile(tmp, bytes);
    try {
      return await this.save({ path: tmp, name, size: bytes.length }, userId);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  /** 90060004 with the provider's reason (a StorageError), anything else as it is. */
  storageFailure(provider: string, err: unknown): unknown {
    if (!(err instanceof StorageError)) return err;
    this.ctx.log.warn({ provider, err: err.message }, 'storage provider refused');
    return new AppError(FileError.STORAGE_FAILED, `文件存储失败（${PROVIDER_LABEL[provider] ?? provider}）：${err.message}`);
  }

  /**
   * The file of `param` (`<id>.<ext>`, the last segment of its url) to send: its bytes, its name and
   * Content-Type, its size (Accept-Ranges) and, for a `Range` header `range`, only those bytes
   * (206) or nothing (416). `publicOnly`: only files flagged public (the no-login route). 10010003
   * when there is no such file (a wrong extension, an unpublished file on the public route, bytes
   * gone, its provider no longer configured); 90060004 when the provider refuses to answer.
   */
  async open(param: string, publicOnly: boolean, range?: string): Promise<FileAnswer> {
    const m = FILE_PARAM.exec(param);
    const row = m ? await repo.findFile(this.ctx.db, m[1] as string) : undefined;
    if (!m || !row || row.ext !== (m[2] as string).toLowerCase() || (publicOnly && row.isPublic !== 1)) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    // Shown in the page when the browser can render it safely; a file never changes under its url.
    const inline = /^(image|video|audio)\//.test(row.mime) || row.mime === 'application/pdf';
    const head = { fileName: row.name, contentType: row.mime, disposition: inline ? ('inline' as const) : ('attachment' as const), cacheControl: 'private, max-age=31536000, immutable', size: Number(row.size) };
    const asked = parseRange(range, head.size);
    if (asked === 'unsatisfiable') return { ...head, body: Buffer.alloc(0), range: asked };
    const storage = await this.storageOf(row.storage);
    let found;
    try {
      found = await storage?.open(row.storageKey, asked ?? undefined);
    } catch (err) {
      throw this.storageFailure(row.storage, err);
    }
    if (!found) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    return { ...head, body: found.stream, ...(asked ? { range: asked } : {}) };
  }

  /** The saved configuration of a cloud provider for its token call (90060005 when there is none). */
  private async cloudConfig<T>(provider: string): Promise<T> {
    const c = await this.ctx.services.sysConfig.props.config('upload', provider);
    if (!c) throw new AppError(FileError.NOT_CONFIGURED, `${PROVIDER_LABEL[provider]}尚未配置，无法获取上传令牌！`);
    return c as T;
  }

  /**
   * SPEC §7 /api/common/oss/sts: OSS temporary credentials for the pending upload `key` of `userId`
   * only ('获取上传令牌失败： {err}' when STS refuses; 90060008 when `key` is not such an upload).
   */
  async ossSts(userId: string, key: string): Promise<OssSts> {
    const c = await this.cloudConfig<AliyunUploadData>('aliyun');
    await this.direct.checkPending(key, userId, 'aliyun');
    try {
      return await ossSts(c, this.ctx.config.upload.aliyunStsEndpoint, `kp-${userId}`, key);
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      throw new AppError(FileError.TOKEN_FAILED, `获取上传令牌失败： ${err.message}`);
    }
  }

  /** SPEC §7 /api/common/cos/token: COS temporary credentials for the pending upload `key` of `userId` only ('获取COS上传令牌失败' when STS refuses; the reason is logged). */
  async cosToken(userId: string, key: string): Promise<CosToken> {
    const c = await this.cloudConfig<QcloudUploadData>('qcloud');
    await this.direct.checkPending(key, userId, 'qcloud');
    try {
      return await cosToken(c, this.ctx.config.upload.qcloudStsEndpoint, key);
    } catch (err) {
      if (!(err instanceof StorageError)) throw err;
      this.ctx.log.warn({ err: err.message }, 'qcloud STS refused');
      throw new AppError(FileError.COS_TOKEN_FAILED, `获取COS上传令牌失败：${err.message}`);
    }
  }

  /** SPEC §7 /api/common/qiniu/token: a qiniu upload token (computed locally) for the pending upload `key` of `userId` only, never overwriting. */
  async qiniuToken(userId: string, key: string): Promise<QiniuToken> {
    const c = await this.cloudConfig<QiniuUploadData>('qiniu');
    await this.direct.checkPending(key, userId, 'qiniu');
    return qiniuToken(c, key);
  }

  /**
   * Makes the file of `url` (a view or public url of ours) readable without login and answers its
   * public url `/api/common/file/public/<id>.<ext>`: for modules that show a file before login (the
   * site configuration's logos). 10010003 when the url is not one of our files.
   */
  async publish(url: string): Promise<string> {
    const row = await this.findByUrl(url);
    await repo.setFilePublic(this.ctx.db, row.id, 1);
    return `${FILE_PUBLIC_PREFIX}${row.id}.${row.ext}`;
  }

  /** Withdraws a published file (the view url keeps working for logged-in users). */
  async unpublish(url: string): Promise<void> {
    const row = await this.findByUrl(url);
    await repo.setFilePublic(this.ctx.db, row.id, 0);
  }

  /**
   * The file of `url` (a view or public url of ours), for modules that keep a url an upload answered
   * (an avatar) and must check it first: `{url (its view url), mime (from the content), createBy
   * (the uploader's user id)}`, or null when the url is not one of our files.
   */
  async fileOf(url: string): Promise<{ url: string; mime: string; createBy: string } | null> {
    const row = await this.findByUrl(url).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    return row && { url: row.url, mime: row.mime, createBy: row.createBy };
  }

  private async findByUrl(url: string) {
    const prefix = [FILE_VIEW_PREFIX, FILE_PUBLIC_PREFIX].find((p) => url.startsWith(p));
    const m = prefix ? FILE_PARAM.exec(url.slice(prefix.length)) : null;
    const row = m ? await repo.findFile(this.ctx.db, m[1] as string) : undefined;
    if (!m || !row || row.ext !== (m[2] as string).toLowerCase()) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    return row;
  }
}
