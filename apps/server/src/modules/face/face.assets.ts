/**
 * Files of the browser face detector (issue 12 "in-browser face tracking", SPEC §4 "Face camera"):
 * GET /api/face/models/:file answers the blazeface model of @vladmandic/human (blazeface.json +
 * blazeface.bin, ~0.6 MB) and the tfjs WASM binaries (the detector's fallback backend when the
 * browser has no WebGL), straight from node_modules — never a CDN. Only the files listed here are
 * served; anything else answers 10010003. The files change only with the package version, so they
 * may be cached for 30 days.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { notFound } from '../../lib/errors';
import type { FileAnswer } from '../../platform/router';

const require = createRequire(import.meta.url);

/** Cache-Control of the detector files (30 days: they change only with the npm package). */
export const FACE_ASSET_CACHE = 'public, max-age=2592000';

/** Folder of @vladmandic/human (its "exports" hide package.json: resolve the main file). */
const humanDir = () => path.dirname(path.dirname(require.resolve('@vladmandic/human')));
/** Folder of the tfjs WASM binaries (dist of @tensorflow/tfjs-backend-wasm, the version Human bundles). */
const wasmDir = () => path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/** The served files: name → [folder, content type]. */
const FILES: Record<string, [() => string, string]> = {
  'blazeface.json': [() => path.join(humanDir(), 'models'), 'application/json'],
  'blazeface.bin': [() => path.join(humanDir(), 'models'), 'application/octet-stream'],
  'tfjs-backend-wasm.wasm': [wasmDir, 'application/wasm'],
  'tfjs-backend-wasm-simd.wasm': [wasmDir, 'application/wasm'],
  'tfjs-backend-wasm-threaded-simd.wasm': [wasmDir, 'application/wasm'],
};

/** The detector file `name` (one of FILES) as a cacheable download; 10010003 for any other name. */
export function faceAsset(name: string): FileAnswer {
  const entry = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!entry) throw notFound('文件不存在！');
  const [dir, contentType] = entry;
  const file = path.join(dir(), name);
  const size = fs.statSync(file).size;
  return { body: fs.createReadStream(file), fileName: name, contentType, disposition: 'inline', cacheControl: FACE_ASSET_CACHE, size };
}
