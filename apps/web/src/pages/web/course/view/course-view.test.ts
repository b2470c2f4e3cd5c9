import { describe, expect, it } from 'vitest';
import type { CourseFileRow } from '@kaopei/contracts/course';
import { byChapter } from './chapters';

const f = (fileId: string, chapter: string, sort: number): CourseFileRow => ({ fileId, title: fileId, fileType: 33, fileType_dictText: '视频', duration: 60, pageCount: 0, chapter, sort, needSec: 60 });

describe('course view chapters', () => {
  it('groups files by chapter in course order, keeping a chapter that comes back apart', () => {
    const groups = byChapter([f('c', '第二章', 3), f('a', '第一章', 1), f('b', '第一章', 2), f('d', '第一章', 4)]);
    expect(groups.map((g) => [g.chapter, g.files.map((x) => x.fileId)])).toEqual([
      ['第一章', ['a', 'b']],
      ['第二章', ['c']],
      ['第一章', ['d']],
    ]);
    expect(byChapter([])).toEqual([]);
  });
});
