/** The one blank-mark rule of fill-blank questions (contracts qu.ts `splitBlankMarks`). */
import { describe, expect, it } from 'vitest';
import { BLANK_MARK, countBlankMarks, splitBlankMarks } from './qu';

describe('blank marks', () => {
  it('a run of three or more underscores is one blank; two are text', () => {
    expect(splitBlankMarks(`中国的首都是${BLANK_MARK}。`)).toEqual(['中国的首都是', '。']);
    expect(splitBlankMarks('a___b_____________c__d')).toEqual(['a', 'b', 'c__d']);
    expect(countBlankMarks('没有空，只有__两个下划线和（ ）')).toBe(0);
  });

  it('looks at the text only: tags stay in their piece and end a run; underscores inside a tag are not blanks', () => {
    expect(splitBlankMarks('<p>甲___乙<img src="x___y.png">______</p>')).toEqual(['<p>甲', '乙<img src="x___y.png">', '</p>']);
    expect(countBlankMarks('<p>__<b>_</b>__</p>')).toBe(0);
    expect(splitBlankMarks('').length).toBe(1);
  });
});
