/**
 * The interchange readers on every Moodle fixture of `../shared/data/moodle-formats/question/format`
 * (counts and content the fixtures define, see that folder's README), broken files, and the Moodle
 * XML round trip of every one of our types (write → read gives the same questions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';
import { parseAiken } from './qu.aiken';
import { parseGift } from './qu.gift';
import { checkRules, detectFormat, parseText } from './qu.interchange-import';
import { BLANK_MARK, categoryToBank, ixOption, ixQuestion, joinAlternatives, splitAlternatives, type IxQuestion } from './qu.interchange';
import { buildMoodleXml, parseMoodleXml, type ExportQuestion } from './qu.moodle-xml';

const FORMATS = ['moodle-formats', 'question', 'format'];
const fixture = (...p: string[]) => readFileSync(sharedDataPath(...FORMATS, ...p), 'utf8');
const xml = (name: string) => checkRules(parseMoodleXml(fixture('xml', 'tests', 'fixtures', name)));
const types = (qs: IxQuestion[]) => qs.map((q) => q.quType);

describe.skipIf(!hasSharedData())('Moodle XML fixtures (shared data present)', () => {
  it('every xml fixture is read: a count for each, nothing unaccounted for', () => {
    const dir = sharedDataPath(...FORMATS, 'xml', 'tests', 'fixtures');
    const expected: Record<string, { imported: number; skipped: number }> = {
      'broken_cloze_questions.xml': { imported: 0, skipped: 5 },
      'categories_reverse_order.xml': { imported: 2, skipped: 0 },
      'category_with_description.xml': { imported: 1, skipped: 0 },
      'deprecated_category.xml': { imported: 1, skipped: 0 },
      'error_invalid_grades.xml': { imported: 0, skipped: 1 },
      'export_category.xml': { imported: 1, skipped: 0 },
      'html_chars_in_idnumbers.xml': { imported: 1, skipped: 0 },
      'multianswer.xml': { imported: 1, skipped: 0 },
      'multichoice.xml': { imported: 1, skipped: 0 },
      'nested_categories.xml': { imported: 1, skipped: 0 },
      'nested_categories_with_questions.xml': { imported: 5, skipped: 0 },
      'old_format_file.xml': { imported: 2, skipped: 0 },
      'sample_questions_with_old_image_tag.xml': { imported: 2, skipped: 0 },
      'truefalse.xml': { imported: 2, skipped: 0 },
    };
    const files = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
    expect(files).toEqual(Object.keys(expected).sort());
    for (const f of files) {
      const r = xml(f);
      expect({ f, imported: r.questions.length, skipped: r.skipped.length }).toEqual({ f, ...expected[f] });
    }
  });

  it('broken files import nothing and say why per question', () => {
    const cloze = xml('broken_cloze_questions.xml');
    expect(cloze.error).toBe('文件中没有可导入的试题，未导入任何试题！');
    expect(cloze.skipped.map((s) => s.reason)).toEqual([
      '完形填空题中没有任何子题',
      '完形填空题中没有任何子题',
      '第1个子题的选项少于两个',
      '第1个子题没有完全正确的选项',
      '第1个子题的数值答案不正确：zero',
    ]);
    expect(cloze.skipped[0]).toMatchObject({ no: 1, type: 'cloze', name: 'Multianswer question without subquestions' });
    const grades = xml('error_invalid_grades.xml');
    expect(grades.error).toBeDefined();
    expect(grades.skipped).toEqual([{ no: 1, type: 'multichoice', name: 'Question with <strong>invalid grades</strong> : x > 1 & x < 2', reason: '选项分值无效：33' }]);
  });

  it('categories become banks and chapters, in file order whatever the nesting', () => {
    const rev = xml('categories_reverse_order.xml').questions;
    expect(rev.map((q) => [q.quType, q.repoTitle, q.chapter, q.content])).toEqual([
      [QuType.SAQ, 'Sigma', 'Tau', 'Testing Tau Question'],
      [QuType.FILL, 'Sigma', '', `Testing Sigma Question${BLANK_MARK}`],
    ]);
    // shortanswer: only the full-credit answer is accepted, case ignored (usecase 0)
    expect(rev[1]?.answerList).toEqual([expect.objectContaining({ answer: 'yes' })]);
    expect(rev[1]?.blankOpts).toBe(1);
    const nested = xml('nested_categories_with_questions.xml').questions;
    expect(nested.map((q) => `${q.repoTitle}|${q.chapter}|${q.quType}`)).toEqual(['Iota||3', 'Iota|Kappa|4', 'Iota|Kappa|3', 'Iota|Kappa/Lambda|3', 'Iota|Mu|3']);
    expect(xml('nested_categories.xml').questions[0]).toMatchObject({ repoTitle: 'Delta', chapter: 'Epsilon/Zeta' });
  });

  it('true/false, multiple choice and cloze keep their content, right flags and feedback', () => {
    const tf = xml('truefalse.xml').questions;
    expect(types(tf)).toEqual([3, 3]);
    for (const q of tf) expect(q.answerList.map((o) => o.content)).toEqual(['正确', '错误']);
    expect(tf.every((q) => q.answerList.filter((o) => o.isRight).length === 1)).toBe(true);

    const [mc] = xml('multichoice.xml').questions;
    expect(mc?.quType).toBe(QuType.SINGLE);
    expect(mc?.name).toBe('Greeting');
    expect(mc?.answerList).toHaveLength(4);
    expect(mc?.answerList.filter((o) => o.isRight)).toHaveLength(1);
    expect(mc?.content).toContain('@@PLUGINFILE@@/bonjour.mp3');
    const files = parseMoodleXml(fixture('xml', 'tests', 'fixtures', 'multichoice.xml')).files;
    expect(files.get('bonjour.mp3')?.data.length).toBe(12982);
    expect(files.get('flag-france.jpg')?.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const [cloze] = xml('multianswer.xml').questions;
    expect(cloze?.quType).toBe(QuType.MIX);
    expect(cloze?.subList.map((s) => s.quType)).toEqual([1, 1, 1, 1, 5]);
    expect(cloze?.subList[1]?.answerList.map((o) => [o.content, o.isRight])).toEqual([['California', false], ['Arizona', true]]);
    expect(cloze?.subList[4]?.answerList[0]?.answer).toBe('Paris');
    expect(cloze?.notes).toEqual(['第5空的部分得分答案未导入']);
    expect(cloze?.content).toContain('（5）');

    const old = xml('sample_questions_with_old_image_tag.xml');
    expect(types(old.questions)).toEqual([99, 1]);
    expect(old.questions[1]?.image).toBe('@@PLUGINFILE@@/moodle.png');
    expect(old.questions[1]?.answerList.map((o) => [o.content, o.isRight])).toEqual([['wrong answer', false], ['another wrong answer', false], ['right answer', true]]);
    expect(old.files.get('moodle.png')?.data.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe.skipIf(!hasSharedData())('GIFT and Aiken fixtures (shared data present)', () => {
  it('examples.txt: 43 blocks, 39 mapped, the 4 numericals with a tolerance or range reported', () => {
    const r = checkRules(parseGift(fixture('gift', 'examples.txt')));
    expect(r.questions).toHaveLength(39);
    expect(r.skipped.map((s) => s.no)).toEqual([5, 17, 18, 38]);
    expect(r.skipped[2]?.reason).toBe('数值题的答案是范围（3.141..3.142），无法转换为填空题');
    const count = (t: number) => r.questions.filter((q) => q.quType === t).length;
    expect([count(1), count(2), count(3), count(5), count(6)]).toEqual([16, 2, 5, 13, 3]);
    const grant = r.questions.find((q) => q.content === "Who's buried in Grant's tomb?" && q.quType === 1);
    expect(grant?.answerList.map((o) => [o.content, o.isRight])).toEqual([['Grant', false], ['Jefferson', false], ['no one', true]]);
    const missing = r.questions.find((q) => q.content.startsWith('Grant is _____'));
    expect(missing?.content).toBe("Grant is _____ in Grant's tomb.");
    const fill = r.questions.find((q) => q.content.startsWith('Two plus two'));
    expect(fill?.content).toBe(`Two plus two equals ${BLANK_MARK}.`);
    expect(splitAlternatives(fill?.answerList[0]?.answer ?? '')).toEqual(['four', '4']);
    const capitals = r.questions.find((q) => q.content.startsWith('Match the following countries'));
    expect(capitals?.answerList.map((o) => [o.content, o.answer])).toEqual([['Canada', 'Ottawa'], ['Italy', 'Rome'], ['Japan', 'Tokyo'], ['India', 'New Delhi']]);
    // escaped control characters \~ \= \# \{ \} come back as the plain characters
    const escapes = r.questions.find((q) => q.answerList.some((o) => o.content === '~'));
    expect(escapes?.answerList.map((o) => [o.content, o.isRight])).toEqual([['~', false], ['=', false], ['#', false], ['{', false], ['}', false], ['\\', true]]);
    expect(r.questions.find((q) => q.answerList.some((o) => o.content === '= 2 + 3'))?.answerList.map((o) => o.isRight)).toEqual([false, true, false]);
  });

  it('questions.gift.txt: 9 questions, 8 mapped (essay, matching with a distractor, choices, short answer, true/false)', () => {
    const r = checkRules(parseGift(fixture('gift', 'tests', 'fixtures', 'questions.gift.txt')));
    expect(types(r.questions)).toEqual([4, 6, 1, 2, 5, 3, 3, 3]);
    expect(r.skipped).toEqual([{ no: 5, type: 'gift', name: 'Q5', reason: '数值题的答案带误差范围（3:2），无法转换为填空题' }]);
    const match = r.questions[1];
    expect(match?.answerList.at(-1)).toMatchObject({ content: '', answer: 'Chat' });
    expect(r.questions[3]?.answerList.map((o) => o.isRight)).toEqual([true, false, true, false]);
    expect(r.questions[4]?.notes).toEqual(['部分得分的答案“Cat”未导入']);
    const q1 = r.questions[5];
    expect(q1).toMatchObject({ name: 'Q1', content: '42 is the Absolute Answer to everything.', analysis: "This is, of course, a Hitchiker's Guide to the Galaxy reference." });
    expect(q1?.answerList.map((o) => o.isRight)).toEqual([false, true]);
  });

  it('questions_in_category.gift.txt: the $CATEGORY names the bank of its 4 questions', () => {
    const r = checkRules(parseGift(fixture('gift', 'tests', 'fixtures', 'questions_in_category.gift.txt')));
    expect(types(r.questions)).toEqual([6, 1, 5, 3]);
    expect(new Set(r.questions.map((q) => q.repoTitle))).toEqual(new Set(['Default for New Features']));
    expect(r.questions[1]?.answerList.find((o) => o.isRight)?.content).toBe('French');
  });

  it('Aiken: 2 good questions; the error file keeps its 2 good ones and reports 4 bad blocks', () => {
    const ok = checkRules(parseAiken(fixture('aiken', 'tests', 'fixtures', 'questions.aiken.txt')));
    expect(ok.questions.map((q) => [q.answerList.length, q.answerList.findIndex((o) => o.isRight)])).toEqual([[4, 1], [2, 0]]);
    expect(ok.questions[1]?.content).toBe('<p>Moodle\'s abilities include handling user input that includes &lt;html class=&quot;cool&quot;&gt; &amp; images:</p>');
    const bad = checkRules(parseAiken(fixture('aiken', 'tests', 'fixtures', 'aiken_errors.txt')));
    expect(bad.questions.map((q) => q.content)).toEqual(['A good question', 'A second good question']);
    expect(bad.questions[1]?.answerList.map((o) => [o.content, o.isRight])).toEqual([['Incorrect (No space)', false], ['Correct (No space)', true]]);
    expect(bad.skipped.map((s) => s.reason)).toEqual(['选项少于两个', '选项前没有题目内容', '答案前没有题目和选项', '缺少ANSWER答案行']);
  });

  it('.txt files are told apart: Aiken by its ANSWER lines, else GIFT', () => {
    expect(detectFormat('a.txt', undefined, () => fixture('aiken', 'tests', 'fixtures', 'questions.aiken.txt'))).toBe('aiken');
    expect(detectFormat('a.txt', undefined, () => fixture('gift', 'tests', 'fixtures', 'questions.gift.txt'))).toBe('gift');
  });
});

describe('broken and empty files', () => {
  it('malformed XML, a foreign root, an empty file are refused as a whole', () => {
    expect(parseMoodleXml('<quiz><question type="truefalse"></quiz>').error).toMatch(/^文件不是有效的Moodle XML格式（第1行附近XML格式错误）/);
    expect(parseMoodleXml('<html><body/></html>').error).toBe('文件不是Moodle XML格式（根元素应为quiz），未导入任何试题！');
    expect(parseMoodleXml('').error).toBe('文件中没有试题数据！');
    expect(parseMoodleXml('<quiz></quiz>').error).toBe('文件中没有试题数据！');
    expect(parseGift('// only a comment\n').error).toBe('文件中没有试题数据！');
    expect(parseAiken('').error).toBe('文件中没有试题数据！');
    expect(checkRules(parseText('::a:: Only a description', 'gift')).error).toBe('文件中没有可导入的试题，未导入任何试题！');
  });

  it('formats come from the field first, then the extension', () => {
    expect(detectFormat('x.xlsx', undefined, () => '')).toBe('xlsx');
    expect(detectFormat('x.XML', undefined, () => '')).toBe('moodle-xml');
    expect(detectFormat('x.gift', undefined, () => '')).toBe('gift');
    expect(detectFormat('x.txt', 'aiken', () => '{')).toBe('aiken');
    expect(detectFormat('x.doc', undefined, () => '')).toBeUndefined();
  });

  it('category paths', () => {
    expect(categoryToBank('$course$/top/Default for X')).toEqual({ repoTitle: 'Default for X', chapter: '' });
    expect(categoryToBank('$module$/Delta/Epsilon/Zeta')).toEqual({ repoTitle: 'Delta', chapter: 'Epsilon/Zeta' });
    expect(categoryToBank('A//B/C')).toEqual({ repoTitle: 'A/B', chapter: 'C' });
  });
});

describe('Moodle XML round trip of every type', () => {
  const opt = (content: string, isRight = false, answer = '') => ixOption({ content, isRight, answer, analysis: isRight ? '解析' : '' });
  const base = { level: 1, analysis: '<p>整体解析</p>', image: '', video: '', answer: '', blankOpts: 0, keywords: [], repoTitle: '示例题库', subList: [] as ExportQuestion[] };
  const list: ExportQuestion[] = [
    { ...base, quType: 1, content: '<p>首都是？</p>', answerList: [opt('上海'), opt('北京', true), opt('A & B <c>')] },
    { ...base, quType: 2, level: 2, content: '偶数有哪些？', answerList: [opt('2', true), opt('3'), opt('4', true)] },
    { ...base, quType: 3, content: '地球是圆的。', answerList: [opt('对', true), opt('错')] },
    { ...base, quType: 4, content: '简述光合作用。', answer: '<p>参考答案]]>结束</p>', keywords: [{ word: '叶绿体', score: 2 }], answerList: [] },
    { ...base, quType: 5, content: `中国的首都是${BLANK_MARK}。`, blankOpts: 3, answerList: [opt('', false, joinAlternatives(['北京', 'Beijing', 'a|b']))] },
    { ...base, quType: 5, content: `${BLANK_MARK}加${BLANK_MARK}等于四`, blankOpts: 4, answerList: [opt('', false, '2'), opt('', false, '2|二')] },
    { ...base, quType: 6, content: '配对', answerList: [opt('猫', true, '喵'), opt('狗', true, '汪'), opt('', false, '咩')] },
    {
      ...base, quType: 99, content: '阅读材料', answerList: [],
      subList: [
        { ...base, quType: 1, content: '（1）', answerList: [opt('甲', true), opt('乙')] },
        { ...base, quType: 5, content: `（2）${BLANK_MARK}`, blankOpts: 1, answerList: [opt('', false, '丙')] },
        { ...base, quType: 4, content: '（3）', answer: '丁', answerList: [] },
      ],
    },
  ];
  const shape = (q: ExportQuestion | IxQuestion): unknown => ({
    quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, answer: q.answer, blankOpts: q.blankOpts, keywords: q.keywords, repoTitle: q.repoTitle,
    answerList: q.answerList.map((o) => [o.content, o.isRight, o.answer, o.analysis]),
    subList: q.subList.map((s) => ({ quType: s.quType, content: s.content, answer: s.answer, blankOpts: s.blankOpts, answerList: s.answerList.map((o) => [o.content, o.isRight, o.answer]) })),
  });

  it('writing then reading gives the same questions, and the file is valid Moodle XML', () => {
    const text = buildMoodleXml(list);
    const back = checkRules(parseMoodleXml(text));
    expect(back.skipped).toEqual([]);
    expect(back.questions.map(shape)).toEqual(list.map(shape));
    // What Moodle itself reads: types and native answers.
    expect([...text.matchAll(/<question type="(\w+)">/g)].map((m) => m[1])).toEqual(['category', 'multichoice', 'multichoice', 'truefalse', 'essay', 'shortanswer', 'cloze', 'matching', 'cloze']);
    expect(text).toContain('{1:SHORTANSWER_C:=2}');
  });

  it('without our extension element, Moodle’s own reading of the export still maps every type but combined', () => {
    const text = buildMoodleXml(list).replace(/\s*<kaopei>.*?<\/kaopei>/gs, '');
    const back = checkRules(parseMoodleXml(text));
    expect(types(back.questions)).toEqual([1, 2, 3, 4, 5, 5, 6]);
    expect(back.questions[2]?.answerList.map((o) => [o.content, o.isRight])).toEqual([['正确', true], ['错误', false]]);
    expect(back.questions[5]?.answerList.map((o) => o.answer)).toEqual(['2', '2|二']);
    expect(back.questions[6]?.answerList.map((o) => [o.content, o.answer])).toEqual([['猫', '喵'], ['狗', '汪'], ['', '咩']]);
    expect(back.skipped).toEqual([expect.objectContaining({ no: 8, type: 'cloze', reason: '完形填空题中没有任何子题' })]);
  });

  it('an interchange question without defaults stays valid', () => {
    expect(ixQuestion({ quType: 4, content: 'x' }).subList).toEqual([]);
  });
});
