/**
 * The arithmetic of ExamStat (issue 14 "Statistics"; definitions in contracts exam-stat.ts), pure
 * functions over the paper rows module paper answers (`paper.examStatRows`): score figures and
 * buckets, the upper / lower 27 % groups, facility, discrimination, option shares, time on question
 * and the flags. Scores are points; times epoch ms in, seconds out.
 */
import { htmlText } from '../../lib/html-text';
import { EXAM_STAT_BUCKETS, EXAM_STAT_FLAGS, EXAM_STAT_GROUP_SHARE, type ExamStatBucket, type ItemFlag } from '@kaopei/contracts/exam-stat';
import { groupBy } from '../../lib/group';

export interface StatPaper {
  id: string;
  userId: string;
  deptCode: string;
  userScore: number;
  totalScore: number;
  passed: number;
  createTime: number;
  handTime: number | null;
}
export interface StatQu {
  paperId: string;
  quId: string;
  quType: number;
  sort: number;
  score: number;
  answered: number;
  isRight: number;
  answerTime?: number;
}
export interface StatChecked {
  paperId: string;
  quId: string;
  answerId: string;
}

/** Rounds to `d` decimals (4 for shares, 1 for scores and seconds). */
export const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const share = (n: number, of: number) => (of > 0 ? round(n / of, 4) : null);

/** Count, average / max / min score, pass count and rate of `papers` (zeros when none). */
export function figures(papers: readonly StatPaper[]) {
  const n = papers.length;
  const scores = papers.map((p) => Number(p.userScore));
  const passCount = papers.filter((p) => Number(p.passed) === 1).length;
  return {
    paperCount: n,
    avgScore: n ? round(scores.reduce((s, x) => s + x, 0) / n, 1) : 0,
    maxScore: n ? Math.max(...scores) : 0,
    minScore: n ? Math.min(...scores) : 0,
    passCount,
    passRate: share(passCount, n) ?? 0,
  };
}

/**
 * EXAM_STAT_BUCKETS buckets of 10 % of `totalScore` each: a paper falls in floor(10·score/total),
 * the full score in the last bucket. Labels in points (`60-70`).
 */
export function buckets(papers: readonly StatPaper[], totalScore: number): ExamStatBucket[] {
  const out = Array.from({ length: EXAM_STAT_BUCKETS }, (_, i) => {
    const min = round((totalScore * i) / EXAM_STAT_BUCKETS, 1);
    const max = round((totalScore * (i + 1)) / EXAM_STAT_BUCKETS, 1);
    return { label: `${min}-${max}`, min, max, count: 0 };
  });
  for (const p of papers) {
    const total = Number(p.totalScore) || totalScore;
    const i = total > 0 ? Math.floor((EXAM_STAT_BUCKETS * Number(p.userScore)) / total) : 0;
    out[Math.max(0, Math.min(EXAM_STAT_BUCKETS - 1, i))]!.count++;
  }
  return out;
}

/**
 * The upper and lower groups: papers ordered by score (ties by id), the top and bottom
 * round(0.27·n) (at least 1). Under 2 papers there are no groups.
 */
export function groups(papers: readonly StatPaper[]): { size: number; upper: Set<string>; lower: Set<string> } {
  if (papers.length < 2) return { size: 0, upper: new Set(), lower: new Set() };
  const size = Math.max(1, Math.round(papers.length * EXAM_STAT_GROUP_SHARE));
  const sorted = [...papers].sort((a, b) => Number(b.userScore) - Number(a.userScore) || a.id.localeCompare(b.id));
  return { size, upper: new Set(sorted.slice(0, size).map((p) => p.id)), lower: new Set(sorted.slice(-size).map((p) => p.id)) };
}

/**
 * Seconds spent on each answered question of each paper: its first-answer time minus the paper's
 * previous first-answer time (or the paper's start). Key `paperId|quId`.
 */
