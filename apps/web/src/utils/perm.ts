/**
 * The two permission checks of SPEC §6, pure (components/Perm.tsx binds them to the session user;
 * store/auth's `hasPerm` is the element form):
 * - element form (`canShow`): an empty code list passes;
 * - programmatic form (`checkPermission`): no codes logs "无相关权限！" and is false.
 */

/** Logged by a programmatic check given no codes (SPEC §6). */
export const NO_PERM_MSG = '无相关权限！';

const listOf = (codes: string | readonly string[]): readonly string[] => (typeof codes === 'string' ? [codes] : codes);

/** Element form (SPEC §6): true when `held` contains one of `codes`, or when no code is required. Pure. */
export function canShow(held: readonly string[], codes: string | readonly string[]): boolean {
  const list = listOf(codes);
  return list.length === 0 || list.some((c) => held.includes(c));
}

/** Programmatic form (SPEC §6): true when `held` contains one of `codes`; no codes logs NO_PERM_MSG (console.error) and is false. */
export function checkPermission(held: readonly string[], codes: string | readonly string[]): boolean {
  const list = listOf(codes);
  if (list.length === 0) {
    console.error(NO_PERM_MSG);
    return false;
  }
  return list.some((c) => held.includes(c));
}
