/**
 * The local face engine (issue 12 "Face engine"; the default provider 'local', no network): faces
 * found and described by the model runtime (face.runtime.ts, @vladmandic/human on tfjs WASM),
 * compared by cosine similarity of their descriptors against `threshold` (KAOPEI_FACE_THRESHOLD,
 * default 0.7, measured in bench/README.md "Face engine"). Reference faces of enrolled people are
 * descriptors in table sys_face_person; `search` scans them all (fine for thousands of people,
 * docs/decisions.md "Issue 12").
 */
import { FaceError } from '@kaopei/contracts/face';
import type { Db } from '../../db';
import { AppError } from '../../lib/errors';
import { now } from '../../lib/time';
import type { FaceComparison, FaceDetection, FaceEngine, FaceMatch, FaceVerification } from './face.engine';
import * as repo from './face.repository';
import { analyzeFaces, similarity, type Analysis } from './face.runtime';

const round = (v: number) => Math.round(v * 10000) / 10000;

/** Boxes without descriptors (what `detect` answers). */
function toDetection(a: Analysis): FaceDetection {
  return { width: a.width, height: a.height, faces: a.faces.map(({ descriptor: _d, ...box }) => box) };
}

export class LocalFaceEngine implements FaceEngine {
  readonly name = 'local';

  /** `threshold`: cosine similarity 0–1 at or above which two faces are one person. */
  constructor(
    private readonly db: Db,
    readonly threshold: number,
  ) {}

  async detect(image: Buffer): Promise<FaceDetection> {
    return toDetection(await analyzeFaces(image));
  }

  async compare(probe: Buffer, reference: Buffer): Promise<FaceComparison> {
    const p = await analyzeFaces(probe);
    const r = await analyzeFaces(reference);
    const a = p.faces[0];
    const b = r.faces[0];
    const score = a && b ? round(similarity(a.descriptor, b.descriptor)) : 0;
    return { score, threshold: this.threshold, pass: !!a && !!b && score >= this.threshold, probeFaces: p.faces.length, referenceFaces: r.faces.length };
  }

  async enroll(personId: string, image: Buffer): Promise<void> {
    const { faces } = await analyzeFaces(image);
    if (faces.length === 0) throw new AppError(FaceError.NO_FACE);
    if (faces.length > 1) throw new AppError(FaceError.MANY_FACES);
    await repo.upsertPerson(this.db, personId, (faces[0] as { descriptor: Float32Array }).descriptor, now());
  }

  async remove(personId: string): Promise<void> {
    await repo.deletePerson(this.db, personId);
  }

  async verify(personId: string, image: Buffer): Promise<FaceVerification> {
    const { faces } = await analyzeFaces(image);
    const ref = await repo.findDescriptor(this.db, personId);
    const face = faces[0];
    const score = face && ref ? round(similarity(face.descriptor, ref)) : 0;
    return { score, threshold: this.threshold, pass: !!face && !!ref && score >= this.threshold, probeFaces: faces.length, referenceFaces: ref ? 1 : 0, enrolled: !!ref };
  }

  async search(image: Buffer): Promise<FaceMatch | null> {
    const face = (await analyzeFaces(image)).faces[0];
    if (!face) return null;
    let best: FaceMatch | null = null;
    await repo.eachDescriptor(this.db, (personId, d) => {
      const score = similarity(face.descriptor, d);
      if (score >= this.threshold && (!best || score > best.score)) best = { personId, score: round(score) };
    });
    return best;
  }
}
