/**
 * API tests of information collection (/api/xdsc/*; issue 13 "Surveys and information collection"):
 * the form builder's validation (nothing written), each field type's refusal with its message, one
 * submission per learner (twice refused, parallel submits store one row), a class form refused to
 * non-members, the xlsx export parsed back, and an anonymous form's answers without the user.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { XDSC_MSG, XdscError, xdscApi, type XdscAnswerRecord, type XdscFieldInput, type XdscLearnerDetail, type XdscLearnerRecord, type XdscRecord } from '@kaopei/contracts/xdsc';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, pngImage, shanghaiTime, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
type Learner = { token: string; userId: string; userName: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

/** A 16-bit mono PCM WAV of `n` silent samples. */
function wav(n = 800): Buffer {
  const data = Buffer.alloc(n * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

async function upload(name: string, data: Buffer, token: string): Promise<string> {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = (await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token } })).json() as Envelope<UploadedFileItem>;
  if (res.code !== 0 || !res.data) throw new Error(`upload ${name}: ${res.msg}`);
  return res.data.url;
}

const FIELDS: XdscFieldInput[] = [
  { id: 'name', fieldType: 'text', label: '姓名', required: true, maxLength: 10 },
  { id: 'intro', fieldType: 'textarea', label: '自我介绍' },
  { id: 'size', fieldType: 'radio', label: '尺码', required: true, options: ['S', 'M', 'L'] },
  { id: 'food', fieldType: 'checkbox', label: '饮食', required: true, options: ['素食', '清真', '无'] },
  { id: 'photo', fieldType: 'image', label: '照片', required: true },
  { id: 'clip', fieldType: 'video', label: '视频' },
  { id: 'voice', fieldType: 'audio', label: '录音', required: true },
];

const createForm = async (over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(xdscApi.save, { title: uniq('信息采集'), fields: FIELDS, ...over }, admin)).id;
const submit = (token: string, formId: string, values: { fieldId: string; value: string | string[] }[]) => t.call(xdscApi.submit, { formId, values }, token);
const answerCount = async (formId: string) => (await t.db.selectFrom('el_xdsc_answer').select('id').where('formId', '=', formId).execute()).length;

/** A complete, valid set of values for FIELDS by `u` (uploads his own image and audio). */
type Value = { fieldId: string; value: string | string[] };
async function goodValues(u: Learner): Promise<Value[]> {
  return [
    { fieldId: 'name', value: '张三' },
    { fieldId: 'intro', value: '你好' },
    { fieldId: 'size', value: 'M' },
    { fieldId: 'food', value: ['素食', '无'] },
    { fieldId: 'photo', value: await upload('me.png', pngImage(), u.token) },
    { fieldId: 'voice', value: await upload('voice.wav', wav(), u.token) },
  ];
}

