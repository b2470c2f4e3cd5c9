/**
 * Hierarchical department codes (SPEC §3 deptCode): 3 characters a level, a capital letter and two
 * digits 01–99. The children of a parent get, in order of creation, `<parent>A01` … `<parent>A99`,
 * `<parent>B01` … `<parent>Z99` (2 574 per parent); roots have the empty parent code. Codes of one
 * parent have the same length, so their string order is their order of creation. A code is never
 * given twice (deleted departments keep theirs).
 */
import { DEPT_CODE_LEVEL, DEPT_CODE_MAX, DEPT_CODE_PATTERN, DepartError } from '@kaopei/contracts/sys-depart';
import { AppError } from '../../lib/errors';

/**
 * The code of the next child of the department coded `parentCode` ('' for a root), after
 * `lastChild` (the greatest code ever given under that parent, or undefined for the first child).
 * Throws TOO_DEEP (90020006) past 21 levels and TOO_MANY_CHILDREN (90020007) after `Z99`.
 */
export function nextChildCode(parentCode: string, lastChild: string | undefined): string {
  if (parentCode.length + DEPT_CODE_LEVEL > DEPT_CODE_MAX) throw new AppError(DepartError.TOO_DEEP);
  if (!lastChild) return `${parentCode}A01`;
  const level = lastChild.slice(parentCode.length);
  if (!lastChild.startsWith(parentCode) || level.length !== DEPT_CODE_LEVEL || !DEPT_CODE_PATTERN.test(level)) {
    throw new Error(`department code ${lastChild} is not a child code of '${parentCode}'`);
  }
  const letter = level.charCodeAt(0);
  const num = Number(level.slice(1));
  if (num < 99) return `${parentCode}${level[0]}${String(num + 1).padStart(2, '0')}`;
  if (level[0] === 'Z') throw new AppError(DepartError.TOO_MANY_CHILDREN);
  return `${parentCode}${String.fromCharCode(letter + 1)}01`;
}

/** True when `code` is a well-formed department code (one or more levels). */
export function isDeptCode(code: string): boolean {
  return code.length <= DEPT_CODE_MAX && DEPT_CODE_PATTERN.test(code);
}
