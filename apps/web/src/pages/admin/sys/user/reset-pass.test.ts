/** Random passwords of the 重置密码 dialog (reset-pass.ts). */
import { describe, expect, it } from 'vitest';
import { isStrongPassword } from '@kaopei/contracts/sys-user';
import { randomPassword } from './reset-pass';

describe('randomPassword', () => {
  it('always meets the password rule of SPEC §5, 12 characters by default, never fewer than 8', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const p = randomPassword();
      expect(p).toHaveLength(12);
      expect(isStrongPassword(p)).toBe(true);
      expect(p).not.toMatch(/[lIoO01]/);
      seen.add(p);
    }
    expect(seen.size).toBe(500);
    expect(randomPassword(4)).toHaveLength(8);
    expect(isStrongPassword(randomPassword(8))).toBe(true);
  });

  it('places one character of each class even with a degenerate source of randomness', () => {
    const p = randomPassword(8, () => 0);
    expect(isStrongPassword(p)).toBe(true);
  });
});
