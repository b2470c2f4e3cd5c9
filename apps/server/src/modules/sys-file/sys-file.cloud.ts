/**
 * Cloud storage providers behind the `Storage` interface (ARCHITECTURE "cloud storage"; SPEC §3
 * "Storage configuration"): aliyun OSS (`ali-oss`), qcloud COS (`cos-nodejs-sdk-v5`) and qiniu
 * (`qiniu`), each through its official SDK.
 *
 * - `put` uploads the temporary file with the SDK (signed by the SDK: OSS V1 `Authorization: OSS
 *   ak:sig`, COS `q-sign-algorithm=sha1&…`, qiniu an upload token), then removes the local file.
 * - `open` reads a file back THROUGH THE SERVER (decisions.md "Storage providers"), forwarding a
 *   byte range when one was asked (HTTP Range): OSS with the SDK's signed GET stream, COS and qiniu
 *   by fetching a short-lived url the SDK signs (COS query signature, qiniu private download token).
 *   The browser never learns the bucket or a signed url, and the login check of
 *   /api/common/file/view stays where it is.
 * - `remove` deletes with the SDK (qiniu: the `Qiniu` v2 management signature).
 *
 * Endpoints: OSS `endpoint` (oss-cn-hangzhou.aliyuncs.com or a url), COS `region` (ap-guangzhou,
 * or an http(s) url of a COS-compatible endpoint), qiniu `endpoint` (a region id: z0, z1, z2, na0,
 * as0, cn-east-2 …, or an http(s) url of the upload/management host). The url forms point the
 * SDKs at a private endpoint (and at the tests' fake servers).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import OSS from 'ali-oss';
import COS from 'cos-nodejs-sdk-v5';
import qiniu from 'qiniu';
import type { AliyunUploadData, QcloudUploadData, QiniuUploadData } from '@kaopei/contracts/sys-file';
import { StorageError, type ByteRange, type Storage, type StoredFile } from './sys-file.storage';

export { StorageError };

/** SPEC §9 upload and download timeout (ms): also the SDKs' request timeout. */
export const STORAGE_TIMEOUT_MS = 1_200_000;
/** Life of a signed download url the server fetches at once (s). */
const SIGNED_URL_SECONDS = 600;

/** The reason an SDK error gives (code and message when there are). */
function reason(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; Code?: unknown; message?: unknown; Message?: unknown; error?: unknown; status?: unknown; statusCode?: unknown };
    const code = e.code ?? e.Code;
    const msg = e.message ?? e.Message ?? e.error;
    const text = [code, msg].filter((v) => typeof v === 'string' && v).join(': ');
    if (text) return text.slice(0, 300);
    const status = e.status ?? e.statusCode;
    if (status) return `HTTP ${String(status)}`;
  }
  return String(err).slice(0, 300);
}

/**
 * GETs a signed url (with `Range` when `range` is given): null on 404, the body as a stream
 * otherwise; any other answer is a StorageError.
 */
async function fetchSigned(provider: string, url: string, range?: ByteRange): Promise<StoredFile | null> {
  let res: Response;
  try {
    res = await fetch(url, { headers: range ? { range: `bytes=${range.start}-${range.end}` } : {}, signal: AbortSignal.timeout(STORAGE_TIMEOUT_MS) });
  } catch (err) {
    throw new StorageError(provider, reason(err));
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok || !res.body) {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? /"error"\s*:\s*"([^"]+)"/.exec(text)?.[1];
    throw new StorageError(provider, `HTTP ${res.status}${code ? ` ${code}` : ''}`, res.status);
  }
  const size = Number(res.headers.get('content-length') ?? 0);
  return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>), size };
}

/** `http://host:port` of an endpoint given as a url, or null for a plain name/region. */
function endpointUrl(v: string): URL | null {
  return /^https?:\/\//i.test(v) ? new URL(v) : null;
}

// ---------------------------------------------------------------- aliyun OSS

/** The OSS client of a saved configuration (a url endpoint keeps its scheme; a host name is https). */
export function ossClient(c: AliyunUploadData): OSS {
  const url = endpointUrl(c.endpoint);
  return new OSS({
    endpoint: url ? url.origin : c.endpoint,
    secure: url ? url.protocol === 'https:' : true,
    accessKeyId: c.accessKeyId,
    accessKeySecret: c.accessKeySecret,
    bucket: c.bucket,
    timeout: STORAGE_TIMEOUT_MS,
  });
}

/** aliyun OSS through `ali-oss`. */
export class OssStorage implements Storage {
  readonly provider = 'aliyun';
  private readonly client: OSS;
  constructor(config: AliyunUploadData) {
    this.client = ossClient(config);
  }
  async put(key: string, src: string, mime: string): Promise<void> {
    try {
      await this.client.put(key, src, { mime, timeout: STORAGE_TIMEOUT_MS });
    } catch (err) {
      throw new StorageError(this.provider, reason(err));
    }
    await fs.promises.rm(src, { force: true });
  }
  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    // getStream (a header-signed GET): signatureUrl refuses IP endpoints (private deployments).
    try {
      const { stream, res } = await this.client.getStream(key, { timeout: STORAGE_TIMEOUT_MS, headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {} } as OSS.GetStreamOptions);
      return { stream: stream as Readable, size: Number((res.headers as Record<string, string>)['content-length'] ?? 0) };
    } catch (err) {
      if ((err as { status?: number }).status === 404) return null;
      throw new StorageError(this.provider, reason(err));
    }
  }
  async remove(key: string): Promise<void> {
    try {
      await this.client.delete(key);
    } catch (err) {
      if ((err as { status?: number }).status === 404) return;
      throw new StorageError(this.provider, reason(err));
    }
  }
}

