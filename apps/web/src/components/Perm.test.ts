/** SPEC §6 permission check semantics: the element form passes an empty list, the programmatic one logs "无相关权限！" and refuses. */
import { describe, expect, it, vi } from 'vitest';
import { canShow, checkPermission, NO_PERM_MSG } from './Perm';

describe('permission check (SPEC §6)', () => {
  const held = ['sys:notice:list', 'exam:add'];

  it('shows an element to holders of at least one code, and when none is required', () => {
    expect(canShow(held, 'exam:add')).toBe(true);
    expect(canShow(held, ['course:add', 'sys:notice:list'])).toBe(true);
    expect(canShow(held, ['course:add', 'repo:list'])).toBe(false);
    expect(canShow([], 'exam:add')).toBe(false);
    expect(canShow(held, [])).toBe(true);
    expect(canShow([], [])).toBe(true);
  });

  it('checks programmatically, logging 无相关权限！ and refusing when given no code', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(checkPermission(held, 'exam:add')).toBe(true);
      expect(checkPermission(held, ['x', 'exam:add'])).toBe(true);
      expect(checkPermission(held, 'x')).toBe(false);
      expect(error).not.toHaveBeenCalled();
      expect(checkPermission(held, [])).toBe(false);
      expect(error).toHaveBeenCalledWith('无相关权限！');
      expect(NO_PERM_MSG).toBe('无相关权限！');
    } finally {
      error.mockRestore();
    }
  });
});
