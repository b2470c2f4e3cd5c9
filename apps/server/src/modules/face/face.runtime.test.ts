/**
 * The local model runtime (issue 12 "Face engine": "make a failure to load answer
 * AppError(FaceError.ENGINE_FAILED), not a crash"): a model folder without the weights answers
 * ENGINE_FAILED for every call, and the next call after the folder is right loads and answers;
 * parallel calls are queued and each gets its own image's answer; the process keeps its own
 * 'unhandledRejection' / 'uncaughtException' listeners (the WASM runtime's are removed); calls
 * beyond MAX_PENDING are refused at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FaceError } from '@kaopei/contracts/face';
import { FACE_SAMPLES, noFace, personA, twoFaces } from '../../test/faces';
import { analyzeFaces, loadFaceModel, MAX_PENDING, resetFaceModel } from './face.runtime';

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-face-models-'));
afterAll(async () => {
  await resetFaceModel();
  fs.rmSync(empty, { recursive: true, force: true });
});

describe.skipIf(!FACE_SAMPLES)('face model runtime', () => {
  it('answers ENGINE_FAILED while the models cannot load, and works once they can', async () => {
    const listeners = () => [process.listenerCount('unhandledRejection'), process.listenerCount('uncaughtException')];
    const before = listeners();
    await resetFaceModel({ modelDir: empty });
    await expect(loadFaceModel()).rejects.toMatchObject({ code: FaceError.ENGINE_FAILED.code });
    await expect(analyzeFaces(await personA())).rejects.toMatchObject({ code: FaceError.ENGINE_FAILED.code });
    await resetFaceModel();
    expect((await analyzeFaces(await personA())).faces).toHaveLength(1);
    // The WASM runtime's rethrowing process listeners are removed again.
    expect(listeners()).toEqual(before);
  });

  it('queues parallel calls and answers each its own faces', async () => {
    const imgs = [await twoFaces(), await noFace(), await personA(), await twoFaces()];
    const out = await Promise.all(imgs.map((i) => analyzeFaces(i)));
    expect(out.map((o) => o.faces.length)).toEqual([2, 0, 1, 2]);
  });

  it('refuses calls beyond MAX_PENDING at once instead of queueing without bound', async () => {
    const img = await noFace();
    const out = await Promise.allSettled(Array.from({ length: MAX_PENDING + 3 }, () => analyzeFaces(img)));
    const refused = out.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: FaceError.ENGINE_FAILED.code });
    expect((await analyzeFaces(await personA())).faces).toHaveLength(1);
  });
});
