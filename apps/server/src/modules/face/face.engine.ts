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

export interface FaceEngine {
  /** Provider name ('local', 'baidu', 'qcloud', 'aliyun'). */
  readonly name: string;
  /** Faces in `image` (jpg/png bytes). Throws AppError(FaceError.BAD_IMAGE) for bytes that are no image, ENGINE_FAILED when the engine cannot answer. */
  detect(image: Buffer): Promise<FaceDetection>;
  /** Compares the main face of `probe` with the main face of `reference` at the engine's threshold. */
  compare(probe: Buffer, reference: Buffer): Promise<FaceComparison>;
}