describe('form builder', () => {
  it('validates the form in Chinese and writes nothing on bad input', async () => {
    const count = async () => (await t.db.selectFrom('el_xdsc_form').select('id').execute()).length;
    const before = await count();
    const bad = async (over: Record<string, unknown>, msg: string) =>
      expect(await t.call(xdscApi.save, { title: 'x', fields: FIELDS, ...over }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    await bad({ title: ' ' }, XDSC_MSG.title);
    await bad({ fields: [] }, XDSC_MSG.fields);
    await bad({ fields: [{ fieldType: 'text', label: ' ' }] }, XDSC_MSG.label);
    await bad({ fields: [{ fieldType: 'rating', label: 'a' }] }, XDSC_MSG.fieldType);
    await bad({ fields: [{ fieldType: 'radio', label: 'a', options: ['only'] }] }, XDSC_MSG.options);
    await bad({ fields: [{ fieldType: 'checkbox', label: 'a', options: Array.from({ length: 21 }, (_, i) => `o${i}`) }] }, XDSC_MSG.options);
    await bad({ fields: [{ fieldType: 'radio', label: 'a', options: ['x', 'x'] }] }, XDSC_MSG.optionDup);
    await bad({ startTime: shanghaiTime(DAY), endTime: shanghaiTime(0) }, XDSC_MSG.timeOrder);
    expect(await count()).toBe(before);
  });

  it('saves, lists site-wide forms, keeps field ids, disables and deletes', async () => {
    const title = uniq('问卷');
    const id = await createForm({ title, fields: [{ fieldType: 'text', label: '单位' }, ...FIELDS] });
    const d = must(await t.call<XdscRecord>(xdscApi.detail, { id }, admin));
    expect(d.fields).toHaveLength(FIELDS.length + 1);
    expect(d.fields[0]!.id).toMatch(/\w+/);
    expect(d.fields.slice(1).map((f) => f.id)).toEqual(FIELDS.map((f) => f.id));
    expect(must(await t.call<Page<XdscRecord>>(xdscApi.paging, { params: { title } }, admin)).records.map((r) => r.id)).toEqual([id]);
    const u = await t.newLearner();
    expect(must(await t.call<Page<XdscLearnerRecord>>(xdscApi.myList, { size: 100 }, u.token)).records.some((r) => r.id === id)).toBe(true);
    must(await t.call(xdscApi.state, { ids: [id], state: 1 }, admin));
    expect((await t.call(xdscApi.detailLearner, { id }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(xdscApi.delete, { ids: [id] }, admin));
    expect((await t.call(xdscApi.detail, { id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('submission', () => {
  it('refuses each field type with its message and writes nothing', async () => {
    const formId = await createForm();
    const u = await t.newLearner();
    const other = await t.newLearner();
    const good = await goodValues(u);
    const refused = async (fieldId: string, value: string | string[] | undefined, msg: string) => {
      const values = good.filter((v) => v.fieldId !== fieldId).concat(value === undefined ? [] : [{ fieldId, value }]);
      expect(await submit(u.token, formId, values)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    };
    await refused('name', undefined, XDSC_MSG.required('姓名'));
    await refused('name', '   ', XDSC_MSG.required('姓名'));
    await refused('name', '一二三四五六七八九十一', XDSC_MSG.tooLong('姓名', 10));
    await refused('name', ['a'], XDSC_MSG.badValue('姓名'));
    await refused('intro', 'x'.repeat(2001), XDSC_MSG.tooLong('自我介绍', 2000));
    await refused('size', undefined, XDSC_MSG.choose('尺码'));
    await refused('size', 'XL', XDSC_MSG.badOption('尺码'));
    await refused('food', [], XDSC_MSG.choose('饮食'));
    await refused('food', ['素食', '海鲜'], XDSC_MSG.badOption('饮食'));
    await refused('food', '素食', XDSC_MSG.badValue('饮食'));
    await refused('photo', undefined, XDSC_MSG.upload('照片'));
    await refused('photo', 'https://evil.example.com/a.png', XDSC_MSG.badFile('照片'));
    await refused('photo', await upload('his.png', pngImage(), other.token), XDSC_MSG.badFile('照片'));
    await refused('photo', good.find((v) => v.fieldId === 'voice')!.value, XDSC_MSG.badKind('照片', '图片'));
    await refused('clip', good.find((v) => v.fieldId === 'photo')!.value, XDSC_MSG.badKind('视频', '视频'));
    await refused('voice', undefined, XDSC_MSG.upload('录音'));
    await refused('voice', good.find((v) => v.fieldId === 'photo')!.value, XDSC_MSG.badKind('录音', '音频'));
    expect(await submit(u.token, formId, [...good, { fieldId: 'nope', value: 'x' }])).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: XDSC_MSG.unknownField });
    expect(await answerCount(formId)).toBe(0);

    must(await submit(u.token, formId, good));
    const mine = must(await t.call<XdscLearnerDetail>(xdscApi.detailLearner, { id: formId }, u.token));
    expect(mine.submitted).toBe(true);
    expect(mine.values).toContainEqual({ fieldId: 'food', value: ['素食', '无'] });
    expect(mine.values).toContainEqual({ fieldId: 'clip', value: '' });
  });

  it('refuses a second submission and stores one row under parallel submits', async () => {
    const formId = await createForm();
    const u = await t.newLearner();
    const values = await goodValues(u);
    const res = await Promise.all(Array.from({ length: 8 }, () => submit(u.token, formId, values)));
    expect(res.filter((r) => r.code === 0)).toHaveLength(1);
    expect(res.filter((r) => r.code === XdscError.ALREADY.code).map((r) => r.msg)).toEqual(Array(7).fill('您已经提交过了！'));
    expect(await answerCount(formId)).toBe(1);
    expect(await submit(u.token, formId, values)).toMatchObject({ code: XdscError.ALREADY.code, msg: '您已经提交过了！' });
    expect(await answerCount(formId)).toBe(1);
  });

  it('refuses submissions outside the window', async () => {
    const early = await createForm({ startTime: shanghaiTime(DAY), endTime: shanghaiTime(2 * DAY) });
    const late = await createForm({ startTime: shanghaiTime(-2 * DAY), endTime: shanghaiTime(-DAY) });
    const u = await t.newLearner();
    expect((await submit(u.token, early, await goodValues(u))).code).toBe(XdscError.NOT_STARTED.code);
    expect((await submit(u.token, late, await goodValues(u))).code).toBe(XdscError.ENDED.code);
  });

  it('opens a class form to its enrolled learners only', async () => {
    const classId = must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('培训班'), classType: 1, startTime: shanghaiTime(DAY), endTime: shanghaiTime(30 * DAY) }, admin)).id;
    const formId = await createForm({ classId, fields: [{ id: 'n', fieldType: 'text', label: '姓名', required: true }] });
    const member = await t.newLearner();
    const outsider = await t.newLearner();
    must(await t.call(trainClassApi.assign, { classId, userIds: [member.userId] }, admin));
    expect((await submit(outsider.token, formId, [{ fieldId: 'n', value: '李四' }])).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(xdscApi.detailLearner, { id: formId }, outsider.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(xdscApi.myList, { params: { classId } }, outsider.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await t.call<Page<XdscLearnerRecord>>(xdscApi.myList, { params: { classId } }, member.token)).records.map((r) => r.id)).toEqual([formId]);
    // Class forms are not among the site-wide ones.
    expect(must(await t.call<Page<XdscLearnerRecord>>(xdscApi.myList, { size: 1000 }, member.token)).records.some((r) => r.id === formId)).toBe(false);
    must(await submit(member.token, formId, [{ fieldId: 'n', value: '王五' }]));
    expect(await answerCount(formId)).toBe(1);
    expect(must(await t.call<Page<XdscRecord>>(xdscApi.paging, { params: { classId } }, admin)).records).toMatchObject([{ id: formId, answerCount: 1 }]);
  });
});

describe('answers', () => {
  it('exports an xlsx with the header and one row per answer', async () => {
    const formId = await createForm();
    const [a, b] = [await t.newLearner(), await t.newLearner()];
    const va = await goodValues(a);
    must(await submit(a.token, formId, va));
    must(await submit(b.token, formId, await goodValues(b)));
    const res = await t.app.inject({ method: 'POST', url: xdscApi.export.path, payload: { formId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet('信息采集')!;
    expect(ws.getRow(2).values).toEqual([undefined, '序号', '账号', '姓名', '提交时间', ...FIELDS.map((f) => f.label)]);
    expect(ws.rowCount).toBe(4);
    const row = (ws.getRow(3).values as unknown[]).slice(1);
    expect(row.slice(0, 2)).toEqual([1, a.userName]);
    // One column per field, in order: checkbox values joined, file fields as their urls, '' for the empty video.
    expect(row.slice(4)).toEqual(['张三', '你好', 'M', '素食、无', va[4]!.value, '', va[5]!.value]);
    const page = must(await t.call<Page<XdscAnswerRecord>>(xdscApi.answers, { params: { formId } }, admin));
    expect(page.records.map((r) => r.userName)).toEqual([a.userName, b.userName]);
    expect((await t.call(xdscApi.answers, { params: { formId } }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it("shows no user in an anonymous form's answers", async () => {
    const formId = await createForm({ anonymous: true, fields: [{ id: 't', fieldType: 'text', label: '建议' }] });
    const u = await t.newLearner();
    must(await submit(u.token, formId, [{ fieldId: 't', value: '很好' }]));
    const res = await t.call<Page<XdscAnswerRecord>>(xdscApi.answers, { params: { formId } }, admin);
    const page = must(res);
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ userName: '', realName: '', values: [{ fieldId: 't', value: '很好' }] });
    expect(JSON.stringify(res)).not.toContain(u.userName);
    expect(JSON.stringify(res)).not.toContain(u.userId);
    const x = await t.app.inject({ method: 'POST', url: xdscApi.export.path, payload: { formId }, headers: { token: admin } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    expect(wb.getWorksheet('信息采集')!.getRow(2).values).toEqual([undefined, '序号', '提交时间', '建议']);
  });

  it('answers an empty page without a form', async () => {
    expect(must(await t.call<Page<XdscAnswerRecord>>(xdscApi.answers, {}, admin))).toMatchObject({ records: [], total: 0 });
  });
});
