/**
 * Passwords an administrator gives (pure, unit-tested): a random password that meets the rule of
 * SPEC §5 (upper and lower case letters, a digit and a special character, at least 8), for the
 * 重置密码 dialog's 随机生成 button.
 */
import { isStrongPassword } from '@kaopei/contracts/sys-user';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';
const ALL = LOWER + UPPER + DIGITS + SPECIAL;

/** A uniformly random integer in [0, n) from the browser's (or Node's) crypto. */
function cryptoInt(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  do crypto.getRandomValues(buf);
  while ((buf[0] ?? 0) >= limit);
  return (buf[0] ?? 0) % n;
}

/**
 * A random password of `length` (at least 8) characters with one of each class at a random place;
 * look-alike characters (l, o, I, O, 0, 1) are left out so it can be read out or copied by hand.
 */
export function randomPassword(length = 12, int: (n: number) => number = cryptoInt): string {
  const n = Math.max(8, length);
  const chars = [LOWER, UPPER, DIGITS, SPECIAL].map((set) => set.charAt(int(set.length)));
  while (chars.length < n) chars.push(ALL.charAt(int(ALL.length)));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const out = chars.join('');
  return isStrongPassword(out) ? out : randomPassword(length, int);
}
