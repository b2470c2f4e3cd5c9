/**
 * Baidu AI face v3 client (issue 12; SPEC §3 "Face provider configuration" baidu: appId, appKey,
 * secretKey, faceGroup, liveCheck). Authentication per Baidu's documented OAuth flow: POST
 * /oauth/2.0/token?grant_type=client_credentials&client_id=appKey&client_secret=secretKey answers an
 * access_token (cached until 1 min before `expires_in`), sent as `?access_token=` on every call.
 * Calls (JSON bodies, images as BASE64): /rest/2.0/face/v3/detect, /match, /search (1:N, and 1:1
 * with `user_id`), /faceset/user/add (action_type REPLACE), /faceset/user/delete. Answers carry
 * `error_code` (0 ok) and `result`; scores are 0–100 (divided by 100 here), pass at 80 (Baidu's
 * recommended threshold). liveCheck asks for liveness_control NORMAL on the probe image.
 */
import { type BaiduFaceData, FaceError } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';
import type { FaceComparison, FaceDetection, FaceEngine, FaceMatch, FaceVerification } from './face.engine';
import { imageSize, postForJson, refused, trimUrl } from './face.http';

export const BAIDU_ENDPOINT = 'https://aip.baidubce.com';
/** Baidu's recommended match threshold (score 80 of 100). */
export const BAIDU_THRESHOLD = 0.8;

/** Baidu error codes: no face in the picture; user (or group) not found; no matching user; the access token is invalid or expired. */
const NO_FACE = new Set([222202, 222203, 222209]);
const NOT_FOUND = new Set([223103, 223106, 222207]);
const NO_USER = new Set([223103, 223106]);
const BAD_TOKEN = new Set([110, 111]);

interface BaiduAnswer {
  error_code?: number;
  error_msg?: string;
  result?: Record<string, unknown> | null;
}
interface BaiduFace {
  location?: { left: number; top: number; width: number; height: number };
  face_probability?: number;
  liveness?: { livemapscore?: number };
}

export class BaiduFaceEngine implements FaceEngine {
  readonly name = 'baidu';
  readonly threshold = BAIDU_THRESHOLD;
  private token: { value: string; until: number } | null = null;
  private readonly endpoint: string;

  /** `endpoint`: the API host (tests point it at a fake server). */
  constructor(
    private readonly data: BaiduFaceData,
    opts: { endpoint?: string } = {},
  ) {
    this.endpoint = trimUrl(opts.endpoint ?? BAIDU_ENDPOINT);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const q = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.data.appKey, client_secret: this.data.secretKey });
    const res = (await postForJson(`${this.endpoint}/oauth/2.0/token?${q}`, '', {})) as { access_token?: string; expires_in?: number; error?: string; error_description?: string };
    if (!res.access_token) throw refused(res.error ?? 'token', res.error_description ?? 'no access_token');
    this.token = { value: res.access_token, until: Date.now() + Math.max(0, (res.expires_in ?? 3600) - 60) * 1000 };
    return res.access_token;
  }

  /** One API call; `ok` lists vendor error codes answered to the caller instead of thrown. */
  private async call(path: string, body: unknown, ok: ReadonlySet<number> = new Set()): Promise<BaiduAnswer> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = (await postForJson(`${this.endpoint}${path}?access_token=${encodeURIComponent(token)}`, JSON.stringify(body), { 'Content-Type': 'application/json' })) as BaiduAnswer;
      const code = res.error_code ?? 0;
      if (code === 0 || ok.has(code)) return res;
      if (BAD_TOKEN.has(code) && attempt === 0) {
        this.token = null;
        continue;
      }
      throw refused(code, res.error_msg ?? '');
    }
  }

  private img(image: Buffer) {
    return { image: image.toString('base64'), image_type: 'BASE64' };
  }

  private live() {
    return this.data.liveCheck ? 'NORMAL' : 'NONE';
  }

  async detect(image: Buffer): Promise<FaceDetection> {
    const size = await imageSize(image);
    const res = await this.call('/rest/2.0/face/v3/detect', { ...this.img(image), max_face_num: 10, face_field: 'face_type' }, NO_FACE);
    const list = ((res.result?.face_list as BaiduFace[] | undefined) ?? []).filter((f) => f.location);
    return {
      ...size,
      faces: list.map((f) => ({
        x: Math.round(f.location!.left),
        y: Math.round(f.location!.top),
        width: Math.round(f.location!.width),
        height: Math.round(f.location!.height),
        score: f.face_probability ?? 1,
        live: typeof f.liveness?.livemapscore === 'number' ? f.liveness.livemapscore : null,
      })),
    };
  }

  async compare(probe: Buffer, reference: Buffer): Promise<FaceComparison> {
    const res = await this.call(
      '/rest/2.0/face/v3/match',
      [
        { ...this.img(probe), face_type: 'LIVE', liveness_control: this.live() },
        { ...this.img(reference), face_type: 'LIVE', liveness_control: 'NONE' },
      ],
      NO_FACE,
    );
    if (res.error_code) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 0, referenceFaces: 0 };
    const score = Number(res.result?.score ?? 0) / 100;
    return { score, threshold: this.threshold, pass: score >= this.threshold, probeFaces: 1, referenceFaces: 1 };
  }

  async enroll(personId: string, image: Buffer): Promise<void> {
    const { faces } = await this.detect(image);
    if (faces.length === 0) throw new AppError(FaceError.NO_FACE);
    if (faces.length > 1) throw new AppError(FaceError.MANY_FACES);
    await this.call('/rest/2.0/face/v3/faceset/user/add', { ...this.img(image), group_id: this.data.faceGroup, user_id: personId, action_type: 'REPLACE', liveness_control: 'NONE' });
  }

  async remove(personId: string): Promise<void> {
    await this.call('/rest/2.0/face/v3/faceset/user/delete', { group_id: this.data.faceGroup, user_id: personId }, NOT_FOUND);
  }

  async verify(personId: string, image: Buffer): Promise<FaceVerification> {
    const res = await this.call('/rest/2.0/face/v3/search', { ...this.img(image), group_id_list: this.data.faceGroup, user_id: personId, liveness_control: this.live() }, new Set([...NO_FACE, ...NOT_FOUND]));
    const code = res.error_code ?? 0;
    if (NO_USER.has(code)) return { score: 0, threshold: this.threshold, pass: false, probeFaces: 1, referenceFaces: 0, enrolled: false };
    if (code) return { score: 0, threshold: this.threshold, pass: false, probeFaces: NO_FACE.has(code) ? 0 : 1, referenceFaces: 1, enrolled: true };
    const user = (res.result?.user_list as { user_id: string; score: number }[] | undefined)?.[0];
    const score = (user?.score ?? 0) / 100;
    return { score, threshold: this.threshold, pass: score >= this.threshold, probeFaces: 1, referenceFaces: 1, enrolled: true };
  }

  async search(image: Buffer): Promise<FaceMatch | null> {
    const res = await this.call('/rest/2.0/face/v3/search', { ...this.img(image), group_id_list: this.data.faceGroup, max_user_num: 1, liveness_control: this.live() }, new Set([...NO_FACE, ...NOT_FOUND]));
    const user = (res.result?.user_list as { user_id: string; score: number }[] | undefined)?.[0];
    if (res.error_code || !user || user.score / 100 < this.threshold) return null;
    return { personId: user.user_id, score: user.score / 100 };
  }
}
