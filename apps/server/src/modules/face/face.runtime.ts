/**
 * The local face model runtime (issue 12 "Face engine"): @vladmandic/human on the tfjs WASM backend,
 * its model weights read from node_modules/@vladmandic/human/models by file path (a tfjs load router
 * for `file://` urls), never fetched from the network. Images are decoded with sharp.
 *
 * One runtime per process, loaded lazily at the first call (≈ 0.2–1 s, ≈ 80 MB RSS more); calls run
 * one at a time through a small queue (at most MAX_PENDING waiting, each holding only its compressed
 * image) so memory stays bounded. A failure to load or to run answers
 * AppError(FaceError.ENGINE_FAILED) (and the next call tries to load again); bytes that are no
 * decodable image answer AppError(FaceError.BAD_IMAGE).
 *
 *   const { width, height, faces } = await analyzeFaces(jpgBytes);
 *   faces[0].descriptor  // Float32Array(1024), unit length: cosine similarity = dot product
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { FaceError, type FaceBox } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';

const require = createRequire(import.meta.url);

/** Longest side (px) an image is scaled down to before detection (boxes are answered in the original's pixels). */
export const MAX_ANALYZE_SIDE = 1280;
/** Faces below this detection confidence (0–1) are not reported. */
export const MIN_FACE_SCORE = 0.5;
/** Most faces reported per image. */
export const MAX_FACES = 10;

/** One face the model found: box in original pixels, confidence, liveness hint and its descriptor. */
export interface AnalyzedFace extends FaceBox {
  /** Face embedding (faceres, 1024 values) normalised to unit length. */
  descriptor: Float32Array;
}

/** What `analyzeFaces` answers: the image size (px, after EXIF rotation) and faces, most confident first. */
export interface Analysis {
  width: number;
  height: number;
  faces: AnalyzedFace[];
}

/** The part of @vladmandic/human this runtime uses. */
interface HumanFace {
  box: [number, number, number, number];
  score: number;
  live?: number;
  embedding?: number[];
}
interface HumanTf {
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): unknown;
  dispose(t: unknown): void;
  io: {
    registerLoadRouter(router: (url: string | string[]) => unknown): void;
    getModelArtifactsForJSON(json: unknown, loadWeights: (manifest: WeightGroup[]) => Promise<[unknown[], ArrayBuffer]>): Promise<unknown>;
  };
}
interface WeightGroup {
  paths: string[];
  weights: unknown[];
}
interface Human {
  tf: HumanTf;
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[]; error?: string | null }>;
  models: { loaded(): string[] };
}

/** Folder of the installed @vladmandic/human (its "exports" hide package.json: resolve the main file). */
function humanDir(): string {
  return path.dirname(path.dirname(require.resolve('@vladmandic/human')));
}

/**
 * A tfjs load router: `file://…/model.json` read from disk with its weight shards. Human logs a
 * model that fails to load and goes on (a later detect would then fail outside any promise the
 * caller holds), so every failure is also pushed to `failed`.
 */
function fileRouter(tf: HumanTf, failed: string[]) {
  return (url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return {
      load: async () => {
        try {
          const file = decodeURIComponent(new URL(url).pathname);
          const dir = path.dirname(file);
          const json: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
          return await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
            const specs = manifest.flatMap((g) => g.weights);
            const buf = Buffer.concat(await Promise.all(manifest.flatMap((g) => g.paths.map((p) => fs.promises.readFile(path.join(dir, p))))));
            return [specs, buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer];
          });
        } catch (e) {
          failed.push(url);
          throw e;
        }
      },
    };
  };
}

/** Model urls that failed in the current load; whether the file router is registered. */
const loadFailures: string[] = [];
let routerRegistered = false;

/** Folder of the model files (null: node_modules/@vladmandic/human/models). */
let modelDir: string | null = null;

/** The models the engine uses (file names without .json in the models folder). */
const MODELS = ['blazeface', 'facemesh', 'faceres', 'liveness'];

/**
 * Throws unless every model's json parses and its weight files are there. Human only logs a model
 * that fails to load, and a later inference on it rejects a promise nobody holds (which ends the
 * process), so a missing or broken file must stop the load before Human sees it.
 */
async function checkModelFiles(dir: string): Promise<void> {
  for (const m of MODELS) {
    const json = JSON.parse(await fs.promises.readFile(path.join(dir, `${m}.json`), 'utf8')) as { weightsManifest?: WeightGroup[] };
    const paths = (json.weightsManifest ?? []).flatMap((g) => g.paths);
    if (!paths.length) throw new Error(`face model ${m}: no weights listed`);
    for (const w of paths) await fs.promises.access(path.join(dir, w), fs.constants.R_OK);
  }
}

/**
 * Runs `fn` and removes the process listeners it added: the Emscripten runtime of the WASM backend
 * adds 'uncaughtException' / 'unhandledRejection' listeners that rethrow, which would replace
 * whatever the server does with those events.
 */
async function withoutNewProcessListeners<T>(fn: () => Promise<T>): Promise<T> {
  const p = process as unknown as NodeJS.EventEmitter;
  const events = ['uncaughtException', 'unhandledRejection'];
  const before = events.map((e) => new Set(p.listeners(e)));
  try {
    return await fn();
  } finally {
    events.forEach((e, i) => {
      for (const l of p.listeners(e)) if (!before[i]?.has(l)) p.removeListener(e, l as (...args: unknown[]) => void);
    });
  }
}

async function loadHuman(): Promise<Human> {
  return withoutNewProcessListeners(loadHumanNow);
}

