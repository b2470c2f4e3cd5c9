/**
 * Permission gate (SPEC §6 "Permission check"): an element is removed unless the user's permission
 * list contains at least one of the given codes.
 * - The element form (`<Perm>`, `PermButton`, `RowAction`, `canShow`): an empty code list passes.
 * - The programmatic check (`usePerm()`, `checkPermission`): a check with no codes logs
 *   "无相关权限！" and is false.
 * Codes: the contracts' `<Domain>Perm` objects.
 */
import { useCallback, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useAuth } from '../store/auth';
import { canShow, checkPermission } from '../utils/perm';

export { canShow, checkPermission, NO_PERM_MSG } from '../utils/perm';

/** The programmatic check bound to the session user: `const can = usePerm(); if (can(NoticePerm.ADD)) …`. */
export function usePerm(): (codes: string | readonly string[]) => boolean {
  const { user } = useAuth();
  const held = user?.permissions;
  return useCallback((codes) => checkPermission(held ?? [], codes), [held]);
}

/** Renders `children` only for holders of one of `code` (an empty list passes). */
export function Perm({ code, children }: { code: string | string[]; children: ReactNode }) {
  const { user } = useAuth();
  return canShow(user?.permissions ?? [], code) ? <>{children}</> : null;
}

/** An antd Button shown only to holders of `code` (other props, data-testid included, go to the Button). */
export function PermButton({ code, ...props }: ButtonProps & { code: string | string[] }) {
  return (
    <Perm code={code}>
      <Button {...props} />
    </Perm>
  );
}

/** A small link button of a table's 操作 column, shown only to holders of `code`. */
export function RowAction(props: ButtonProps & { code: string | string[] }) {
  return <PermButton type="link" size="small" {...props} />;
}
