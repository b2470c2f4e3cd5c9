/**
 * Temporary credentials for browser uploads straight to the cloud (SPEC §7 "Upload":
 * /api/common/oss/sts, /api/common/cos/token, /api/common/qiniu/token; §3 "the client also
 * receives cloud upload options"; §9 the browser asks again every 300 000 ms):
 *
 * - OSS: STS AssumeRole of the configured role ARN through the `ali-oss` STS client (its RPC
 *   HMAC-SHA1 signature), limited by a policy to putting the ONE object of a pending direct upload
 *   (the key of /api/common/file/direct/init): a learner's credentials reach no other file.
 * - COS: STS GetFederationToken of qcloud API 3.0, signed TC3-HMAC-SHA256 as Tencent documents it
 *   (cloud.tencent.com/document/api/1312/48171 and /213/30654); the SDK of COS has no STS client
 *   and the official `qcloud-cos-sts` package can only call https://<host> (decisions.md).
 * - COS: the same limit in the federation policy's resource.
 * - qiniu: an upload token computed locally by the `qiniu` SDK (no call), scope `bucket:key` with
 *   insertOnly (an existing object is never replaced).
 *
 * Each credential is valid for CREDENTIAL_SECONDS; failures throw the provider's reason.
 */
import crypto from 'node:crypto';
import OSS from 'ali-oss';
import type { AliyunUploadData, CosToken, OssSts, QcloudUploadData, QiniuToken, QiniuUploadData } from '@kaopei/contracts/sys-file';
import { qiniuUploadToken, StorageError } from './sys-file.cloud';

/** Life of a temporary credential (s): longer than the browser's 300 s refresh. */
export const CREDENTIAL_SECONDS = 1800;