// ---------------------------------------------------------------- qcloud COS

/** Region and SDK options of a COS configuration (a url region: that endpoint, path of the bucket in the host name left out). */
function cosTarget(c: QcloudUploadData): { region: string; options: Partial<COS.COSOptions> } {
  const url = endpointUrl(c.region);
  if (!url) return { region: c.region, options: { Protocol: 'https:' } };
  return { region: 'ap-guangzhou', options: { Domain: url.host, Protocol: url.protocol as 'http:' | 'https:' } };
}

/** qcloud COS through `cos-nodejs-sdk-v5`. */
export class CosStorage implements Storage {
  readonly provider = 'qcloud';
  private readonly client: COS;
  private readonly region: string;
  constructor(private readonly config: QcloudUploadData) {
    const t = cosTarget(config);
    this.region = t.region;
    this.client = new COS({ SecretId: config.secretId, SecretKey: config.secretKey, Timeout: STORAGE_TIMEOUT_MS, ...t.options });
  }
  private params(key: string) {
    return { Bucket: this.config.bucket, Region: this.region, Key: key };
  }
  async put(key: string, src: string, mime: string): Promise<void> {
    const { size } = await fs.promises.stat(src);
    try {
      await this.client.putObject({ ...this.params(key), Body: fs.createReadStream(src), ContentLength: size, ContentType: mime });
    } catch (err) {
      throw new StorageError(this.provider, reason(err));
    }
    await fs.promises.rm(src, { force: true });
  }
  open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const url = this.client.getObjectUrl({ ...this.params(key), Sign: true, Expires: SIGNED_URL_SECONDS });
    return fetchSigned(this.provider, url, range);
  }
  async remove(key: string): Promise<void> {
    try {
      await this.client.deleteObject(this.params(key));
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return;
      throw new StorageError(this.provider, reason(err));
    }
  }
}

// ---------------------------------------------------------------- qiniu

/** The SDK configuration of a qiniu endpoint: a region id, or one host (url) for upload and management. */
export function qiniuConfig(endpoint: string): qiniu.conf.Config {
  const url = endpointUrl(endpoint);
  if (!url) return new qiniu.conf.Config({ useHttpsDomain: true, regionsProvider: qiniu.httpc.Region.fromRegionId(endpoint) } as qiniu.conf.ConfigOptions);
  const zone = new qiniu.conf.Zone([url.host], [url.host], url.host, url.host, url.host, url.host);
  return new qiniu.conf.Config({ useHttpsDomain: url.protocol === 'https:', zone } as qiniu.conf.ConfigOptions);
}

/** An upload token of `bucket` (optionally only for `key`; `insertOnly`: never replacing an existing object) valid for `seconds`, computed locally by the SDK. */
export function qiniuUploadToken(c: QiniuUploadData, seconds: number, key?: string, insertOnly = false): string {
  const mac = new qiniu.auth.digest.Mac(c.accessKeyId, c.accessKeySecret);
  return new qiniu.rs.PutPolicy({ scope: key ? `${c.bucket}:${key}` : c.bucket, expires: seconds, ...(insertOnly ? { insertOnly: 1 } : {}) }).uploadToken(mac);
}

/** qiniu Kodo through `qiniu`: form upload with an upload token, private download urls, management calls. */
export class QiniuStorage implements Storage {
  readonly provider = 'qiniu';
  private readonly sdkConfig: qiniu.conf.Config;
  private readonly mac: qiniu.auth.digest.Mac;
  constructor(private readonly config: QiniuUploadData) {
    this.sdkConfig = qiniuConfig(config.endpoint);
    this.mac = new qiniu.auth.digest.Mac(config.accessKeyId, config.accessKeySecret);
  }
  private answer(provider: string, res: { data?: unknown; resp?: { statusCode?: number } }): void {
    const status = res.resp?.statusCode ?? 0;
    if (status !== 200) {
      const error = (res.data as { error?: string } | undefined)?.error;
      throw new StorageError(provider, `HTTP ${status}${error ? ` ${error}` : ''}`, status);
    }
  }
  async put(key: string, src: string, mime: string): Promise<void> {
    const uploader = new qiniu.form_up.FormUploader(this.sdkConfig);
    const extra = new qiniu.form_up.PutExtra();
    extra.mimeType = mime;
    let res: { data?: unknown; resp?: { statusCode?: number } };
    try {
      res = (await uploader.putFile(qiniuUploadToken(this.config, 3600, key), key, src, extra)) as never;
    } catch (err) {
      throw new StorageError(this.provider, reason(err));
    }
    this.answer(this.provider, res);
    await fs.promises.rm(src, { force: true });
  }
  open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const bm = new qiniu.rs.BucketManager(this.mac, this.sdkConfig);
    const deadline = Math.floor(Date.now() / 1000) + SIGNED_URL_SECONDS;
    return fetchSigned(this.provider, bm.privateDownloadUrl(this.config.url.replace(/\/$/, ''), key, deadline), range);
  }
  async remove(key: string): Promise<void> {
    const bm = new qiniu.rs.BucketManager(this.mac, this.sdkConfig);
    let res: { data?: unknown; resp?: { statusCode?: number } };
    try {
      res = (await bm.delete(this.config.bucket, key)) as never;
    } catch (err) {
      throw new StorageError(this.provider, reason(err));
    }
    // 612: no such file (already gone).
    if (res.resp?.statusCode === 612) return;
    this.answer(this.provider, res);
  }
}