async function loadHumanNow(): Promise<Human> {
  const dir = humanDir();
  const models = modelDir ?? path.join(dir, 'models');
  await checkModelFiles(models);
  const mod = require(path.join(dir, 'dist/human.node-wasm.js')) as { Human: new (config: unknown) => Human };
  const wasmPath = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
  const human = new mod.Human({
    backend: 'wasm',
    wasmPath,
    modelBasePath: `file://${models}/`,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, rotation: false, maxDetected: MAX_FACES, minConfidence: 0.3, return: false, skipFrames: 0 },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true, skipFrames: 0 },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: true, skipFrames: 0 },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  loadFailures.length = 0;
  if (!routerRegistered) {
    // tfjs keeps routers process-wide and refuses a url two routers answer: register once.
    human.tf.io.registerLoadRouter(fileRouter(human.tf, loadFailures));
    routerRegistered = true;
  }
  const failed = loadFailures;
  await human.load();
  if (failed.length) throw new Error(`face models did not load: ${failed.join(', ')}`);
  return human;
}

let humanP: Promise<Human> | null = null;
let queue: Promise<unknown> = Promise.resolve();
/** Calls queued or running. */
let pending = 0;

/**
 * Most calls queued or running at once; one more answers ENGINE_FAILED at once instead of waiting
 * (at ≈ 0.4 s a call on 2 cores, 100 calls are ≈ 40 s of work). Each waiting call holds only its
 * compressed image: decoding happens in its turn.
 */
export const MAX_PENDING = 100;

/** The process's model, loaded once (a failed load is retried at the next call). */
function getHuman(): Promise<Human> {
  humanP ??= loadHuman().catch((e: unknown) => {
    humanP = null;
    throw e;
  });
  return humanP;
}

/** Runs `fn` after every earlier call finished (one inference at a time); ENGINE_FAILED when MAX_PENDING calls wait already. */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  if (pending >= MAX_PENDING) return Promise.reject(new AppError(FaceError.ENGINE_FAILED));
  pending++;
  const run = queue.then(fn, fn).finally(() => {
    pending--;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Decodes jpg/png bytes to RGB pixels, EXIF-rotated, scaled to at most MAX_ANALYZE_SIDE. BAD_IMAGE when they are no image. */
export async function decodePixels(image: Buffer): Promise<{ data: Buffer; width: number; height: number; scale: number }> {
  try {
    const meta = await sharp(image, { limitInputPixels: 50_000_000 }).rotate().metadata();
    const rotated = (meta.orientation ?? 1) >= 5;
    const width = (rotated ? meta.height : meta.width) ?? 0;
    const height = (rotated ? meta.width : meta.height) ?? 0;
    if (!width || !height || !['jpeg', 'png'].includes(meta.format ?? '')) throw new Error('not a jpg/png');
    const scale = Math.min(1, MAX_ANALYZE_SIDE / Math.max(width, height));
    const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, scale: info.width / width };
  } catch {
    throw new AppError(FaceError.BAD_IMAGE);
  }
}

function unit(v: number[]): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) / n;
  return out;
}

const round = (v: number, d = 4) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * Every face in `image` (jpg/png bytes) with its box (original pixels), confidence, liveness hint
 * (0–1, the liveness model; null when it gave none) and unit-length descriptor; most confident
 * first, at most MAX_FACES, none below MIN_FACE_SCORE. BAD_IMAGE / ENGINE_FAILED as described above.
 */
export async function analyzeFaces(image: Buffer): Promise<Analysis> {
  return serial(async () => {
    const px = await decodePixels(image);
    let human: Human;
    try {
      human = await getHuman();
    } catch {
      throw new AppError(FaceError.ENGINE_FAILED);
    }
    const tensor = human.tf.tensor3d(new Uint8Array(px.data.buffer, px.data.byteOffset, px.data.byteLength), [px.height, px.width, 3], 'int32');
    try {
      const res = await human.detect(tensor);
      if (res.error) throw new Error(res.error);
      const k = 1 / px.scale;
      const faces = res.face
        .filter((f) => f.score >= MIN_FACE_SCORE && f.embedding && f.embedding.length > 0)
        .sort((a, b) => b.score - a.score)
        .map((f) => ({
          x: Math.round(f.box[0] * k),
          y: Math.round(f.box[1] * k),
          width: Math.round(f.box[2] * k),
          height: Math.round(f.box[3] * k),
          score: round(f.score),
          live: typeof f.live === 'number' ? round(f.live) : null,
          descriptor: unit(f.embedding as number[]),
        }));
      return { width: Math.round(px.width * k), height: Math.round(px.height * k), faces };
    } catch {
      throw new AppError(FaceError.ENGINE_FAILED);
    } finally {
      human.tf.dispose(tensor);
    }
  });
}

/** Cosine similarity of two unit-length descriptors, clamped to 0–1. */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return Math.max(0, Math.min(1, s));
}

/**
 * Forgets the loaded model; the next call loads it again from `opts.modelDir` (default: the
 * package's models folder). For tests of a failed load and for operators pointing at a copy.
 */
export async function resetFaceModel(opts: { modelDir?: string | null } = {}): Promise<void> {
  await queue;
  modelDir = opts.modelDir ?? null;
  humanP = null;
}

/** Loads the model now (warm-up for benchmarks and long-running servers); ENGINE_FAILED when it cannot. */
export async function loadFaceModel(): Promise<void> {
  try {
    await getHuman();
  } catch {
    throw new AppError(FaceError.ENGINE_FAILED);
  }
}
