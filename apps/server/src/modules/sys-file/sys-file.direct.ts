/**
 * Browser direct uploads to the cloud (SPEC §7 "Upload": /api/common/oss/sts, /cos/token,
 * /qiniu/token "plus a direct POST to the qiniu endpoint"; §5 "Uploads"; §9 timeout 1 200 000 ms).
 *
 * 1. `init({name, size}, userId)` checks the name's extension and the size exactly like
 *    /api/common/file/upload (same messages) and answers the CURRENT provider of type 'upload'.
 *    Local → `{provider: 'local'}` (the browser posts to /upload as before). A cloud provider →
 *    also a fresh key `yyyy/MM/<32 hex>.<ext>` (Asia/Shanghai month, the name's extension),
 *    recorded in sys_file_direct as a pending upload of this user for DIRECT_UPLOAD_TTL_MS (2 h).
 * 2. The browser puts the object under that key with the provider's official browser SDK and the
 *    temporary credentials of the token call.
 * 3. `finish(key, userId)` (only the caller's own pending key) reads the object back through the
 *    provider's server-side client: its size and its first bytes (file-type detection, the same
 *    rules as /upload: sys-file.types.ts resolveType). A wrong type, an empty or oversized object
 *    is refused with /upload's message and removed from the bucket; otherwise one sys_file row is
 *    written (provider and key of the pending upload; url and extension from the content) and the
 *    SPEC §3 upload file item {url, name, uid} answered. Exactly once: the row's id is the key's
 *    hex part and is inserted with ON CONFLICT DO NOTHING, so a retried or parallel finish answers
 *    the same item and never writes a second row.
 *
 * Pending uploads never finished are removed (row and object) by `sweep` after their time ends.
 * `connectOrigins` answers the origins the browser uploads to with the current configuration, for
 * the CSP connect-src (plugins/security.ts), from a value cached for CSP_CACHE_MS.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { fileTypeFromStream } from 'file-type';
import { CommonError } from '@kaopei/contracts';
import {
  type AliyunUploadData,
  DIRECT_UPLOAD_TTL_MS,
  type DirectInit,
  extOf,
  FILE_VIEW_PREFIX,
  fileApi,
  FileError,
  fileKindOf,
  type QcloudUploadData,
  type QiniuUploadData,
  type UploadedFileItem,
} from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';
import { formatTimeStrict, now } from '../../lib/time';
import type { ModuleContext } from '../../platform/module';
import * as repo from './sys-file.repository';
import type { SysFileService } from './sys-file.service';
import { cleanName, maxBytesOf, tooLarge } from './sys-file.limits';
import { resolveType } from './sys-file.types';

/** Keys handed out by init: `yyyy/MM/<32 hex>.<ext>`. */
const DIRECT_KEY = /^\d{4}\/\d{2}\/([0-9a-f]{32})\.([a-z0-9]{1,10})$/;
/** How long the CSP origins of the current configuration are reused before they are read again (ms). */
export const CSP_CACHE_MS = 5_000;
/** Pending uploads removed per sweep run. */
const SWEEP_BATCH = 200;

type CloudProvider = 'aliyun' | 'qcloud' | 'qiniu';
const CLOUD: readonly string[] = ['aliyun', 'qcloud', 'qiniu'];

/** qiniu upload hosts of a region id (qiniu-js 3.x `regionUphostMap`: accelerated and source). */
function qiniuHosts(region: string): string[] {
  const suffix = region === 'z0' ? '' : `-${region}`;
  return [`upload${suffix}.qiniup.com`, `up${suffix}.qiniup.com`];
}

const isUrl = (v: string) => /^https?:\/\//i.test(v);
const isIp = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/**
 * The origins (`scheme://host[:port]`) the browser SDK of `provider` sends an upload to with the
 * saved configuration `c`: aliyun `https://<bucket>.<endpoint>` (an IP endpoint url: itself, path
 * style, as ali-oss does); qcloud `https://<bucket>.cos.<region>.myqcloud.com` (a url region:
 * itself); qiniu the region's upload hosts (a url endpoint: itself). Empty for local.
 */
export function uploadOrigins(provider: string, c: Record<string, unknown> | null): string[] {
  if (!c) return [];
  try {
    if (provider === 'aliyun') {
      const { endpoint, bucket } = c as AliyunUploadData;
      const url = new URL(isUrl(endpoint) ? endpoint : `https://${endpoint}`);
      return [isIp(url.hostname) ? url.origin : `${url.protocol}//${bucket}.${url.host}`];
    }
    if (provider === 'qcloud') {
      const { region, bucket } = c as QcloudUploadData;
      return [isUrl(region) ? new URL(region).origin : `https://${bucket}.cos.${region}.myqcloud.com`];
    }
    if (provider === 'qiniu') {
      const { endpoint } = c as QiniuUploadData;
      return isUrl(endpoint) ? [new URL(endpoint).origin] : qiniuHosts(endpoint).map((h) => `https://${h}`);
    }
  } catch {
    // A configuration that is not a url: no origin (the upload then fails visibly, nothing is widened).
  }
  return [];
}

