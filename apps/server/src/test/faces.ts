/**
 * Face photos for tests (issue 12): jpg Buffers cut with sharp from the sample photos that the npm
 * package @vladmandic/face-api ships (demo/sample1..6.jpg; a devDependency, used for its photos
 * only). Nothing is fetched and no photo is copied into the repository.
 *
 *   describe.skipIf(!FACE_SAMPLES)('…', () => { … await personA() … });
 *
 * - personA(): one face (sample1, the woman on the right), 320 px wide;
 * - personA2(): the same person: another crop (tighter, shifted), brighter, 240 px wide;
 * - personB(): another person (sample1, the woman in the middle);
 * - personC(): a third person (sample4, second from the right);
 * - noFace(): a plain gradient (no face at all);
 * - twoFaces(): the two women of personA and personB in one picture.
 *
 * Every function answers a Promise of jpg bytes (cached: each picture is cut once per process);
 * `dataUrl(bytes)` turns them into what a browser capture sends.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

function samplesDir(): string | null {
  try {
    const dir = path.join(path.dirname(path.dirname(require.resolve('@vladmandic/face-api'))), 'demo');
    return fs.existsSync(path.join(dir, 'sample1.jpg')) ? dir : null;
  } catch {
    return null;
  }
}

/** Folder of the sample photos (null when @vladmandic/face-api is not installed). */
export const FACE_SAMPLES_DIR = samplesDir();
/** True when the sample photos are there; tests `describe.skipIf(!FACE_SAMPLES)` with this. */
export const FACE_SAMPLES = FACE_SAMPLES_DIR !== null;
/** Message of a skipped face test. */
export const FACE_SAMPLES_MISSING = 'face tests skipped: the devDependency @vladmandic/face-api (its demo/sample*.jpg photos) is not installed';

/** A face in a sample photo: file and square box (px) as the local engine finds it. */
export interface SampleFace {
  file: string;
  x: number;
  y: number;
  size: number;
}

/**
 * Every face of the six sample photos (boxes found by the local engine). Faces of one photo are
 * different people; across photos sample1#1 and sample3#1 look like the same woman, so benchmarks
 * never label that pair "different".
 */
export const SAMPLE_FACES: Readonly<Record<string, SampleFace>> = {
  's1#0': { file: 'sample1.jpg', x: 330, y: 314, size: 357 },
  's1#1': { file: 'sample1.jpg', x: 1437, y: 203, size: 279 },
  's1#2': { file: 'sample1.jpg', x: 771, y: 383, size: 330 },
  's2#0': { file: 'sample2.jpg', x: 1370, y: 113, size: 347 },
  's2#1': { file: 'sample2.jpg', x: 803, y: 185, size: 360 },
  's2#2': { file: 'sample2.jpg', x: 279, y: 116, size: 330 },
  's3#0': { file: 'sample3.jpg', x: 518, y: 297, size: 357 },
  's3#1': { file: 'sample3.jpg', x: 1004, y: 185, size: 369 },
  's3#2': { file: 'sample3.jpg', x: 1371, y: 245, size: 410 },
  's4#0': { file: 'sample4.jpg', x: 612, y: 63, size: 278 },
  's4#1': { file: 'sample4.jpg', x: 1214, y: 131, size: 308 },
  's4#2': { file: 'sample4.jpg', x: 909, y: 152, size: 326 },
  's4#3': { file: 'sample4.jpg', x: 176, y: 183, size: 303 },
  's5#0': { file: 'sample5.jpg', x: 728, y: 93, size: 271 },
  's5#1': { file: 'sample5.jpg', x: 525, y: 401, size: 307 },
  's5#2': { file: 'sample5.jpg', x: 1043, y: 170, size: 320 },
  's5#3': { file: 'sample5.jpg', x: 1320, y: 342, size: 395 },
  's5#4': { file: 'sample5.jpg', x: 278, y: 848, size: 371 },
  's6#0': { file: 'sample6.jpg', x: 177, y: 456, size: 360 },
  's6#1': { file: 'sample6.jpg', x: 1082, y: 282, size: 365 },
  's6#2': { file: 'sample6.jpg', x: 1401, y: 234, size: 379 },
  's6#3': { file: 'sample6.jpg', x: 590, y: 303, size: 377 },
};

/** How a face is cut: margin around the box (× size), shift (× size), brightness factor, output width, mirror. */
export interface CropVariant {
  margin?: number;
  dx?: number;
  dy?: number;
  brightness?: number;
  width?: number;
  mirror?: boolean;
}

function sample(file: string): string {
  if (!FACE_SAMPLES_DIR) throw new Error(FACE_SAMPLES_MISSING);
  return path.join(FACE_SAMPLES_DIR, file);
}

/** A jpg of face `key` of SAMPLE_FACES cut as `v` says (clipped to the photo). */
export async function cropFace(key: string, v: CropVariant = {}): Promise<Buffer> {
  const f = SAMPLE_FACES[key];
  if (!f) throw new Error(`no sample face ${key}`);
  const file = sample(f.file);
  const meta = await sharp(file).metadata();
  const m = (v.margin ?? 0.45) * f.size;
  const left = Math.max(0, Math.round(f.x - m + (v.dx ?? 0) * f.size));
  const top = Math.max(0, Math.round(f.y - m + (v.dy ?? 0) * f.size));
  const side = Math.round(f.size + 2 * m);
  const width = Math.min(side, (meta.width ?? 0) - left);
  const height = Math.min(Math.round(side * 1.15), (meta.height ?? 0) - top);
  let img = sharp(file).extract({ left, top, width, height }).resize({ width: v.width ?? 320 });
  if (v.brightness && v.brightness !== 1) img = img.modulate({ brightness: v.brightness });
  if (v.mirror) img = img.flop();
  return img.jpeg({ quality: 90 }).toBuffer();
}

const cache = new Map<string, Promise<Buffer>>();
function once(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let p = cache.get(name);
  if (!p) {
    p = make();
    cache.set(name, p);
  }
  return p;
}

/** One face: person A (sample1, right). */
export const personA = () => once('A', () => cropFace('s1#1'));
/** Person A again: a tighter crop shifted right, 25 % brighter, 240 px wide. */
export const personA2 = () => once('A2', () => cropFace('s1#1', { margin: 0.3, dx: 0.08, dy: 0.05, brightness: 1.25, width: 240 }));
/** Another person (sample1, middle). */
export const personB = () => once('B', () => cropFace('s1#2'));
/** A third person (sample4). */
export const personC = () => once('C', () => cropFace('s4#1'));

/** No face: a 320×400 grey-blue gradient. */
export const noFace = () =>
  once('none', () => {
    const w = 320;
    const h = 400;
    const px = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        px[i] = 80 + Math.round((x / w) * 100);
        px[i + 1] = 90 + Math.round((y / h) * 100);
        px[i + 2] = 160;
      }
    return sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  });

/** Two faces: persons A and B of sample1 side by side, 800 px wide. */
export const twoFaces = () => once('two', () => sharp(sample('sample1.jpg')).extract({ left: 640, top: 120, width: 1180, height: 760 }).resize({ width: 800 }).jpeg({ quality: 90 }).toBuffer());

/** `data:image/jpeg;base64,…` of jpg bytes (what a browser capture posts). */
export function dataUrl(jpg: Buffer): string {
  return `data:image/jpeg;base64,${jpg.toString('base64')}`;
}
