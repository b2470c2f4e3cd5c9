/**
 * Benchmark of the local face engine (issue 12 "Face engine"; not a test): on this machine, the
 * latency of detect and of compare (median and p95 over repeats), the RSS after the model loads and
 * after the runs, and the false-accept / false-reject rates over a labelled set of pairs cut from the
 * sample photos of @vladmandic/face-api (apps/server/src/test/faces.ts):
 *
 * - same person: every pair of VARIANTS of one face (other crop, scale, brightness, mirror);
 * - different people: every pair of two different faces (variants 0 and 1 of each), except
 *   sample1#1 / sample3#1, who look like one woman in two photos (reported on its own).
 *
 *   npx tsx bench/face.mts                 # 20 repeats
 *   REPEAT=50 npx tsx bench/face.mts
 *
 * Prints a Markdown table for bench/README.md "Face engine".
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyzeFaces, loadFaceModel, similarity } from '../apps/server/src/modules/face/face.runtime';
import { LocalFaceEngine } from '../apps/server/src/modules/face/face.local';
import { cropFace, FACE_SAMPLES_DIR, SAMPLE_FACES, type CropVariant } from '../apps/server/src/test/faces';

const REPEAT = Number(process.env.REPEAT ?? 20);
const THRESHOLD = Number(process.env.KAOPEI_FACE_THRESHOLD ?? 0.7);
if (!FACE_SAMPLES_DIR) throw new Error('install the devDependency @vladmandic/face-api (its sample photos)');

const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

const VARIANTS: CropVariant[] = [
  {},
  { margin: 0.3, dx: 0.08, dy: 0.05, brightness: 1.25, width: 240 },
  { margin: 0.6, brightness: 0.75, width: 400 },
  { mirror: true, width: 200 },
  { margin: 0.35, dx: -0.06, width: 160, brightness: 1.1 },
];

const rss0 = mb();
const [, loadMs] = await time(() => loadFaceModel());
const rssLoaded = mb();

// Latency: detect on a 320 px portrait and on a full 1920 px group photo; compare of two portraits.
const portrait = await cropFace('s1#1');
const portrait2 = await cropFace('s1#1', VARIANTS[1]);
const group = fs.readFileSync(`${FACE_SAMPLES_DIR}/sample5.jpg`);
const engine = new LocalFaceEngine(null as never, THRESHOLD);
await engine.compare(portrait, portrait2); // warm-up
const detectSmall: number[] = [];
const detectLarge: number[] = [];
const compare: number[] = [];
for (let i = 0; i < REPEAT; i++) {
  detectSmall.push((await time(() => engine.detect(portrait)))[1]);
  detectLarge.push((await time(() => engine.detect(group)))[1]);
  compare.push((await time(() => engine.compare(portrait2, portrait)))[1]);
}
const rssRuns = mb();

// Labelled set.
const keys = Object.keys(SAMPLE_FACES);
const desc = new Map<string, Float32Array[]>();
let missed = 0;
for (const k of keys) {
  const list: Float32Array[] = [];
  for (const v of VARIANTS) {
    const face = (await analyzeFaces(await cropFace(k, v))).faces[0];
    if (face) list.push(face.descriptor);
    else missed++;
  }
  desc.set(k, list);
}
const same: number[] = [];
const diff: number[] = [];
for (const k of keys) {
  const l = desc.get(k) ?? [];
  for (let i = 0; i < l.length; i++) for (let j = i + 1; j < l.length; j++) same.push(similarity(l[i]!, l[j]!));
}
const LOOKALIKE = ['s1#1', 's3#1'];
for (let a = 0; a < keys.length; a++)
  for (let b = a + 1; b < keys.length; b++) {
    if (LOOKALIKE.includes(keys[a]!) && LOOKALIKE.includes(keys[b]!)) continue;
    for (const x of (desc.get(keys[a]!) ?? []).slice(0, 2)) for (const y of (desc.get(keys[b]!) ?? []).slice(0, 2)) diff.push(similarity(x, y));
  }
const look = similarity(desc.get('s1#1')![0]!, desc.get('s3#1')![0]!);
const rssEnd = mb();

console.log(`\nlocal face engine (@vladmandic/human, tfjs WASM), Node ${process.version}, repeat ${REPEAT}\n`);
console.log('| measure | median | p95 |');
console.log('|---|---|---|');
console.log(`| detect, 320×368 portrait | ${ms(pct(detectSmall, 50))} | ${ms(pct(detectSmall, 95))} |`);
console.log(`| detect, 1920×1398 photo (5 faces) | ${ms(pct(detectLarge, 50))} | ${ms(pct(detectLarge, 95))} |`);
console.log(`| compare (2 portraits: 2 analyses + cosine) | ${ms(pct(compare, 50))} | ${ms(pct(compare, 95))} |`);
console.log(`\nmodel load ${ms(loadMs)}; RSS ${rss0} MB before, ${rssLoaded} MB after load, ${rssRuns} MB after the latency runs, ${rssEnd} MB at the end\n`);
console.log(`labelled set: ${keys.length} faces × ${VARIANTS.length} variants (${missed} variants without a detected face), ${same.length} same-person pairs, ${diff.length} different-person pairs`);
console.log(`same-person scores: min ${Math.min(...same).toFixed(3)}, p5 ${pct(same, 5).toFixed(3)}, median ${pct(same, 50).toFixed(3)}`);
console.log(`different-person scores: max ${Math.max(...diff).toFixed(3)}, p99 ${pct(diff, 99).toFixed(3)}, median ${pct(diff, 50).toFixed(3)}`);
console.log(`look-alike pair s1#1 / s3#1 (likely one woman, two photos): ${look.toFixed(3)}\n`);
console.log('| threshold | false accept | false reject |');
console.log('|---|---|---|');
for (const t of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]) {
  const fa = diff.filter((s) => s >= t).length;
  const fr = same.filter((s) => s < t).length;
  const mark = Math.abs(t - THRESHOLD) < 1e-9 ? ' (default)' : '';
  console.log(`| ${t.toFixed(2)}${mark} | ${fa}/${diff.length} (${((100 * fa) / diff.length).toFixed(2)} %) | ${fr}/${same.length} (${((100 * fr) / same.length).toFixed(2)} %) |`);
}
