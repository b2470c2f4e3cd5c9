/**
 * Alibaba Cloud facebody (视觉智能开放平台 人脸人体, version 2019-12-30) client (issue 12; SPEC §3
 * "Face provider configuration" aliyun: accessKeyId, accessKeySecret, dbName, liveCheck).
 * RPC requests signed as Alibaba Cloud documents (signature v1, `rpcSign`): every parameter plus
 * the common ones (Format, Version, AccessKeyId, SignatureMethod HMAC-SHA1, Timestamp,
 * SignatureVersion 1.0, SignatureNonce) sorted, percent-encoded (RFC 3986), "POST&%2F&" +
 * encode(query), HMAC-SHA1 with accessKeySecret + "&", base64, sent as a form body.
 *
 * facebody takes images by URL: each image is first uploaded the way Alibaba's SDKs do for local
 * files — openplatform AuthorizeFileUpload (Product facebody, RegionId cn-shanghai) answers a
 * temporary OSS bucket, object key and POST policy; the image is POSTed there and its
 * `http://bucket.endpoint/key` url is passed on. Calls: DetectFace, CompareFace (Confidence 0–100,
 * pass at 69 = Alibaba's threshold for a 1‱ false-accept rate), AddFaceEntity + AddFace
 * (CreateFaceDb when the database is missing), DeleteFaceEntity, GetFaceEntity, SearchFace, and
 * DetectLivingFace when liveCheck is on.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { type AliyunFaceData, FaceError } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';
import type { FaceComparison, FaceDetection, FaceEngine, FaceMatch, FaceVerification } from './face.engine';
import { CLOUD_TIMEOUT_MS, imageSize, postForJson, refused, trimUrl } from './face.http';

export const ALIYUN_FACEBODY_ENDPOINT = 'https://facebody.cn-shanghai.aliyuncs.com';
export const ALIYUN_OPENPLATFORM_ENDPOINT = 'https://openplatform.aliyuncs.com';
export const ALIYUN_FACEBODY_VERSION = '2019-12-30';
/** Pass confidence (0–1) of CompareFace / SearchFace. */
export const ALIYUN_THRESHOLD = 0.69;

/** RFC 3986 percent-encoding as Alibaba's RPC signature wants it. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The RPC v1 signature of `params` (every parameter but Signature) for `method` with `secret`. */
export function rpcSign(params: Record<string, string>, secret: string, method = 'POST'): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] as string)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

type AliAnswer = Record<string, unknown> & { Code?: string; Message?: string; Data?: Record<string, unknown> };

const NO_FACE = /NoFace|NotFoundFace|FaceNotFound|NotExistFace|InvalidFace/i;
const NO_ENTITY = /Entity.*(NotFound|NotExist)|(NotFound|NotExist).*Entity/i;
const NO_DB = /Db.*(NotFound|NotExist)|(NotFound|NotExist).*Db|InvalidDbName/i;

export interface AliyunOptions {
  /** facebody API url (tests: a fake server). */
  endpoint?: string;
  /** openplatform API url (AuthorizeFileUpload). */
  openplatform?: string;
  /** Base url of the upload POST instead of `https://bucket.endpoint` (tests). */
  uploadBase?: string;
}

export class AliyunFaceEngine implements FaceEngine {
  readonly name = 'aliyun';
  readonly threshold = ALIYUN_THRESHOLD;
  private readonly endpoint: string;
  private readonly openplatform: string;

  constructor(
    private readonly data: AliyunFaceData,
    private readonly opts: AliyunOptions = {},
  ) {
    this.endpoint = trimUrl(opts.endpoint ?? ALIYUN_FACEBODY_ENDPOINT);
    this.openplatform = trimUrl(opts.openplatform ?? ALIYUN_OPENPLATFORM_ENDPOINT);
  }

  /** One signed RPC call to `url`; errors whose Code matches `ok` are answered, others thrown as PROVIDER_REFUSED. */
  private async rpc(url: string, version: string, action: string, params: Record<string, string | number>, ok?: RegExp): Promise<AliAnswer> {
    const all: Record<string, string> = {
      Format: 'JSON',
      Version: version,
      AccessKeyId: this.data.accessKeyId,
      SignatureMethod: 'HMAC-SHA1',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      SignatureVersion: '1.0',
      SignatureNonce: randomUUID(),
      Action: action,
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    };
    all.Signature = rpcSign(all, this.data.accessKeySecret);
    const body = Object.entries(all)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const r = (await postForJson(`${url}/`, body, { 'Content-Type': 'application/x-www-form-urlencoded' })) as AliAnswer;
    if (r.Code && !(ok && ok.test(r.Code))) throw refused(r.Code, r.Message ?? '');
    return r;
  }

  private call(action: string, params: Record<string, string | number>, ok?: RegExp) {
    return this.rpc(this.endpoint, ALIYUN_FACEBODY_VERSION, action, params, ok);
  }

