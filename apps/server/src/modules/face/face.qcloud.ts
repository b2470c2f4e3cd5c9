/**
 * Tencent Cloud iai (face recognition, API 3.0, version 2020-03-03) client (issue 12; SPEC §3
 * "Face provider configuration" qcloud: region, secretId, secretKey, groupId, liveCheck).
 * Requests are signed TC3-HMAC-SHA256 as Tencent documents (`tc3Sign`): canonical request over
 * POST / with headers content-type and host, the credential scope `date/iai/tc3_request`, keys
 * derived HMAC("TC3"+secretKey, date) → service → "tc3_request". Calls: DetectFace, CompareFace,
 * CreatePerson (CreateGroup when the group is missing), DeletePerson, VerifyFace, SearchFaces, and
 * DetectLiveFace when liveCheck is on. Answers are `{Response: {…, Error?: {Code, Message}}}`;
 * scores are 0–100 (divided by 100 here), pass at 50 with FaceModelVersion 3.0 (Tencent's
 * documented false-accept rate of 1‱ at that score).
 */
import { createHash, createHmac } from 'node:crypto';
import { FaceError, type QcloudFaceData } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';
import type { FaceComparison, FaceDetection, FaceEngine, FaceMatch, FaceVerification } from './face.engine';
import { imageSize, postForJson, refused, trimUrl } from './face.http';

export const QCLOUD_ENDPOINT = 'https://iai.tencentcloudapi.com';
export const QCLOUD_VERSION = '2020-03-03';
export const QCLOUD_MODEL = '3.0';
/** Pass score (0–1) of CompareFace / SearchFaces on model 3.0. */
export const QCLOUD_THRESHOLD = 0.5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

/**
 * The TC3-HMAC-SHA256 Authorization header of a POST / with JSON `payload` to `host` at
 * `timestamp` (s), for service `service` (e.g. 'iai').
 */
