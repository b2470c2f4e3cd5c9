/**
 * The figures of a load run (bench/load.mts): one line per phase and call, then the issue 9
 * "Scale" goal table, the memory and event-loop figures, and the integrity check. Markdown, so the
 * output can be pasted into bench/README.md.
 */
import type { CheckResult } from './check.mts';
import type { Stats } from './http.mts';
import type { MetricsPoller } from './server.mts';

/** Everything a run measured besides the per-call stats. */
export interface RunFacts {
  n: number;
  dialect: string;
  rssBeforeSockets: number;
  rssAfterSockets: number;
  heapBeforeSockets: number;
  heapAfterSockets: number;
  socketsOpen: number;
  noopRates: number[];
  fillRates: number[];
  /** Seconds after the deadline until the server had handed in every paper (null: not measured). */
  serverHandInDoneS: number | null;
  check: CheckResult | null;
  phases: string[];
}

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`);
const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
const avg = (a: number[]) => (a.length ? a.reduce((s, v) => s + v, 0) / a.length : 0);
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Renders the report as markdown; `goalsMet` false when any goal of the table was missed. */
export function render(stats: Stats, poller: MetricsPoller, f: RunFacts): { text: string; goalsMet: boolean } {
  const lines: string[] = [];
  lines.push(`### N = ${f.n}, ${f.dialect}`, '');
  lines.push('| phase / call | sent | ok | errors | rate /s | p50 | p99 | max |', '|---|---|---|---|---|---|---|---|');
  for (const s of stats.all.values()) {
    lines.push(`| ${s.name} | ${s.count} | ${s.ok} | ${s.errorText()} | ${s.throughput.toFixed(1)} | ${ms(s.pct(50))} | ${ms(s.pct(99))} | ${ms(s.max)} |`);
  }
  lines.push('', '| phase | server event-loop max | server loop p99 (worst second) | server RSS max | harness loop max |', '|---|---|---|---|---|');
  for (const p of f.phases) {
    if (!poller.samples.some((x) => x.phase === p)) continue;
    const w = poller.worst(p);
    lines.push(`| ${p} | ${ms(w.loopMaxMs)} | ${ms(w.loopP99Ms)} | ${mb(w.rssBytes)} | ${ms(w.harnessLoopMs)} |`);
  }

  const create = stats.all.get('create/create-paper');
  const fill = stats.all.get('fill/fill-answer');
  const hand = stats.all.get('hand-in/hand-exam');
  const ratio = avg(f.noopRates) ? avg(f.fillRates) / avg(f.noopRates) : 0;
  const stall = Math.max(poller.worst('create').loopMaxMs, poller.worst('hand-in').loopMaxMs, poller.worst('fill').loopMaxMs);
  const perSocket = f.socketsOpen ? (f.rssAfterSockets - f.rssBeforeSockets) / f.socketsOpen : 0;
  const goals: [string, string, string, boolean | null][] = [
    [`${create?.count ?? 0} create-paper spread over the create phase, p99`, '≤ 1 s', create ? ms(create.pct(99)) : '-', create ? create.pct(99) <= 1000 && create.ok === create.count : null],
    [`fill-answer at ${fill ? fill.throughput.toFixed(0) : '-'}/s (human pace), p99`, '≤ 30 ms', fill ? ms(fill.pct(99)) : '-', fill ? fill.pct(99) <= 30 && fill.ok === fill.count : null],
    [`fill-answer max throughput ÷ no-op (${avg(f.fillRates).toFixed(0)}/s ÷ ${avg(f.noopRates).toFixed(0)}/s)`, '≥ 25 %', f.noopRates.length ? `${(ratio * 100).toFixed(1)} %` : '-', f.noopRates.length ? ratio >= 0.25 : null],
    [`${hand?.count ?? 0} hand-exam spread over 10 s, p99`, '≤ 2 s', hand ? ms(hand.pct(99)) : '-', hand ? hand.pct(99) <= 2000 && hand.ok === hand.count : null],
    ['longest event-loop stall during create / fill / hand-in', '< 100 ms', ms(stall), f.phases.includes('create') ? stall < 100 : null],
    [`RSS per idle exam socket (${f.socketsOpen} sockets)`, '≤ 60 KB', f.socketsOpen ? `${(perSocket / 1024).toFixed(1)} KB` : '-', f.socketsOpen ? perSocket <= 60 * 1024 : null],
  ];
  lines.push('', '| figure | goal | measured | |', '|---|---|---|---|');
  for (const [name, goal, got, ok] of goals) lines.push(`| ${name} | ${goal} | ${got} | ${ok === null ? 'not run' : mark(ok)} |`);
  lines.push('', `no-op rounds: ${f.noopRates.map((r) => r.toFixed(0)).join(', ')} /s; fill-answer rounds: ${f.fillRates.map((r) => r.toFixed(0)).join(', ')} /s`);
  if (f.socketsOpen) {
    const heapPer = (f.heapAfterSockets - f.heapBeforeSockets) / f.socketsOpen / 1024;
    lines.push(`server RSS ${mb(f.rssBeforeSockets)} before the sockets, ${mb(f.rssAfterSockets)} with ${f.socketsOpen} idle sockets (after a full GC each; JS heap ${heapPer.toFixed(1)} KB a socket)`);
  }
  if (f.serverHandInDoneS !== null) lines.push(`papers never handed in by the crowd: all closed by the server ${f.serverHandInDoneS.toFixed(1)} s after the deadline`);
  const c = f.check;
  if (c) {
    lines.push(
      '',
      `integrity: ${c.ok ? 'OK' : 'FAILED'}: ${c.handedIn}/${c.papers} papers handed in, ${c.papers - c.notOnce}/${c.papers} exactly once (one paper.marked each), ` +
        `${c.papers - c.wrongScore}/${c.papers} scores equal to a recomputation, ${c.answersChecked - c.answersLost}/${c.answersChecked} acknowledged answers stored, ` +
        `${c.badHandAnswers} hand-exam answers not state 2, ${c.serverHandedIn}/${c.serverHandTotal} unsent papers handed in by the server`,
    );
    for (const e of c.examples) lines.push(`  - ${e}`);
  }
  return { text: lines.join('\n'), goalsMet: goals.every(([, , , ok]) => ok !== false) };
}
