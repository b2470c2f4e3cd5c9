/** Department codes (sys-depart.codes.ts): 3 characters a level, A01 … A99, B01 … Z99, at most 21 levels. */
import { describe, expect, it } from 'vitest';
import { DepartError } from '@kaopei/contracts/sys-depart';
import { isDeptCode, nextChildCode } from './sys-depart.codes';

describe('nextChildCode', () => {
  it('numbers the children of a parent A01 … A99, then B01 … Z99', () => {
    expect(nextChildCode('', undefined)).toBe('A01');
    expect(nextChildCode('', 'A01')).toBe('A02');
    expect(nextChildCode('', 'A09')).toBe('A10');
    expect(nextChildCode('A01', undefined)).toBe('A01A01');
    expect(nextChildCode('A01', 'A01A41')).toBe('A01A42');
    expect(nextChildCode('A01', 'A01A99')).toBe('A01B01');
    expect(nextChildCode('A01', 'A01Y99')).toBe('A01Z01');
  });

  it('refuses a 2 575th child and a 22nd level', () => {
    expect(() => nextChildCode('A01', 'A01Z99')).toThrow(expect.objectContaining({ code: DepartError.TOO_MANY_CHILDREN.code }) as Error);
    const level21 = 'A01'.repeat(21);
    expect(nextChildCode('A01'.repeat(20), undefined)).toBe(level21);
    expect(() => nextChildCode(level21, undefined)).toThrow(expect.objectContaining({ code: DepartError.TOO_DEEP.code, message: '部门层级不能超过21级！' }) as Error);
  });

  it('refuses a last code that is not a child code of the parent (a programming error)', () => {
    expect(() => nextChildCode('A01', 'A02A01')).toThrow(/not a child code/);
    expect(() => nextChildCode('A01', 'A01A00')).toThrow(/not a child code/);
  });
});

describe('isDeptCode', () => {
  it('accepts levels of a capital letter and 01–99 only', () => {
    expect(['A01', 'A01B99', 'Z99'].every(isDeptCode)).toBe(true);
    expect(['', 'A0', 'A00', 'a01', 'A01A', 'A0%', 'A01'.repeat(22)].some(isDeptCode)).toBe(false);
  });
});
