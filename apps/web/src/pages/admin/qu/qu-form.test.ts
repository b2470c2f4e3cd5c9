/** The question form's pure logic (qu-form.ts) and the batch dialog's request building. */
import { describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { quSaveReq } from '@kaopei/contracts/qu';
import {
  alternativesOf,
  countBlankMarks,
  draftErrors,
  draftFromDetail,
  fitBlanks,
  formErrors,
  newDraft,
  newOption,
  rightItems,
  switchType,
  toSaveBody,
  withAlternatives,
  type QuestionDraft,
} from './qu-form';
import { batchRequest } from './BatchDialog';
import { moved } from '../repo/ChapterDialog';
import { repoPickerParams } from '../../../components/RepoPicker';

const REPO = '1234567890123456789';
const body = (d: QuestionDraft, id?: string) => toSaveBody(d, { id, repoId: REPO });
const errors = (d: QuestionDraft) => [...formErrors(d), ...draftErrors(body(d))];

describe('new drafts and type switching', () => {
  it('starts each type with the options it needs', () => {
    expect(newDraft(QuType.SINGLE).options).toHaveLength(4);
    expect(newDraft(QuType.JUDGE).options.map((o) => o.content)).toEqual(['正确', '错误']);
    expect(newDraft(QuType.FILL).options).toHaveLength(1);
    expect(newDraft(QuType.MATCH).options).toHaveLength(2);
    expect(newDraft(QuType.SAQ).options).toEqual([]);
    const mix = newDraft(QuType.MIX);
    expect(mix.options).toEqual([]);
    expect(mix.subs.map((s) => s.quType)).toEqual([QuType.SINGLE]);
  });

  it('keeps the choices between single and multiple (single keeps one right mark), starts afresh otherwise', () => {
    const multi = { ...newDraft(QuType.MULTI), content: '题干' };
    multi.options = multi.options.map((o, i) => ({ ...o, content: `项${i}`, isRight: i > 0 }));
    const single = switchType(multi, QuType.SINGLE);
    expect(single.options.map((o) => o.content)).toEqual(['项0', '项1', '项2', '项3']);
    expect(single.options.map((o) => o.isRight)).toEqual([false, true, false, false]);
    expect(single.content).toBe('题干');
    expect(switchType(single, QuType.JUDGE).options.map((o) => o.content)).toEqual(['正确', '错误']);
    expect(switchType(single, QuType.FILL).options.map((o) => o.answer)).toEqual(['']);
    expect(switchType(single, QuType.MIX).subs).toHaveLength(1);
    expect(switchType(switchType(single, QuType.MIX), QuType.SAQ).subs).toEqual([]);
    expect(switchType(single, QuType.SINGLE)).toBe(single);
  });
});

describe('save body and checks', () => {
  it('a fill blank: alternatives as a|b, the blank options, no choice marks; valid for the contracts', () => {
    const d = { ...newDraft(QuType.FILL), content: '首都是____' };
    d.options = [withAlternatives(d.options[0] as never, [' 北京 ', 'Beijing', '', 'a|b'])];
    d.blankOpts = { ignoreCase: true, fullHalf: false, anyOrder: false };
    const b = body(d);
    expect(b.answerList).toEqual([{ content: '', isRight: false, analysis: '', image: '', answer: '北京|Beijing|a\\|b' }]);
    expect(alternativesOf(d.options[0] as never)).toEqual(['北京', 'Beijing', 'a|b']);
    expect(b.blankOpts).toEqual({ ignoreCase: true, fullHalf: false, anyOrder: false });
    expect(errors(d)).toEqual([]);
    expect(quSaveReq.safeParse(b).success).toBe(true);
  });

  it('reports the rules of every type in Chinese, sub-questions prefixed', () => {
    const fill = { ...newDraft(QuType.FILL), content: 'x' };
    expect(errors(fill)).toEqual(['第1个空至少需要一个答案！']);
    const match = { ...newDraft(QuType.MATCH), content: 'x' };
    match.options = [newOption('', { answer: '右' }), newOption('左2', { answer: '右2' }), newOption('', { answer: '干扰', distractor: true })];
    expect(errors(match)).toContain('第1组配对缺少左侧项！');
    const mix = { ...newDraft(QuType.MIX), content: '材料' };
    expect(errors(mix)).toEqual(expect.arrayContaining(['第1小题：题目内容不能为空！']));
    mix.subs = [];
    expect(errors(mix)).toEqual(['组合题至少需要一个小题！']);
    expect(errors({ ...newDraft(QuType.SINGLE), content: '' })).toContain('题目内容不能为空！');
    const saq = { ...newDraft(QuType.SAQ), content: '简答', keywords: [{ key: 'k', word: '火', score: null }] };
    expect(errors(saq)).toEqual(['关键词分值必须大于0！']);
  });

  it('a matching distractor is saved with empty content; a combined question carries its subs, not its own options', () => {
    const match = { ...newDraft(QuType.MATCH), content: '配伍' };
    match.options = [newOption('甲', { answer: '一' }), newOption('乙', { answer: '二' }), newOption('残留', { answer: '三', distractor: true })];
    expect(body(match).answerList?.map((o) => [o.content, o.answer])).toEqual([['甲', '一'], ['乙', '二'], ['', '三']]);
    expect(errors(match)).toEqual([]);
    expect(rightItems(match.options)).toEqual(['一', '二', '三']);
    const mix = { ...newDraft(QuType.MIX), content: '材料' };
    mix.subs = [{ ...match }, { ...newDraft(QuType.SAQ), content: '说说', answer: '<p>参考</p>' }];
    const b = body(mix, '42');
    expect(b).toMatchObject({ id: '42', quType: 99, answerList: [] });
    expect(b.subList?.map((s) => s.quType)).toEqual([6, 4]);
    expect(b.subList?.[1]).toMatchObject({ answer: '<p>参考</p>', answerList: [] });
    expect(errors(mix)).toEqual([]);
  });

  it('round-trips a detail: ids of the question, options and subs are sent back', () => {
    const detail = {
      id: 'q1', repoId: REPO, repoId_dictText: '库', chapterId: '', chapterId_dictText: '', quType: 99, quType_dictText: '组合题', level: 2,
      content: '材料', analysis: '', image: '', answer: '', blankOpts: { ignoreCase: false, fullHalf: false, anyOrder: false }, keywords: [], answerList: [],
      subList: [
        {
          id: 's1', quType: 6, quType_dictText: '配伍题', level: 1, content: '配', analysis: '', image: '', answer: '', blankOpts: { ignoreCase: false, fullHalf: false, anyOrder: false }, keywords: [],
          answerList: [
            { id: 'o1', content: '甲', isRight: false, analysis: '', image: '', answer: '一' },
            { id: 'o2', content: '乙', isRight: false, analysis: '', image: '', answer: '二' },
            { id: 'o3', content: '', isRight: false, analysis: '', image: '', answer: '三' },
          ],
        },
      ],
    };
    const d = draftFromDetail(detail);
    expect(d.subs[0]?.options.map((o) => Boolean(o.distractor))).toEqual([false, false, true]);
    const b = body(d, 'q1');
    expect(b.subList?.[0]).toMatchObject({ id: 's1', answerList: [{ id: 'o1' }, { id: 'o2' }, { id: 'o3', content: '' }] });
    expect(quSaveReq.safeParse(b).success).toBe(true);
  });
});

describe('blank helpers', () => {
  it('counts runs of three or more underscores in the content, outside tags (contracts\' one rule)', () => {
    expect(countBlankMarks('<p>甲____乙<strong>___</strong>丙__</p>')).toBe(2);
    expect(countBlankMarks('<p>甲__<b>_</b>乙</p><img src="a___b.png">')).toBe(0);
    expect(countBlankMarks('（ ）和()以及（）')).toBe(0);
    expect(countBlankMarks('没有空')).toBe(0);
  });

  it('resizes the blanks keeping the first ones', () => {
    const three = [newOption('', { answer: 'a' }), newOption('', { answer: 'b' }), newOption('', { answer: 'c' })];
    expect(fitBlanks(three, 2).map((o) => o.answer)).toEqual(['a', 'b']);
    expect(fitBlanks(three, 5).map((o) => o.answer)).toEqual(['a', 'b', 'c', '', '']);
    expect(fitBlanks(three, 0).map((o) => o.answer)).toEqual(['a']);
  });
});

describe('batch dialog, chapter order, bank picker', () => {
  it('builds the request of each batch action, or null while something is missing', () => {
    expect(batchRequest('move', ['1'], { repoId: 'r' })).toEqual({ kind: 'move', body: { ids: ['1'], repoId: 'r', chapterId: '' } });
    expect(batchRequest('copy', ['1'], { repoId: 'r', chapterId: 'c' })).toEqual({ kind: 'copy', body: { ids: ['1'], repoId: 'r', chapterId: 'c' } });
    expect(batchRequest('move', ['1'], {})).toBeNull();
    expect(batchRequest('level', ['1', '2'], { level: 2 })).toEqual({ kind: 'level', body: { ids: ['1', '2'], level: 2 } });
    expect(batchRequest('chapter', ['1'], { repoId: 'r' })).toBeNull();
    expect(batchRequest('chapter', ['1'], { chapterId: 'c' })).toEqual({ kind: 'chapter', body: { ids: ['1'], chapterId: 'c' } });
  });

  it('moves a chapter up or down, never out of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('asks the bank list with the picker filters only when set', () => {
    expect(repoPickerParams({ excludes: [] })).toEqual({});
    expect(repoPickerParams({ title: ' 安全 ', excludes: ['1', '1', '2'], isExam: 1 })).toEqual({ title: '安全', excludes: ['1', '2'], isExam: 1 });
  });
});