/** Region id of an OSS endpoint (oss-cn-hangzhou.aliyuncs.com → oss-cn-hangzhou; '' for other hosts). */
function ossRegion(endpoint: string): string {
  const host = endpoint.replace(/^https?:\/\//i, '').split(/[/:]/)[0] ?? '';
  return /^(oss-[a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/.exec(host)?.[1] ?? '';
}

/** OSS STS AssumeRole (`stsEndpoint`: the STS service, https://sts.aliyuncs.com), limited to putting the object `key`. */
export async function ossSts(c: AliyunUploadData, stsEndpoint: string, session: string, key: string): Promise<OssSts> {
  const sts = new OSS.STS({ accessKeyId: c.accessKeyId, accessKeySecret: c.accessKeySecret, endpoint: stsEndpoint } as never);
  const policy = {
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject', 'oss:InitiateMultipartUpload', 'oss:UploadPart', 'oss:CompleteMultipartUpload', 'oss:AbortMultipartUpload'], Resource: [`acs:oss:*:*:${c.bucket}/${key}`] }],
  };
  let creds: { AccessKeyId: string; AccessKeySecret: string; SecurityToken: string; Expiration: string };
  try {
    const res = (await sts.assumeRole(c.arn, policy, CREDENTIAL_SECONDS, session.replace(/[^\w.@-]/g, '').slice(0, 32) || 'kaopei')) as { credentials: typeof creds };
    creds = res.credentials;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    throw new StorageError('aliyun', e.message || e.code || String(err));
  }
  return {
    region: ossRegion(c.endpoint),
    endpoint: c.endpoint,
    bucket: c.bucket,
    url: c.url,
    accessKeyId: creds.AccessKeyId,
    accessKeySecret: creds.AccessKeySecret,
    stsToken: creds.SecurityToken,
    expiration: creds.Expiration,
  };
}

const sha256 = (v: string) => crypto.createHash('sha256').update(v, 'utf8').digest('hex');
const hmac = (key: string | Buffer, v: string) => crypto.createHmac('sha256', key).update(v, 'utf8').digest();

/**
 * The TC3-HMAC-SHA256 headers of a qcloud API 3.0 POST (JSON body `payload`) to `host` for
 * `service` at `timestamp` (s): Authorization, Content-Type, Host and the X-TC-* headers.
 */
export function tc3Headers(opts: { secretId: string; secretKey: string; host: string; service: string; action: string; version: string; region: string; payload: string; timestamp: number }): Record<string, string> {
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonical = ['POST', '/', '', `content-type:${contentType}`, `host:${opts.host}`, '', 'content-type;host', sha256(opts.payload)].join('\n');
  const scope = `${date}/${opts.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), opts.service), 'tc3_request');
  const signature = crypto.createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    authorization: `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
    'content-type': contentType,
    host: opts.host,
    'x-tc-action': opts.action,
    'x-tc-timestamp': String(opts.timestamp),
    'x-tc-version': opts.version,
    'x-tc-region': opts.region,
  };
}

/** Region of a COS configuration for the STS call (a url region: ap-guangzhou). */
function cosRegion(c: QcloudUploadData): string {
  return /^https?:\/\//i.test(c.region) ? 'ap-guangzhou' : c.region;
}

/** COS temporary credentials: STS GetFederationToken (`stsEndpoint`: https://sts.tencentcloudapi.com), limited to putting the object `key`. */
export async function cosToken(c: QcloudUploadData, stsEndpoint: string, key: string): Promise<CosToken> {
  const region = cosRegion(c);
  const appId = c.bucket.slice(c.bucket.lastIndexOf('-') + 1);
  const policy = {
    version: '2.0',
    statement: [{
      effect: 'allow',
      action: ['name/cos:PutObject', 'name/cos:PostObject', 'name/cos:InitiateMultipartUpload', 'name/cos:ListMultipartUploads', 'name/cos:ListParts', 'name/cos:UploadPart', 'name/cos:CompleteMultipartUpload'],
      resource: [`qcs::cos:${region}:uid/${appId}:${c.bucket}/${key}`],
    }],
  };
  const payload = JSON.stringify({ Name: 'kaopei', Policy: encodeURIComponent(JSON.stringify(policy)), DurationSeconds: CREDENTIAL_SECONDS });
  const url = new URL(stsEndpoint);
  const headers = tc3Headers({ secretId: c.secretId, secretKey: c.secretKey, host: url.host, service: 'sts', action: 'GetFederationToken', version: '2018-08-13', region, payload, timestamp: Math.floor(Date.now() / 1000) });
  let body: { Response?: { Error?: { Code?: string; Message?: string }; Credentials?: { TmpSecretId: string; TmpSecretKey: string; Token: string }; ExpiredTime?: number } };
  try {
    const res = await fetch(url.origin + '/', { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(60_000) });
    body = (await res.json()) as typeof body;
  } catch (err) {
    throw new StorageError('qcloud', err instanceof Error ? err.message : String(err));
  }
  const r = body.Response;
  if (!r || r.Error || !r.Credentials) throw new StorageError('qcloud', r?.Error ? `${r.Error.Code ?? ''}: ${r.Error.Message ?? ''}` : '应答格式不正确');
  const expiredTime = r.ExpiredTime ?? Math.floor(Date.now() / 1000) + CREDENTIAL_SECONDS;
  return {
    region: c.region,
    bucket: c.bucket,
    url: c.url,
    tmpSecretId: r.Credentials.TmpSecretId,
    tmpSecretKey: r.Credentials.TmpSecretKey,
    sessionToken: r.Credentials.Token,
    startTime: expiredTime - CREDENTIAL_SECONDS,
    expiredTime,
  };
}

/** A qiniu upload token (computed locally) for the new object `key` only (scope `bucket:key`, insertOnly) and where the browser posts the file. */
export function qiniuToken(c: QiniuUploadData, key: string): QiniuToken {
  return {
    token: qiniuUploadToken(c, CREDENTIAL_SECONDS, key, true),
    bucket: c.bucket,
    url: c.url,
    endpoint: c.endpoint,
    expiration: Math.floor(Date.now() / 1000) + CREDENTIAL_SECONDS,
  };
}
