/**
 * Permission gate (SPEC §6): renders its children only when the session user holds at least one of
 * the codes (an empty list passes). Codes: contracts `Perm`.
 */
import type { ReactNode } from 'react';
import { useAuth } from '../store/auth';

export function Perm({ code, children }: { code: string | string[]; children: ReactNode }) {
  const { hasPerm } = useAuth();
  return hasPerm(code) ? <>{children}</> : null;
}
