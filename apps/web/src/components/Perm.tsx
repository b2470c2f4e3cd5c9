/**
 * Permission gate (SPEC §6): renders its children only when the session user holds at least one of
 * the codes (an empty list passes). Codes: contracts `Perm`.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useAuth } from '../store/auth';

export function Perm({ code, children }: { code: string | string[]; children: ReactNode }) {
  const { hasPerm } = useAuth();
  return hasPerm(code) ? <>{children}</> : null;
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
