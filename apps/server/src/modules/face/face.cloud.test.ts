/**
 * The cloud face clients (issue 12 Tests "provider clients against fake servers"): baidu, qcloud
 * and aliyun each talk to a local node:http server that recomputes the request's authentication
 * (Baidu OAuth token, TC3-HMAC-SHA256, RPC HMAC-SHA1) and refuses a wrong one in the vendor's
 * format, then answers like the vendor from a small in-memory face group. Images are tiny jpgs
 * whose "person" the fake looks up by their bytes.
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceError } from '@kaopei/contracts/face';
import { AliyunFaceEngine, rpcSign } from './face.aliyun';
import { BaiduFaceEngine } from './face.baidu';
import type { FaceEngine } from './face.engine';
import { QcloudFaceEngine, tc3Sign } from './face.qcloud';

/** Test pictures: who is on them (null: nobody; 'a+b': two people). */
const pics: Record<string, Buffer> = {};
const who = new Map<string, string | null>();
const person = (b64: string) => who.get(b64);

beforeAll(async () => {
  const colors: [string, string | null, number][] = [
    ['a', 'a', 10],
    ['a2', 'a', 20],
    ['b', 'b', 200],
    ['none', null, 120],
    ['two', 'a+b', 60],
  ];
  for (const [name, p, c] of colors) {
    pics[name] = await sharp({ create: { width: 40, height: 50, channels: 3, background: { r: c, g: 255 - c, b: 90 } } }).jpeg().toBuffer();
    who.set(pics[name].toString('base64'), p);
  }
});

/** Similarity 0–100 the fakes answer: same person 96, else 20. */
const sim = (x: string | null | undefined, y: string | null | undefined) => (x && y && x === y ? 96 : 20);
const facesOf = (p: string | null | undefined) => (p ? p.split('+').length : 0);

interface Fake {
  url: string;
  calls: string[];
  close(): Promise<void>;
}

