/**
 * Face service (issue 12 "Face engine"): the one entry point other modules use — real-name audit,
 * face login, exam and study captures. It picks the engine of the current face provider (prop type
 * "face"; 'local' when nothing was chosen) and decodes the base64 images browsers send.
 *
 *   const img = face.decodeImage(body.base64);          // Buffer, or AppError BAD_IMAGE / IMAGE_TOO_LARGE
 *   const { faces } = await face.detect(img);           // faces.length === 1: one clear face
 *   const { pass, score } = await face.compare(img, ref);
 */
import { FaceError } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';
import type { ModuleContext } from '../../platform/module';
import type { FaceComparison, FaceDetection, FaceEngine, FaceMatch, FaceVerification } from './face.engine';
import { createEngine } from './face.providers';

/** Largest image accepted from a browser capture or photo (bytes, after base64 decoding). */
export const MAX_FACE_IMAGE_BYTES = 2 * 1024 * 1024;

/** jpg (FF D8 FF) or png (89 50 4E 47) bytes. */
function isImage(b: Buffer): boolean {
  return (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) || (b.length > 8 && b.readUInt32BE(0) === 0x89504e47);
}

export class FaceService {
  private cached: { key: string; engine: FaceEngine } | null = null;

  constructor(private readonly ctx: ModuleContext<'sysConfig'>) {}

  /**
   * Bytes of a browser image: a data URL (`data:image/jpeg;base64,…`) or bare base64 of a jpg/png.
   * AppError BAD_IMAGE when it is not one, IMAGE_TOO_LARGE above `maxBytes`.
   */
  decodeImage(base64: string, maxBytes = MAX_FACE_IMAGE_BYTES): Buffer {
    const m = /^data:image\/(?:jpeg|jpg|png);base64,/i.exec(base64);
    const body = m ? base64.slice(m[0].length) : base64;
    if (body.length > Math.ceil((maxBytes * 4) / 3) + 4) throw new AppError(FaceError.IMAGE_TOO_LARGE);
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(body)) throw new AppError(FaceError.BAD_IMAGE);
    const bytes = Buffer.from(body, 'base64');
    if (bytes.length > maxBytes) throw new AppError(FaceError.IMAGE_TOO_LARGE);
    if (!isImage(bytes)) throw new AppError(FaceError.BAD_IMAGE);
    return bytes;
  }

  /**
   * The engine of the current face provider (prop type "face": `local` when nothing was chosen,
   * or a cloud vendor with its saved data). Engines are kept per (provider, data) so a cloud
   * client keeps its access token; a provider whose data is missing or invalid answers
   * ENGINE_FAILED.
   */
  async engine(): Promise<FaceEngine> {
    const props = this.ctx.services.sysConfig.props;
    const provider = await props.currentProvider('face');
    const data = provider === 'local' ? {} : await props.config('face', provider);
    if (!data) throw new AppError(FaceError.ENGINE_FAILED);
    const key = `${provider}\u0000${JSON.stringify(data)}`;
    if (this.cached?.key !== key) this.cached = { key, engine: createEngine(provider, data, { db: this.ctx.db, threshold: this.ctx.config.face.threshold }) };
    return this.cached.engine;
  }

  /** Faces in `image` (see FaceEngine.detect). */
  async detect(image: Buffer): Promise<FaceDetection> {
    return (await this.engine()).detect(image);
  }

  /** `probe` against `reference` (see FaceEngine.compare). */
  async compare(probe: Buffer, reference: Buffer): Promise<FaceComparison> {
    return (await this.engine()).compare(probe, reference);
  }

  /**
   * Registers `image` (one clear face) as the reference face of person `personId` (a user id),
   * replacing an earlier one. Called when a real-name record is approved (issue 12). The local engine
   * keeps a face descriptor in its own table; cloud engines add the face to the configured group.
   * Throws AppError NO_FACE when the image holds no face, MANY_FACES when it holds more than one.
   */
  async enroll(personId: string, image: Buffer): Promise<void> {
    await (await this.engine()).enroll(personId, image);
  }

  /** Forgets the reference face of `personId` (a rejected or withdrawn real-name record); nothing when there is none. */
  async remove(personId: string): Promise<void> {
    await (await this.engine()).remove(personId);
  }

  /**
   * Compares the main face of `image` with the enrolled face of `personId` (exam and study captures,
   * the face check before an exam). No enrolled face: `pass` false and `enrolled` false; no face in
   * `image`: `pass` false and `probeFaces` 0.
   */
  async verify(personId: string, image: Buffer): Promise<FaceVerification> {
    return (await this.engine()).verify(personId, image);
  }

  /**
   * Face login (issue 12): the enrolled person whose face matches the main face of `image` best, at or
   * above the threshold, or null (also when `image` holds no face). Callers wanting exactly one face
   * check `detect` first.
   */
  async search(image: Buffer): Promise<FaceMatch | null> {
    return (await this.engine()).search(image);
  }
}
