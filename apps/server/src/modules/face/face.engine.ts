/**
 * The face engine interface (issue 12 "Face engine"): every provider — the local engine on the server
 * and the baidu / qcloud / aliyun clients — implements it. Images are decoded jpg/png bytes as
 * uploaded (never a URL the engine would fetch).
 */
import type { FaceBox } from '@kaopei/contracts/face';

/** What `detect` answers: the image size in pixels and every face found, most confident first. */
export interface FaceDetection {
  width: number;
  height: number;
  faces: FaceBox[];
}

/**
 * What `compare` answers: similarity 0–1 of the most prominent face of each image and `pass` when it
 * reaches `threshold`. `probeFaces` / `referenceFaces` count the faces found (0: no face, never a pass).
 */
export interface FaceComparison {
  score: number;
  threshold: number;
  pass: boolean;
  probeFaces: number;
  referenceFaces: number;
}

/** What `verify` answers: a comparison with the enrolled face; `enrolled` false (and no pass) when the person has none. */
export type FaceVerification = FaceComparison & { enrolled: boolean };

/** What `search` answers: the best-matching enrolled person at or above the threshold. */
export interface FaceMatch {
  personId: string;
  score: number;
}

/**
 * A face provider. Scores are 0–1 whatever the vendor's scale (baidu / qcloud / aliyun 0–100 are
 * divided by 100). Errors: AppError BAD_IMAGE (no image), NO_FACE / MANY_FACES (enroll),
 * ENGINE_FAILED (model or network down), PROVIDER_REFUSED (the vendor refused: keys, group, quota).
 */
export interface FaceEngine {
  /** Provider name ('local', 'baidu', 'qcloud', 'aliyun'). */
  readonly name: string;
  /** Faces in `image` (jpg/png bytes). Throws AppError(FaceError.BAD_IMAGE) for bytes that are no image, ENGINE_FAILED when the engine cannot answer. */
  detect(image: Buffer): Promise<FaceDetection>;
  /** Compares the main face of `probe` with the main face of `reference` at the engine's threshold. */
  compare(probe: Buffer, reference: Buffer): Promise<FaceComparison>;
  /** Stores the one face of `image` as the reference of `personId` (replacing an earlier one); NO_FACE / MANY_FACES otherwise. */
  enroll(personId: string, image: Buffer): Promise<void>;
  /** Forgets the reference of `personId` (nothing when there is none). */
  remove(personId: string): Promise<void>;
  /** Compares the main face of `image` with the reference of `personId`. */
  verify(personId: string, image: Buffer): Promise<FaceVerification>;
  /** The enrolled person matching the main face of `image` best at or above the threshold, or null. */
  search(image: Buffer): Promise<FaceMatch | null>;
}