/** The direct uploads of one app (sysFile.direct): init, finish, sweep and the CSP origins; see the file comment. */
export class DirectUploads {
  private origins: readonly string[] = [];
  private originsAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly ctx: ModuleContext<'sysConfig'>,
    private readonly files: SysFileService,
  ) {}

  /** SPEC §7 direct upload, step 1 (see the file comment). Errors: 10010001 extension; 90060003 empty; 90060002 too large. */
  async init(req: { name: string; size: number }, userId: string): Promise<DirectInit> {
    const name = cleanName(req.name);
    const ext = extOf(name);
    const kind = fileKindOf(ext);
    if (!kind) throw new AppError(CommonError.BAD_PARAMS, `文件格式不正确，请上传${fileApi.upload.file.accept.join('/')}文件！`);
    if (req.size === 0) throw new AppError(FileError.EMPTY);
    const limits = this.ctx.config.upload;
    if (req.size > maxBytesOf(kind, limits)) throw tooLarge(kind, limits);
    const provider = await this.ctx.services.sysConfig.props.currentProvider('upload');
    if (!CLOUD.includes(provider) || !(await this.files.storageOf(provider))) return { provider: 'local' };
    const id = randomBytes(16).toString('hex');
    const at = now();
    const key = `${formatTimeStrict(at).slice(0, 7).replace('-', '/')}/${id}.${ext}`;
    await repo.insertDirect(this.ctx.db, { storageKey: key, id, name, provider, createBy: userId, createTime: at, expireTime: at + DIRECT_UPLOAD_TTL_MS });
    return { provider: provider as CloudProvider, key };
  }

  /**
   * SPEC §7 direct upload, step 3 (see the file comment). Errors: 90060008 not a pending key of
   * this user (someone else's, expired, never begun); 90060009 the bucket has no such object yet;
   * 90060001 / 90060002 / 90060003 as /upload (the object is removed); 90060004 the provider
   * refused to answer.
   */
  async finish(rawKey: string, userId: string): Promise<UploadedFileItem> {
    const key = rawKey.trim();
    const m = DIRECT_KEY.exec(key);
    if (!m) throw new AppError(FileError.DIRECT_NOT_FOUND);
    const id = m[1] as string;
    const done = await repo.findFile(this.ctx.db, id);
    if (done) {
      if (done.createBy !== userId || done.storageKey !== key) throw new AppError(FileError.DIRECT_NOT_FOUND);
      return { url: done.url, name: done.name, uid: done.id };
    }
    const pending = await repo.findDirect(this.ctx.db, key, userId);
    if (!pending || pending.expireTime < now()) throw new AppError(FileError.DIRECT_NOT_FOUND);
    const storage = await this.files.storageOf(pending.provider);
    if (!storage) throw new AppError(FileError.NOT_CONFIGURED);
    let found;
    try {
      found = await storage.open(key);
    } catch (err) {
      throw this.files.storageFailure(pending.provider, err);
    }
    if (!found) throw new AppError(FileError.DIRECT_MISSING);
    const size = found.size;
    // Only the first bytes are read (as many as the detection needs); the rest is never fetched.
    const detected = await fileTypeFromStream(Readable.toWeb(found.stream) as ReadableStream<Uint8Array>).catch(() => undefined);
    found.stream.destroy();
    let type;
    try {
      if (size === 0) throw new AppError(FileError.EMPTY);
      type = resolveType(pending.name, extOf(pending.name), detected);
      if (size > maxBytesOf(type.kind, this.ctx.config.upload)) throw tooLarge(type.kind, this.ctx.config.upload);
    } catch (err) {
      // Refused: nothing of it is kept, in the bucket or here.
      await storage.remove(key).catch((e: unknown) => this.ctx.log.warn({ err: e, key }, 'direct upload: refused object not removed'));
      await repo.deleteDirect(this.ctx.db, key);
      throw err;
    }
    const url = `${FILE_VIEW_PREFIX}${id}.${type.ext}`;
    const fileName = pending.name || `${id}.${type.ext}`;
    await this.ctx.db.transaction().execute(async (trx) => {
      await repo.insertFileOnce(trx, { id, url, name: fileName, ext: type.ext, size, mime: type.mime, storage: pending.provider, storageKey: key, isPublic: 0, createBy: userId, createTime: now() });
      await repo.deleteDirect(trx, key);
    });
    // The row (this call's or a parallel finish's: both wrote the same values) is the answer.
    const row = await repo.findFile(this.ctx.db, id);
    return { url: row?.url ?? url, name: row?.name ?? fileName, uid: id };
  }

  /** Checks that `key` is a pending, unexpired upload of `userId` to `provider` (90060008 otherwise): the token calls hand out credentials for nothing else. */
  async checkPending(key: string, userId: string, provider: string): Promise<void> {
    const pending = DIRECT_KEY.test(key.trim()) ? await repo.findDirect(this.ctx.db, key.trim(), userId) : undefined;
    if (!pending || pending.provider !== provider || pending.expireTime < now()) throw new AppError(FileError.DIRECT_NOT_FOUND);
  }

  /** Removes pending uploads whose time ended (their objects too, when the bucket has them); answers how many. */
  async sweep(): Promise<number> {
    const rows = await repo.expiredDirects(this.ctx.db, now(), SWEEP_BATCH);
    for (const r of rows) {
      const storage = await this.files.storageOf(r.provider).catch(() => null);
      await storage?.remove(r.storageKey).catch((err: unknown) => this.ctx.log.warn({ err, key: r.storageKey }, 'direct upload sweep: object not removed'));
      await repo.deleteDirect(this.ctx.db, r.storageKey);
    }
    return rows.length;
  }

  /**
   * The origins the browser uploads to with the current configuration (CSP connect-src), answered
   * at once from the cached value; when that is older than CSP_CACHE_MS it is read again in the
   * background (the next answers carry the new value). `refreshOrigins` awaits a fresh read.
   */
  connectOrigins(): readonly string[] {
    if (Date.now() - this.originsAt > CSP_CACHE_MS) void this.refreshOrigins().catch((err: unknown) => this.ctx.log.warn({ err }, 'CSP upload origins not read'));
    return this.origins;
  }

  /** Reads the current upload configuration and caches its origins (one read at a time). */
  refreshOrigins(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const { provider, data } = await this.ctx.services.sysConfig.props.current('upload');
        this.origins = uploadOrigins(provider, data);
        this.originsAt = Date.now();
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}
