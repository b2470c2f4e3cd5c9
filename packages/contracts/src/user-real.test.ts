/** The ID number rule of the real-person form (SPEC §5: 15 or 18 digits; the 18th a GB 11643 check character). */
import { describe, expect, it } from 'vitest';
import { isIdCard, realSubmitReq } from './user-real';

describe('isIdCard', () => {
  it('accepts 15 digits and 18 with the right check character (X in either case)', () => {
    expect(isIdCard('110105491231002')).toBe(true);
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('440524188001010014')).toBe(true);
  });
  it('refuses a wrong check character, other lengths and letters', () => {
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('440524188001010015')).toBe(false);
    expect(isIdCard('1101051949123100')).toBe(false);
    expect(isIdCard('11010519491231002Y')).toBe(false);
    expect(isIdCard('')).toBe(false);
  });
  it('stores the check character upper-case and answers the spec message otherwise', () => {
    expect(realSubmitReq.parse({ realName: '张三', idCard: ' 11010519491231002x ', face: '/a.png' }).idCard).toBe('11010519491231002X');
    expect(realSubmitReq.safeParse({ realName: '张三', idCard: '110105194912310021', face: '/a.png' }).error?.issues[0]?.message).toBe('请输入正确的身份证号');
  });
});