  /** Uploads `image` to Alibaba's temporary OSS for facebody and answers its url. */
  async upload(image: Buffer): Promise<string> {
    const auth = await this.rpc(this.openplatform, '2019-12-19', 'AuthorizeFileUpload', { Product: 'facebody', RegionId: 'cn-shanghai' });
    const a = auth as Record<string, string>;
    if (!a.Bucket || !a.Endpoint || !a.ObjectKey) throw new AppError(FaceError.ENGINE_FAILED);
    const form = new FormData();
    form.append('OSSAccessKeyId', a.AccessKeyId ?? '');
    form.append('policy', a.EncodedPolicy ?? '');
    form.append('Signature', a.Signature ?? '');
    form.append('key', a.ObjectKey);
    form.append('success_action_status', '201');
    form.append('file', new Blob([new Uint8Array(image)]), 'face.jpg');
    const base = this.opts.uploadBase ? trimUrl(this.opts.uploadBase) : `https://${a.Bucket}.${a.Endpoint}`;
    let status: number;
    try {
      status = (await fetch(`${base}/`, { method: 'POST', body: form, signal: AbortSignal.timeout(CLOUD_TIMEOUT_MS) })).status;
    } catch {
      throw new AppError(FaceError.ENGINE_FAILED);
    }
    if (status !== 201 && status !== 200 && status !== 204) throw refused(status, 'OSS upload');
    return `http://${a.Bucket}.${a.Endpoint}/${a.ObjectKey}`;
  }

  private async liveness(url: string): Promise<number | null> {
    if (!this.data.liveCheck) return null;
    const r = await this.call('DetectLivingFace', { 'Tasks.1.ImageURL': url }, NO_FACE);
    const res = ((r.Data?.Elements as { Results?: { Label: string; Rate: number }[] }[] | undefined) ?? [])[0]?.Results?.[0];
    if (!res) return null;
    // Label "normal" is a live face; Rate is the confidence (0–100) of the label.
    return res.Label === 'normal' ? res.Rate / 100 : 1 - res.Rate / 100;
  }

  async detect(image: Buffer): Promise<FaceDetection> {
    const size = await imageSize(image);
    const url = await this.upload(image);
    const r = await this.call('DetectFace', { ImageURL: url, MaxFaceNumber: 10 }, NO_FACE);
    const rects = (r.Data?.FaceRectangles as number[] | undefined) ?? [];
    const probs = (r.Data?.FaceProbabilityList as number[] | undefined) ?? [];
    const count = r.Code ? 0 : Number(r.Data?.FaceCount ?? rects.length / 4);
    const live = count > 0 ? await this.liveness(url) : null;
    const faces = Array.from({ length: count }, (_, i) => ({
      x: rects[i * 4] ?? 0,
      y: rects[i * 4 + 1] ?? 0,
      width: rects[i * 4 + 2] ?? 0,
      height: rects[i * 4 + 3] ?? 0,
      score: probs[i] ?? 1,
      live: i === 0 ? live : null,
    }));
    return { ...size, faces };
  }

  async compare(probe: Buffer, reference: Buffer): Promise<FaceComparison> {
    const [a, b] = [await this.upload(probe), await this.upload(reference)];
    const r = await this.call('CompareFace', { ImageURLA: a, ImageURLB: b }, NO_FACE);
    if (r.Code) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 0, referenceFaces: 0 };
    const score = Number(r.Data?.Confidence ?? 0) / 100;
    return { score, threshold: this.threshold, pass: score >= this.threshold, probeFaces: 1, referenceFaces: 1 };
  }

  async enroll(personId: string, image: Buffer): Promise<void> {
    const { faces } = await this.detect(image);
    if (faces.length === 0) throw new AppError(FaceError.NO_FACE);
    if (faces.length > 1) throw new AppError(FaceError.MANY_FACES);
    const db = this.data.dbName;
    const first = await this.call('DeleteFaceEntity', { DbName: db, EntityId: personId }, new RegExp(`${NO_ENTITY.source}|${NO_DB.source}`, 'i'));
    if (first.Code && NO_DB.test(first.Code)) await this.call('CreateFaceDb', { Name: db });
    await this.call('AddFaceEntity', { DbName: db, EntityId: personId });
    await this.call('AddFace', { DbName: db, EntityId: personId, ImageUrl: await this.upload(image) });
  }

  async remove(personId: string): Promise<void> {
    await this.call('DeleteFaceEntity', { DbName: this.data.dbName, EntityId: personId }, new RegExp(`${NO_ENTITY.source}|${NO_DB.source}`, 'i'));
  }

  private async searchList(image: Buffer, limit: number): Promise<{ items: { EntityId: string; Confidence: number }[]; noFace: boolean }> {
    const r = await this.call('SearchFace', { DbName: this.data.dbName, ImageUrl: await this.upload(image), Limit: limit }, new RegExp(`${NO_FACE.source}|${NO_DB.source}`, 'i'));
    if (r.Code) return { items: [], noFace: NO_FACE.test(r.Code) };
    const list = (r.Data?.MatchList as { FaceItems?: { EntityId: string; Confidence: number }[] }[] | undefined) ?? [];
    return { items: list[0]?.FaceItems ?? [], noFace: list.length === 0 };
  }

  async verify(personId: string, image: Buffer): Promise<FaceVerification> {
    const ent = await this.call('GetFaceEntity', { DbName: this.data.dbName, EntityId: personId }, new RegExp(`${NO_ENTITY.source}|${NO_DB.source}`, 'i'));
    if (ent.Code) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 1, referenceFaces: 0, enrolled: false };
    const { items, noFace } = await this.searchList(image, 20);
    const hit = items.find((i) => i.EntityId === personId);
    const score = (hit?.Confidence ?? 0) / 100;
    return { score, threshold: this.threshold, pass: score >= this.threshold, probeFaces: noFace ? 0 : 1, referenceFaces: 1, enrolled: true };
  }

  async search(image: Buffer): Promise<FaceMatch | null> {
    const best = (await this.searchList(image, 1)).items[0];
    if (!best || best.Confidence / 100 < this.threshold) return null;
    return { personId: best.EntityId, score: best.Confidence / 100 };
  }
}
