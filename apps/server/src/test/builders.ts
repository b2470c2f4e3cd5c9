/**
 * Small builders shared by the API tests: banks, questions, exams, Shanghai times, multipart
 * uploads and raw row counts. Each builder that creates something throws when the call fails, so a
 * test never goes on with a half-built fixture.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { Envelope } from '@kaopei/contracts';
import { type ImportResult, quApi } from '@kaopei/contracts/qu';
import { jobApi, JobState, type JobRef, type JobView } from '@kaopei/contracts/sys-job';
import type { TestApp } from './app';
import { formatTimeStrict } from '../lib/time';
import { repoApi } from '@kaopei/contracts/repo';
import { examApi } from '@kaopei/contracts/exam';


let seq = 0;

/** A name no other test run uses: `prefix` + counter + random hex. */
export function uniq(prefix: string): string {
  return `${prefix}${++seq}${randomBytes(3).toString('hex')}`;
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, `offsetMs` from now (negative = in the past). */
export function shanghaiTime(offsetMs: number): string {
  return formatTimeStrict(Date.now() + offsetMs);
}

/** The data of a successful envelope (null for calls without data); throws with the server's msg otherwise. */
export function must<T>(res: Envelope<T> & { status: number }): T {
  if (res.code !== 0 || !res.success) throw new Error(`expected success, got ${res.status} ${res.code} ${res.msg}`);
  return res.data as T;
}

export async function createRepo(t: TestApp, token: string, title = uniq('题库'), remark = ''): Promise<string> {
  return must(await t.call<{ id: string }>(repoApi.save, { title, remark }, token)).id;
}

export interface OptionBody {
  id?: string;
  content: string;
  isRight: boolean;
  analysis?: string;
  image?: string;
}

/** Default options: single A right; multiple A and B right; true/false 正确 right. */
export function defaultOptions(quType: number): OptionBody[] {
  if (quType === 3) return [{ content: '正确', isRight: true }, { content: '错误', isRight: false }];
  return ['A', 'B', 'C', 'D'].map((c, i) => ({ content: `选项${c}`, isRight: i === 0 || (quType === 2 && i === 1) }));
}

/** A valid question save body of `quType` in `repoId`; `over` replaces fields. */
export function quBody(repoId: string, quType: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { repoId, quType, level: 1, content: uniq(`试题${quType}-`), analysis: '解析', answerList: defaultOptions(quType), ...over };
}

export async function createQu(t: TestApp, token: string, repoId: string, quType: number, over: Record<string, unknown> = {}): Promise<string> {
  return must(await t.call<{ id: string }>(quApi.save, quBody(repoId, quType, over), token)).id;
}

/** A valid exam save body: one rule of 1 single question × 10 points in `repoId`. */
export function examBody(repoId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: uniq('考试'),
    content: '考试说明',
    openType: 1,
    totalTime: 30,
    qualifyScore: 6,
    chance: 0,
    ruleList: [{ repoId, quType: 1, quCount: 1, quScore: 10 }],
    ...over,
  };
}

export async function createExam(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  return must(await t.call<{ id: string }>(examApi.save, body, token)).id;
}

/** Multipart bytes and content-type built by the platform's FormData (no extra package). */
export async function multipart(fields: Record<string, string>, file?: { field?: string; name: string; data: Buffer; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const req = new Request('http://x', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? '' };
}

/** POST /api/qu/qu/import with `file` named `fileName`, optional `repoId` and `dupMode`: answers the envelope (data `{jobId}`). */
export async function xlsxUpload(
  t: TestApp,
  token: string | undefined,
  data: Buffer,
  fileName: string,
  repoId?: string,
  dupMode?: 'ask' | 'skip' | 'import',
): Promise<Envelope<JobRef> & { status: number }> {
  const fields: Record<string, string> = {};
  if (repoId) fields.repoId = repoId;
  if (dupMode) fields.dupMode = dupMode;
  const { payload, contentType } = await multipart(fields, { name: fileName, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/qu/qu/import',
    payload,
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
  });
  return { ...(res.json() as Envelope<JobRef>), status: res.statusCode };
}

/** Polls /api/sys/job/detail until the job is done or failed (throws after `timeoutMs`). */
export async function waitForJob(t: TestApp, token: string, jobId: string, timeoutMs = 20_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = must(await t.call<JobView>(jobApi.detail, { id: jobId }, token));
    if (job.state === JobState.DONE || job.state === JobState.FAILED) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state_dictText} after ${timeoutMs} ms: ${job.message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a spreadsheet and waits for its import job: answers the job and its ImportResult (null when the job failed). */
export async function importXlsx(t: TestApp, token: string, data: Buffer, fileName: string, repoId?: string, dupMode?: 'ask' | 'skip' | 'import') {
  const { jobId } = must(await xlsxUpload(t, token, data, fileName, repoId, dupMode));
  const job = await waitForJob(t, token, jobId);
  return { job, jobId, result: job.state === JobState.DONE ? (job.result as ImportResult) : null };
}

/** Every row of a table, deleted ones included (to prove that nothing was written). */
export async function rowCount(t: TestApp, table: 'el_qu' | 'el_qu_answer' | 'el_repo' | 'el_exam' | 'el_exam_rule' | 'sys_user' | 'sys_menu' | 'sys_user_token'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Row counts of the question tables, for "nothing was written" checks. */
export async function contentCounts(t: TestApp) {
  return { qu: await rowCount(t, 'el_qu'), options: await rowCount(t, 'el_qu_answer'), repos: await rowCount(t, 'el_repo') };
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real 2×2 8-bit RGB PNG (red, green / blue, white): an image upload any decoder accepts. */
export function pngImage(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}
