/** Unit tests of the course rules shared by the server and the web: required study time, price text, save validation. */
import { describe, expect, it } from 'vitest';
import { courseNeedSec, coursePriceText, courseSaveReq } from './course';

describe('courseNeedSec', () => {
  it('uses the set minutes, else a video’s length, 30 s a page of a document (at least 60 s), 60 s for a link', () => {
    expect(courseNeedSec({ fileType: 33, duration: 125, pageCount: 0 }, 3)).toBe(180);
    expect(courseNeedSec({ fileType: 33, duration: 125, pageCount: 0 }, null)).toBe(125);
    expect(courseNeedSec({ fileType: 33, duration: 0, pageCount: 0 }, null)).toBe(60);
    expect(courseNeedSec({ fileType: 22, duration: 0, pageCount: 10 }, null)).toBe(300);
    expect(courseNeedSec({ fileType: 22, duration: 0, pageCount: 1 }, undefined)).toBe(60);
    expect(courseNeedSec({ fileType: 11, duration: 0, pageCount: 0 }, null)).toBe(60);
  });
});

describe('coursePriceText', () => {
  it('shows money, points, both or 免费', () => {
    expect(coursePriceText({ costPoints: 0, salePrice: 0 })).toBe('免费');
    expect(coursePriceText({ costPoints: 50, salePrice: 0 })).toBe('50积分');
    expect(coursePriceText({ costPoints: 0, salePrice: 9.9 })).toBe('￥9.90');
    expect(coursePriceText({ costPoints: 50, salePrice: 12 })).toBe('￥12.00 / 50积分');
  });
});

describe('courseSaveReq', () => {
  const base = { title: '课程', fileList: [{ fileId: 'f1' }] };
  const msg = (body: object) => {
    const r = courseSaveReq.safeParse(body);
    return r.success ? '' : r.error.issues[0]?.message;
  };
  it('defaults the settings and accepts a minimal course', () => {
    expect(courseSaveReq.parse(base)).toMatchObject({ videoDrag: true, checkOn: false, checkSec: 600, openType: 1, costPoints: 0, salePrice: 0, certId: null, fileList: [{ fileId: 'f1', chapter: '', sort: 0, needMinutes: null }] });
  });
  it('answers the spec-style messages', () => {
    expect(msg({ ...base, title: '' })).toBe('课程名称不能为空！');
    expect(msg({ ...base, fileList: [] })).toBe('请至少添加一个课件！');
    expect(msg({ ...base, fileList: [{ fileId: 'f1' }, { fileId: 'f1' }] })).toBe('课件不能重复添加！');
    expect(msg({ ...base, openType: 2 })).toBe('请选择开放的部门！');
    expect(msg({ ...base, openType: 3 })).toBe('请选择开放的人员！');
    expect(msg({ ...base, salePrice: 0.123 })).toBe('课程价格最多两位小数！');
    expect(msg({ ...base, checkSec: 7201 })).toBe('验证间隔不能大于7200！');
    expect(msg({ ...base, costPoints: -1 })).toBe('所需积分不能小于0！');
  });
});
