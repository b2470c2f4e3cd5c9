import { describe, expect, it } from 'vitest';
import { withDictText } from './dict-text';

describe('withDictText', () => {
  it('labels fixed enumerations and resolves ids once per field for all records', async () => {
    const asked: string[][] = [];
    const names = async (ids: string[]) => {
      asked.push(ids);
      return new Map([['u1', '张三']]);
    };
    const rows = [
      { id: 'a', state: 0, createBy: 'u1' },
      { id: 'b', state: 1, createBy: 'u1' },
      { id: 'c', state: 7, createBy: 'u2' },
    ];
    const out = await withDictText(rows, { state: { 0: '正常', 1: '禁用' }, createBy: names });
    expect(out).toEqual([
      { id: 'a', state: 0, state_dictText: '正常', createBy: 'u1', createBy_dictText: '张三' },
      { id: 'b', state: 1, state_dictText: '禁用', createBy: 'u1', createBy_dictText: '张三' },
      { id: 'c', state: 7, state_dictText: '', createBy: 'u2', createBy_dictText: '' },
    ]);
    expect(asked).toEqual([['u1', 'u2']]);
  });

  it('asks no resolver for an empty page', async () => {
    let asked = false;
    expect(await withDictText([] as { createBy: string }[], { createBy: async () => ((asked = true), new Map()) })).toEqual([]);
    expect(asked).toBe(false);
  });
});