export function timesOnQuestion(papers: readonly StatPaper[], qus: readonly StatQu[]): Map<string, number> {
  const started = new Map(papers.map((p) => [p.id, Number(p.createTime)]));
  const byPaper = groupBy(qus.filter((q) => Number(q.answerTime ?? 0) > 0), (q) => q.paperId);
  const out = new Map<string, number>();
  for (const [paperId, list] of byPaper) {
    let prev = started.get(paperId) ?? 0;
    for (const q of list.sort((a, b) => Number(a.answerTime) - Number(b.answerTime))) {
      out.set(`${paperId}|${q.quId}`, Math.max(0, Number(q.answerTime) - prev) / 1000);
      prev = Number(q.answerTime);
    }
  }
  return out;
}

/** One question's figures before labels: counts, facility, discrimination, chosen counts per option id, average seconds, flags. */
export interface ItemFigures {
  quId: string;
  quType: number;
  score: number;
  sort: number;
  paperCount: number;
  answeredCount: number;
  rightCount: number;
  facility: number | null;
  upperFacility: number | null;
  lowerFacility: number | null;
  discrimination: number | null;
  chosen: Map<string, number>;
  avgTimeSec: number | null;
  flags: ItemFlag[];
}

/** Flags of a question (EXAM_STAT_FLAGS); none while a figure is unknown. */
export function flagsOf(facility: number | null, discrimination: number | null): ItemFlag[] {
  const f: ItemFlag[] = [];
  if (facility !== null && facility < EXAM_STAT_FLAGS.hardBelow) f.push('hard');
  if (facility !== null && facility > EXAM_STAT_FLAGS.easyAbove) f.push('easy');
  if (discrimination !== null && discrimination < EXAM_STAT_FLAGS.lowDiscBelow) f.push('lowDisc');
  return f;
}

/** Item analysis of every question of `qus`, in the papers' question order (smallest sort first, then id). */
export function items(papers: readonly StatPaper[], qus: readonly StatQu[], checked: readonly StatChecked[]): { groupSize: number; items: ItemFigures[] } {
  const g = groups(papers);
  const times = timesOnQuestion(papers, qus);
  const chosen = new Map<string, Map<string, number>>();
  for (const c of checked) {
    const m = chosen.get(c.quId) ?? new Map<string, number>();
    m.set(c.answerId, (m.get(c.answerId) ?? 0) + 1);
    chosen.set(c.quId, m);
  }
  const byQu = groupBy(qus, (q) => q.quId);
  const out: ItemFigures[] = [];
  for (const [quId, rows] of byQu) {
    const right = (rs: StatQu[]) => rs.filter((r) => Number(r.isRight) === 1).length;
    const upper = rows.filter((r) => g.upper.has(r.paperId));
    const lower = rows.filter((r) => g.lower.has(r.paperId));
    const facility = share(right(rows), rows.length);
    const upperFacility = share(right(upper), upper.length);
    const lowerFacility = share(right(lower), lower.length);
    const discrimination = upperFacility !== null && lowerFacility !== null ? round(upperFacility - lowerFacility, 4) : null;
    const spent = rows.map((r) => times.get(`${r.paperId}|${quId}`)).filter((t): t is number => t !== undefined);
    out.push({
      quId, quType: Number(rows[0]!.quType), score: Number(rows[0]!.score), sort: Math.min(...rows.map((r) => Number(r.sort))),
      paperCount: rows.length, answeredCount: rows.filter((r) => Number(r.answered) === 1).length, rightCount: right(rows),
      facility, upperFacility, lowerFacility, discrimination, chosen: chosen.get(quId) ?? new Map(),
      avgTimeSec: spent.length ? round(spent.reduce((s, x) => s + x, 0) / spent.length, 1) : null,
      flags: flagsOf(facility, discrimination),
    });
  }
  return { groupSize: g.size, items: out.sort((a, b) => a.sort - b.sort || a.quId.localeCompare(b.quId)) };
}

/** Text of rich-text `html` (lib/html-text, spaces collapsed), at most `max` characters. */
export function plainText(html: string, max = 200): string {
  const text = htmlText(html).replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