async function fakeServer(handle: (req: http.IncomingMessage, body: Buffer, url: URL) => Promise<unknown> | unknown, calls: string[] = []): Promise<Fake> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const out = await handle(req, Buffer.concat(chunks), new URL(req.url ?? '/', 'http://fake'));
        if (typeof out === 'number') {
          res.writeHead(out).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

/** The common behaviour every client must show against its fake. */
function roundTrip(make: (good: boolean) => FaceEngine) {
  it('detects, compares, enrolls, verifies, searches and removes like the vendor answers', async () => {
    const e = make(true);
    expect((await e.detect(pics.a!)).faces).toHaveLength(1);
    expect((await e.detect(pics.two!)).faces).toHaveLength(2);
    const none = await e.detect(pics.none!);
    expect(none).toMatchObject({ width: 40, height: 50, faces: [] });

    expect(await e.compare(pics.a2!, pics.a!)).toMatchObject({ pass: true, score: 0.96 });
    expect(await e.compare(pics.b!, pics.a!)).toMatchObject({ pass: false, score: 0.2 });
    expect(await e.compare(pics.none!, pics.a!)).toMatchObject({ pass: false, score: 0 });

    expect(await e.verify('1001', pics.a2!)).toMatchObject({ enrolled: false, pass: false });
    await expect(e.enroll('1001', pics.none!)).rejects.toMatchObject({ code: FaceError.NO_FACE.code });
    await expect(e.enroll('1001', pics.two!)).rejects.toMatchObject({ code: FaceError.MANY_FACES.code });
    await e.enroll('1001', pics.a!);
    await e.enroll('1002', pics.b!);
    await e.enroll('1001', pics.a!);
    expect(await e.verify('1001', pics.a2!)).toMatchObject({ enrolled: true, pass: true, score: 0.96 });
    expect(await e.verify('1002', pics.a2!)).toMatchObject({ enrolled: true, pass: false });
    expect(await e.search(pics.a2!)).toEqual({ personId: '1001', score: 0.96 });
    expect(await e.search(pics.none!)).toBeNull();
    await e.remove('1001');
    await e.remove('1001');
    expect(await e.search(pics.a2!)).toBeNull();
    expect(await e.verify('1001', pics.a2!)).toMatchObject({ enrolled: false });
  });

  it('is refused when its keys are wrong (the fake checks the signature)', async () => {
    await expect(make(false).compare(pics.a!, pics.a2!)).rejects.toMatchObject({ code: FaceError.PROVIDER_REFUSED.code });
  });
}

// ---------------------------------------------------------------- baidu

describe('baidu face v3 client', () => {
  const KEYS = { appId: '1', appKey: 'baidu-ak', secretKey: 'baidu-sk', faceGroup: 'kp', liveCheck: false };
  const group = new Map<string, string>();
  let fake: Fake;
  const tokens = new Set<string>();
  beforeAll(async () => {
    fake = await fakeServer((req, raw, url) => {
      if (url.pathname === '/oauth/2.0/token') {
        const q = url.searchParams;
        if (q.get('grant_type') !== 'client_credentials' || q.get('client_id') !== KEYS.appKey || q.get('client_secret') !== KEYS.secretKey) return { error: 'invalid_client', error_description: 'unknown client id' };
        const t = `tok-${tokens.size}`;
        tokens.add(t);
        return { access_token: t, expires_in: 2592000 };
      }
      if (!tokens.has(url.searchParams.get('access_token') ?? '')) return { error_code: 110, error_msg: 'Access token invalid or no longer valid' };
      const body = JSON.parse(raw.toString()) as Record<string, string> & { user_id?: string };
      const img = (b: { image: string; image_type: string }) => (b.image_type === 'BASE64' ? person(b.image) : undefined);
      const noFace = { error_code: 222202, error_msg: 'pic not has face' };
      switch (url.pathname) {
        case '/rest/2.0/face/v3/detect': {
          const n = facesOf(img(body as never));
          if (!n) return noFace;
          return { error_code: 0, result: { face_num: n, face_list: Array.from({ length: n }, (_, i) => ({ location: { left: i * 10, top: 5, width: 10, height: 12, rotation: 0 }, face_probability: 1 })) } };
        }
        case '/rest/2.0/face/v3/match': {
          const [p, r] = (JSON.parse(raw.toString()) as { image: string; image_type: string }[]).map(img);
          if (!p || !r) return noFace;
          return { error_code: 0, result: { score: sim(p, r), face_list: [] } };
        }
        case '/rest/2.0/face/v3/faceset/user/add':
          if (body.action_type !== 'REPLACE' || body.group_id !== KEYS.faceGroup) return { error_code: 222200, error_msg: 'bad request' };
          group.set(body.user_id!, img(body as never)!);
          return { error_code: 0, result: { face_token: 'x' } };
        case '/rest/2.0/face/v3/faceset/user/delete':
          if (!group.delete(body.user_id!)) return { error_code: 223103, error_msg: 'user is not exist' };
          return { error_code: 0, result: null };
        case '/rest/2.0/face/v3/search': {
          const p = img(body as never);
          if (!p) return noFace;
          if (body.user_id && !group.has(body.user_id)) return { error_code: 223103, error_msg: 'user is not exist' };
          const users = [...group].filter(([id]) => !body.user_id || id === body.user_id).map(([id, q]) => ({ user_id: id, group_id: 'kp', score: sim(p, q) }));
          users.sort((x, y) => y.score - x.score);
          if (!users.length) return { error_code: 222207, error_msg: 'match user is not found' };
          return { error_code: 0, result: { user_list: users.slice(0, 1) } };
        }
      }
      return { error_code: 3, error_msg: 'Unsupported openapi method' };
    });
  });
  afterAll(() => fake.close());
  roundTrip((good) => new BaiduFaceEngine(good ? KEYS : { ...KEYS, secretKey: 'wrong' }, { endpoint: fake.url }));
});

// ---------------------------------------------------------------- qcloud

describe('qcloud iai client (TC3-HMAC-SHA256)', () => {
  const KEYS = { region: 'ap-guangzhou', secretId: 'AKIDtest', secretKey: 'qcloud-secret', groupId: 'kp', liveCheck: false };
  const people = new Map<string, string>();
  let groupExists = false;
  let fake: Fake;
  beforeAll(async () => {
    fake = await fakeServer((req, raw) => {
      const h = req.headers;
      const payload = raw.toString();
      const ts = Number(h['x-tc-timestamp']);
      const expected = tc3Sign({ secretId: KEYS.secretId, secretKey: KEYS.secretKey, host: String(h.host), service: 'iai', payload, timestamp: ts, contentType: String(h['content-type']) });
      // Recompute independently from the documented steps too (not only through tc3Sign).
      const date = new Date(ts * 1000).toISOString().slice(0, 10);
      const canon = `POST\n/\n\ncontent-type:${h['content-type']}\nhost:${h.host}\n\ncontent-type;host\n${createHash('sha256').update(payload).digest('hex')}`;
      const sts = `TC3-HMAC-SHA256\n${ts}\n${date}/iai/tc3_request\n${createHash('sha256').update(canon).digest('hex')}`;
      const k = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
      const sig = createHmac('sha256', k(k(k(`TC3${KEYS.secretKey}`, date), 'iai'), 'tc3_request')).update(sts).digest('hex');
      const err = (Code: string, Message: string) => ({ Response: { Error: { Code, Message }, RequestId: 'r' } });
      if (h.authorization !== expected || !String(h.authorization).endsWith(`Signature=${sig}`) || h['x-tc-version'] !== '2020-03-03' || h['x-tc-region'] !== KEYS.region)
        return err('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
      const b = JSON.parse(payload) as Record<string, string>;
      const ok = (r: object) => ({ Response: { ...r, RequestId: 'r' } });
      const noFace = err('FailedOperation.ImageFacedetectFailed', '人脸检测失败');
      switch (h['x-tc-action']) {
        case 'DetectFace': {
          const n = facesOf(person(b.Image!));
          if (!n) return noFace;
          return ok({ ImageWidth: 40, ImageHeight: 50, FaceInfos: Array.from({ length: n }, (_, i) => ({ X: i * 10, Y: 5, Width: 10, Height: 12 })) });
        }
        case 'CompareFace': {
          const [p, r] = [person(b.ImageA!), person(b.ImageB!)];
          return p && r ? ok({ Score: sim(p, r), FaceModelVersion: '3.0' }) : noFace;
        }
        case 'CreatePerson':
          if (!groupExists) return err('InvalidParameterValue.GroupIdNotExist', '人员库ID不存在');
          if (people.has(b.PersonId!)) return err('InvalidParameterValue.PersonIdAlreadyExist', '人员ID已经存在');
          people.set(b.PersonId!, person(b.Image!)!);
          return ok({ FaceId: 'f' });
        case 'CreateGroup':
          groupExists = true;
          return ok({});
        case 'DeletePerson':
          return people.delete(b.PersonId!) ? ok({}) : err('InvalidParameterValue.PersonIdNotExist', '人员ID不存在');
        case 'VerifyFace': {
          if (!people.has(b.PersonId!)) return err('InvalidParameterValue.PersonIdNotExist', '人员ID不存在');
          const p = person(b.Image!);
          if (!p) return noFace;
          const s = sim(p, people.get(b.PersonId!));
          return ok({ Score: s, IsMatch: s >= 50 });
        }
        case 'SearchFaces': {
          const p = person(b.Image!);
          if (!p) return noFace;
          const c = [...people].map(([id, q]) => ({ PersonId: id, Score: sim(p, q) })).filter((x) => x.Score >= Number(b.FaceMatchThreshold ?? 0));
          return ok({ Results: [{ Candidates: c.slice(0, 1), RetCode: 0 }] });
        }
      }
      return err('InvalidAction', 'no such action');
    });
  });
  afterAll(() => fake.close());
  roundTrip((good) => new QcloudFaceEngine(good ? KEYS : { ...KEYS, secretKey: 'wrong' }, { endpoint: fake.url }));
});

// ---------------------------------------------------------------- aliyun

describe('aliyun facebody client (RPC HMAC-SHA1, temporary OSS upload)', () => {
  const KEYS = { accessKeyId: 'LTAItest', accessKeySecret: 'aliyun-secret', dbName: 'kp', liveCheck: false };
  const uploads = new Map<string, string | null | undefined>();
  const entities = new Map<string, string | undefined>();
  let dbExists = false;
  let fake: Fake;
  let oss: Fake;
  beforeAll(async () => {
    oss = await fakeServer(async (req, raw) => {
      const form = await new Request('http://x/', { method: 'POST', headers: req.headers as Record<string, string>, body: new Uint8Array(raw) }).formData();
      if (form.get('policy') !== 'POLICY' || form.get('OSSAccessKeyId') !== 'STS-AK') return 403;
      const file = form.get('file') as Blob;
      uploads.set(String(form.get('key')), person(Buffer.from(await file.arrayBuffer()).toString('base64')));
      return 201;
    });
    let n = 0;
    fake = await fakeServer((req, raw) => {
      const params = Object.fromEntries(new URLSearchParams(raw.toString()));
      const { Signature, ...rest } = params;
      const err = (Code: string, Message: string) => ({ RequestId: 'r', Code, Message });
      // Recomputed from the documented steps (RFC 3986 encoding: space %20, * %2A, ~ kept).
      const enc = (v: string) => [...Buffer.from(v, 'utf8')].map((c) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(c)) ? String.fromCharCode(c) : `%${c.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
      const canon = Object.keys(rest).sort().map((k) => `${enc(k)}=${enc(rest[k]!)}`).join('&');
      const mine = createHmac('sha1', `${KEYS.accessKeySecret}&`).update(`POST&%2F&${enc(canon)}`).digest('base64');
      if (!Signature || mine !== Signature || rpcSign(rest, KEYS.accessKeySecret) !== Signature || rest.AccessKeyId !== KEYS.accessKeyId || rest.SignatureMethod !== 'HMAC-SHA1' || !rest.SignatureNonce || !rest.Timestamp)
        return err('SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
      const urlPerson = (u: string | undefined) => uploads.get(String(u).replace(/^http:\/\/viapi-temp\.oss-cn-shanghai\.aliyuncs\.com\//, ''));
      const noFace = err('InvalidImage.NotFoundFace', 'no face');
      switch (rest.Action) {
        case 'AuthorizeFileUpload':
          if (rest.Version !== '2019-12-19' || rest.Product !== 'facebody') return err('InvalidParameter', 'bad');
          return { RequestId: 'r', AccessKeyId: 'STS-AK', Bucket: 'viapi-temp', Endpoint: 'oss-cn-shanghai.aliyuncs.com', ObjectKey: `up/${n++}.jpg`, EncodedPolicy: 'POLICY', Signature: 'SIG' };
        case 'DetectFace': {
          const f = facesOf(urlPerson(rest.ImageURL));
          if (!f) return noFace;
          return { RequestId: 'r', Data: { FaceCount: f, FaceRectangles: Array.from({ length: f }, (_, i) => [i * 10, 5, 10, 12]).flat(), FaceProbabilityList: Array(f).fill(0.99) } };
        }
        case 'CompareFace': {
          const [p, r] = [urlPerson(rest.ImageURLA), urlPerson(rest.ImageURLB)];
          return p && r ? { RequestId: 'r', Data: { Confidence: sim(p, r), Thresholds: [61, 69, 75] } } : noFace;
        }
        case 'CreateFaceDb':
          dbExists = true;
          return { RequestId: 'r' };
        case 'DeleteFaceEntity':
          if (!dbExists) return err('InvalidDbName.NotFound', 'db not found');
          return entities.delete(rest.EntityId!) ? { RequestId: 'r' } : err('InvalidEntity.NotFound', 'entity not found');
        case 'AddFaceEntity':
          entities.set(rest.EntityId!, undefined);
          return { RequestId: 'r' };
        case 'AddFace':
          entities.set(rest.EntityId!, urlPerson(rest.ImageUrl) ?? undefined);
          return { RequestId: 'r', Data: { FaceId: '1' } };
        case 'GetFaceEntity':
          return entities.has(rest.EntityId!) ? { RequestId: 'r', Data: { EntityId: rest.EntityId } } : err('InvalidEntity.NotFound', 'entity not found');
        case 'SearchFace': {
          const p = urlPerson(rest.ImageUrl);
          if (!p) return noFace;
          const items = [...entities].map(([id, q]) => ({ EntityId: id, Confidence: sim(p, q), Score: sim(p, q) / 100 })).sort((x, y) => y.Confidence - x.Confidence);
          return { RequestId: 'r', Data: { MatchList: [{ FaceItems: items.slice(0, Number(rest.Limit)), Location: {} }] } };
        }
      }
      return err('InvalidAction.NotFound', 'no such action');
    });
  });
  afterAll(async () => {
    await fake.close();
    await oss.close();
  });
  roundTrip((good) => new AliyunFaceEngine(good ? KEYS : { ...KEYS, accessKeySecret: 'wrong' }, { endpoint: fake.url, openplatform: fake.url, uploadBase: oss.url }));
});
