/** Navigation helper: go back when there is in-app history, else to a fallback path. */
import type { NavigateFunction } from 'react-router';

export function goBack(navigate: NavigateFunction, fallback: string): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallback, { replace: true });
}
