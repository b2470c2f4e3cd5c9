import { describe, expect, it } from 'vitest';
import { json } from '@kaopei/contracts';
import { isAudited, targetIdsOf } from './audit';

describe('operation log hook', () => {
  it('records the calls that need a permission code and are not readOnly', () => {
    expect(isAudited(json({ path: '/a/save', summary: 's', access: 'x:add', data: {} as never }))).toBe(true);
    expect(isAudited(json({ path: '/a/save', summary: 's', access: ['x:add', 'x:update'], data: {} as never }))).toBe(true);
    expect(isAudited(json({ path: '/a/paging', summary: 's', access: 'x:list', readOnly: true, data: {} as never }))).toBe(false);
    expect(isAudited(json({ path: '/a/mine', summary: 's', access: 'user', data: {} as never }))).toBe(false);
    expect(isAudited(json({ path: '/a/login', summary: 's', access: 'public', data: {} as never }))).toBe(false);
  });

  it('names the ids a call acted on', () => {
    expect(targetIdsOf({ id: '1', title: 'x' })).toBe('1');
    expect(targetIdsOf({ ids: ['1', '2'], state: 0 })).toBe('1,2');
    expect(targetIdsOf({ jobId: '9', dupMode: 'skip' })).toBe('9');
    expect(targetIdsOf({ title: 'new' })).toBe('');
    expect(targetIdsOf(null)).toBe('');
  });
});
