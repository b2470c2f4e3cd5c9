/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. the server child of `bench/load.mts --cpu-prof`):
 * self time by function and by package / source folder, top entries first.
 *
 *   npx tsx bench/load/profile.mts /tmp/kaopei-load-XXXX/CPU.*.cpuprofile [top] [from-s] [to-s]
 *
 * from-s / to-s: only the samples between these seconds after the profile's start (e.g. a bench's
 * hand-in phase). Also prints total (inclusive) time of the project's own functions, which shows
 * what a piece of work costs with everything it calls (a hand-in, the event dispatcher, a job).
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The package (node_modules/<name>) or repository folder (apps/server/src/<dir>/<file>) of a script URL. */
function area(url: string): string {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return url.slice(src + 5).replace(/\?.*$/, '');
  if (url.startsWith('node:')) return url;
  return url;
}

const file = process.argv[2];
if (!file) throw new Error('usage: profile.mts FILE.cpuprofile [top]');
const top = Number(process.argv[3] ?? 25);
const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const fromUs = Number(process.argv[4] ?? 0) * 1e6;
const toUs = process.argv[5] ? Number(process.argv[5]) * 1e6 : Infinity;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
let clock = 0;
p.samples.forEach((id, i) => {
  clock += p.timeDeltas[i] ?? 0;
  if (clock >= fromUs && clock < toUs) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((s, v) => s + v, 0);
const fnTime = new Map<string, number>();
const areaTime = new Map<string, number>();
let idle = 0;
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)') idle += us;
  const key = `${name}  ${area(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  fnTime.set(key, (fnTime.get(key) ?? 0) + us);
  const a = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : area(n.callFrame.url);
  areaTime.set(a, (areaTime.get(a) ?? 0) + us);
}
const busy = total - idle;
const show = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(1).padStart(6)} s  ${k}`)
    .join('\n');
/** Inclusive time of the project's own functions (each counted once per sample however deep it recurses). */
const totalTime = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const f = byId.get(at)!.callFrame;
    if (!f.url.includes('/apps/server/src/')) continue;
    const key = `${f.functionName || '(anonymous)'}  ${area(f.url)}:${f.lineNumber + 1}`;
    if (!seen.has(key)) totalTime.set(key, (totalTime.get(key) ?? 0) + us);
    seen.add(key);
  }
}
const window = fromUs || toUs < Infinity ? ` (window ${fromUs / 1e6}–${toUs / 1e6} s)` : '';
console.log(`profile ${((p.endTime - p.startTime) / 1e6).toFixed(0)} s${window}, busy ${(busy / 1e6).toFixed(1)} s (shares below are of busy time), idle ${(idle / 1e6).toFixed(1)} s`);
areaTime.delete('(idle)');
fnTime.delete(`(idle)  ${area('')}:0`);
console.log(`\nself time by area:\n${show(areaTime)}`);
console.log(`\nself time by function:\n${show(fnTime)}`);
console.log(`\ntotal (inclusive) time of the project's functions:\n${show(totalTime)}`);