export function tc3Sign(o: { secretId: string; secretKey: string; host: string; service: string; payload: string; timestamp: number; contentType?: string }): string {
  const date = new Date(o.timestamp * 1000).toISOString().slice(0, 10);
  const contentType = o.contentType ?? 'application/json; charset=utf-8';
  const canonical = ['POST', '/', '', `content-type:${contentType}\nhost:${o.host}\n`, 'content-type;host', sha256(o.payload)].join('\n');
  const scope = `${date}/${o.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(o.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${o.secretKey}`, date), o.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${o.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

interface TcError {
  Code: string;
  Message: string;
}
type TcAnswer = Record<string, unknown> & { Error?: TcError };

const NO_FACE = /ImageFacedetectFailed|FaceNotFound|NoFace/i;
const NO_PERSON = /PersonIdNotExist/i;
const NO_GROUP = /GroupIdNotExist/i;

export class QcloudFaceEngine implements FaceEngine {
  readonly name = 'qcloud';
  readonly threshold = QCLOUD_THRESHOLD;
  private readonly endpoint: string;
  private readonly host: string;

  /** `endpoint`: the API url (tests point it at a fake server); the signed host is its host. */
  constructor(
    private readonly data: QcloudFaceData,
    opts: { endpoint?: string } = {},
  ) {
    this.endpoint = trimUrl(opts.endpoint ?? QCLOUD_ENDPOINT);
    this.host = new URL(this.endpoint).host;
  }

  /** One signed call; errors whose code matches `ok` are answered (in `Error`), others thrown as PROVIDER_REFUSED. */
  private async call(action: string, params: Record<string, unknown>, ok?: RegExp): Promise<TcAnswer> {
    const payload = JSON.stringify(params);
    const timestamp = Math.floor(Date.now() / 1000);
    const contentType = 'application/json; charset=utf-8';
    const headers = {
      Authorization: tc3Sign({ secretId: this.data.secretId, secretKey: this.data.secretKey, host: this.host, service: 'iai', payload, timestamp, contentType }),
      'Content-Type': contentType,
      Host: this.host,
      'X-TC-Action': action,
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': QCLOUD_VERSION,
      'X-TC-Region': this.data.region,
    };
    const res = (await postForJson(`${this.endpoint}/`, payload, headers)) as { Response?: TcAnswer };
    const r = res.Response;
    if (!r) throw new AppError(FaceError.ENGINE_FAILED);
    if (r.Error && !(ok && ok.test(r.Error.Code))) throw refused(r.Error.Code, r.Error.Message);
    return r;
  }

  private async liveness(image: Buffer): Promise<number | null> {
    if (!this.data.liveCheck) return null;
    const r = await this.call('DetectLiveFace', { Image: image.toString('base64'), FaceModelVersion: QCLOUD_MODEL }, NO_FACE);
    return r.Error ? null : Number(r.Score ?? 0) / 100;
  }

  async detect(image: Buffer): Promise<FaceDetection> {
    const size = await imageSize(image);
    const r = await this.call('DetectFace', { Image: image.toString('base64'), MaxFaceNum: 10, NeedFaceAttributes: 0, FaceModelVersion: QCLOUD_MODEL }, NO_FACE);
    const infos = r.Error ? [] : ((r.FaceInfos as { X: number; Y: number; Width: number; Height: number }[] | undefined) ?? []);
    const live = infos.length ? await this.liveness(image) : null;
    return {
      width: Number(r.ImageWidth ?? size.width),
      height: Number(r.ImageHeight ?? size.height),
      faces: infos.map((f, i) => ({ x: f.X, y: f.Y, width: f.Width, height: f.Height, score: 1, live: i === 0 ? live : null })),
    };
  }

  async compare(probe: Buffer, reference: Buffer): Promise<FaceComparison> {
    const r = await this.call('CompareFace', { ImageA: probe.toString('base64'), ImageB: reference.toString('base64'), FaceModelVersion: QCLOUD_MODEL }, NO_FACE);
    if (r.Error) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 0, referenceFaces: 0 };
    const score = Number(r.Score ?? 0) / 100;
    return { score, threshold: this.threshold, pass: score >= this.threshold, probeFaces: 1, referenceFaces: 1 };
  }

  async enroll(personId: string, image: Buffer): Promise<void> {
    const { faces } = await this.detect(image);
    if (faces.length === 0) throw new AppError(FaceError.NO_FACE);
    if (faces.length > 1) throw new AppError(FaceError.MANY_FACES);
    await this.remove(personId);
    const create = () => this.call('CreatePerson', { GroupId: this.data.groupId, PersonName: personId, PersonId: personId, Image: image.toString('base64') }, NO_GROUP);
    const r = await create();
    if (r.Error) {
      await this.call('CreateGroup', { GroupId: this.data.groupId, GroupName: this.data.groupId, FaceModelVersion: QCLOUD_MODEL });
      await this.call('CreatePerson', { GroupId: this.data.groupId, PersonName: personId, PersonId: personId, Image: image.toString('base64') });
    }
  }

  async remove(personId: string): Promise<void> {
    await this.call('DeletePerson', { PersonId: personId }, NO_PERSON);
  }

  async verify(personId: string, image: Buffer): Promise<FaceVerification> {
    const r = await this.call('VerifyFace', { PersonId: personId, Image: image.toString('base64') }, new RegExp(`${NO_FACE.source}|${NO_PERSON.source}`, 'i'));
    if (r.Error && NO_PERSON.test(r.Error.Code)) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 1, referenceFaces: 0, enrolled: false };
    if (r.Error) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 0, referenceFaces: 1, enrolled: true };
    const score = Number(r.Score ?? 0) / 100;
    return { score, threshold: this.threshold, pass: r.IsMatch === true && score >= this.threshold, probeFaces: 1, referenceFaces: 1, enrolled: true };
  }

  async search(image: Buffer): Promise<FaceMatch | null> {
    const r = await this.call('SearchFaces', { GroupIds: [this.data.groupId], Image: image.toString('base64'), MaxFaceNum: 1, MaxPersonNum: 1, FaceMatchThreshold: this.threshold * 100 }, NO_FACE);
    const results = (r.Results as { Candidates?: { PersonId: string; Score: number }[] }[] | undefined) ?? [];
    const best = results[0]?.Candidates?.[0];
    if (r.Error || !best || best.Score / 100 < this.threshold) return null;
    return { personId: best.PersonId, score: best.Score / 100 };
  }
}
