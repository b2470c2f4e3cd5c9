/**
 * Exam countdown by the server clock: `leftSeconds` from paper-detail counted from the moment it was
 * fetched (`syncedAt`), so each re-fetch re-syncs it. Returns the seconds left (null until known).
 */
import { useEffect, useState } from 'react';

export function useCountdown(leftSeconds: number | undefined, syncedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (leftSeconds === undefined || !syncedAt) return null;
  const deadline = syncedAt + leftSeconds * 1000;
  return Math.max(0, Math.ceil((deadline - Math.max(now, syncedAt)) / 1000));
}
