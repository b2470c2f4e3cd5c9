/** The course file list's size and duration texts, and the picker's paging params. */
import { describe, expect, it } from 'vitest';
import { courseFilePickerParams } from '../../../../components/CourseFilePicker';
import { formatBytes, formatSeconds } from './format';

describe('course file formats', () => {
  it('shows sizes in B/KB/MB and durations as mm:ss or h:mm:ss, "-" for none', () => {
    expect([formatBytes(0), formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['-', '512 B', '1.5 KB', '5.0 MB']);
    expect([formatSeconds(0), formatSeconds(3), formatSeconds(65), formatSeconds(3725)]).toEqual(['-', '00:03', '01:05', '1:02:05']);
  });

  it('sends the picker filters without blanks and the excluded ids once', () => {
    expect(courseFilePickerParams({ title: '  ' }, [])).toEqual({});
    expect(courseFilePickerParams({ title: ' 安全 ', fileType: 33, catId: 'safety' }, ['a', 'b', 'a'])).toEqual({ title: '安全', fileType: 33, catId: 'safety', excludes: ['a', 'b'] });
  });
});
