/**
 * The local face engine and FaceService (issue 12 "Face engine", Tests "engine compare on
 * same/different face pairs"): same-person pairs pass, different people fail, an image without a
 * face has no face; enroll → verify → search → remove round trip on the database; decodeImage
 * refuses what is no image or too large; provider switching through /api/sys/config/prop/*.
 * The photos are cut from the sample photos of @vladmandic/face-api (test/faces.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { FaceError } from '@kaopei/contracts/face';
import { FACE_PROP_MSG, PROP_MSG, propApi, PropError } from '@kaopei/contracts/sys-config-prop';
import { testApp, type TestApp } from '../../test/app';
import { dataUrl, FACE_SAMPLES, FACE_SAMPLES_MISSING, noFace, personA, personA2, personB, personC, twoFaces } from '../../test/faces';
import type { FaceService } from './face.service';

if (!FACE_SAMPLES) console.warn(FACE_SAMPLES_MISSING);

let t: TestApp;
let face: FaceService;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  face = t.services.face;
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (e) {
    return (e as { code?: number }).code ?? -1;
  }
};

describe('decodeImage', () => {
  it('accepts a data url or bare base64 of a jpg/png and refuses anything else or too large', async () => {
    const jpg = await noFace();
    expect(face.decodeImage(dataUrl(jpg)).equals(jpg)).toBe(true);
    expect(face.decodeImage(jpg.toString('base64')).equals(jpg)).toBe(true);
    for (const bad of ['', 'not base64 !!', Buffer.from('GIF89a just text').toString('base64'), 'data:text/plain;base64,aGVsbG8=']) {
      expect(() => face.decodeImage(bad), bad).toThrow(expect.objectContaining({ code: FaceError.BAD_IMAGE.code }));
    }
    expect(() => face.decodeImage(dataUrl(jpg), jpg.length - 1)).toThrow(expect.objectContaining({ code: FaceError.IMAGE_TOO_LARGE.code }));
  });

  it('answers BAD_IMAGE for bytes that look like a jpg but do not decode', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    expect(await code(face.detect(broken))).toBe(FaceError.BAD_IMAGE.code);
  });
});

describe.skipIf(!FACE_SAMPLES)('local engine', () => {
  it('finds one face in a portrait, two in a pair and none in a gradient', async () => {
    const one = await face.detect(await personA());
    expect(one.faces).toHaveLength(1);
    const [box] = one.faces;
    expect(box).toMatchObject({ score: expect.any(Number) });
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(one.width + 2);
    expect(box!.live === null || (box!.live >= 0 && box!.live <= 1)).toBe(true);
    expect((await face.detect(await twoFaces())).faces).toHaveLength(2);
    expect((await face.detect(await noFace())).faces).toHaveLength(0);
  });

  it('passes the same person and fails different people', async () => {
    const same = await face.compare(await personA2(), await personA());
    expect(same).toMatchObject({ pass: true, probeFaces: 1, referenceFaces: 1 });
    expect(same.score).toBeGreaterThanOrEqual(same.threshold);
    for (const other of [personB, personC]) {
      const diff = await face.compare(await other(), await personA());
      expect(diff.pass).toBe(false);
      expect(diff.score).toBeLessThan(diff.threshold);
    }
    const none = await face.compare(await noFace(), await personA());
    expect(none).toMatchObject({ pass: false, score: 0, probeFaces: 0, referenceFaces: 1 });
  });

  it('enrolls, verifies, searches and removes a person', async () => {
    expect(await face.verify('u-a', await personA2())).toMatchObject({ enrolled: false, pass: false });
    expect(await code(face.enroll('u-a', await noFace()))).toBe(FaceError.NO_FACE.code);
    expect(await code(face.enroll('u-a', await twoFaces()))).toBe(FaceError.MANY_FACES.code);
    expect(await t.db.selectFrom('sys_face_person').selectAll().execute()).toHaveLength(0);

    await face.enroll('u-a', await personA());
    await face.enroll('u-b', await personB());
    await face.enroll('u-a', await personA()); // replacing: still one row
    expect(await t.db.selectFrom('sys_face_person').select('personId').orderBy('personId').execute()).toEqual([{ personId: 'u-a' }, { personId: 'u-b' }]);

    expect(await face.verify('u-a', await personA2())).toMatchObject({ enrolled: true, pass: true, probeFaces: 1 });
    expect(await face.verify('u-b', await personA2())).toMatchObject({ enrolled: true, pass: false });
    expect(await face.verify('u-a', await noFace())).toMatchObject({ enrolled: true, pass: false, probeFaces: 0 });

    expect(await face.search(await personA2())).toMatchObject({ personId: 'u-a' });
    expect(await face.search(await personC())).toBeNull();
    expect(await face.search(await noFace())).toBeNull();

    await face.remove('u-a');
    await face.remove('u-a');
    expect(await face.search(await personA2())).toBeNull();
    expect(await face.verify('u-a', await personA2())).toMatchObject({ enrolled: false, pass: false });
    await face.remove('u-b');
  });
});

describe('face provider configuration (prop type "face")', () => {
  const BAIDU = { appId: '1000', appKey: 'ak-0123456789', secretKey: 'sk-0123456789', faceGroup: 'kaopei', liveCheck: true };
  const save = (provider: string, data: Record<string, unknown>) => t.call(propApi.save, { type: 'face', provider, data }, admin);

  it('validates with clear messages, requires a provider and switches the engine', async () => {
    expect((await face.engine()).name).toBe('local');
    expect(await t.call(propApi.change, { type: 'face', provider: '' }, admin)).toMatchObject({ msg: PROP_MSG.provider });
    expect(await t.call(propApi.change, { type: 'face', provider: 'baidu' }, admin)).toMatchObject({ code: PropError.NOT_CONFIGURED.code });
    expect(await save('baidu', { ...BAIDU, secretKey: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: PROP_MSG.secretKey });
    expect(await save('baidu', { ...BAIDU, faceGroup: 'a b' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: FACE_PROP_MSG.groupFormat });
    expect(await save('qcloud', { region: 'ap-guangzhou', secretId: 'x', secretKey: 'y', groupId: '' })).toMatchObject({ msg: FACE_PROP_MSG.groupId });
    expect(await save('aliyun', { accessKeyId: 'x', accessKeySecret: '', dbName: 'kp' })).toMatchObject({ msg: PROP_MSG.accessKeySecret });

    expect(await save('baidu', BAIDU)).toMatchObject({ code: 0 });
    const detail = await t.call<{ data: Record<string, unknown> }>(propApi.detail, { type: 'face', provider: 'baidu' }, admin);
    expect(detail.data?.data).toMatchObject({ appId: '1000', faceGroup: 'kaopei', liveCheck: true });
    expect(detail.data?.data.secretKey).not.toBe(BAIDU.secretKey);

    expect(await t.call(propApi.change, { type: 'face', provider: 'baidu' }, admin)).toMatchObject({ code: 0 });
    expect((await face.engine()).name).toBe('baidu');
    expect(await t.call(propApi.change, { type: 'face', provider: 'local' }, admin)).toMatchObject({ code: 0 });
    expect((await face.engine()).name).toBe('local');
  });
});
