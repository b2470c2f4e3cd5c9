/**
 * Leave monitoring of the exam page (SPEC §2/§9 leave check; issue 9 "Integrity controls"), the
 * part without the browser: the page tells when it was hidden and when it is back; a stay away of
 * more than `leaveCheckSec` seconds is a leave to report (/api/paper/paper/leave-incr). The server
 * counts and decides; this only decides whether to report and words the dialog.
 */
import type { LeaveRes } from '@kaopei/contracts/paper';

export interface LeaveWatch {
  /** The page was hidden at `at` (epoch ms). A second call while hidden keeps the first time. */
  hidden(at: number): void;
  /** The page is visible again at `at`: true when the stay away (ms) exceeded leaveCheck seconds (a leave to report). */
  visible(at: number): boolean;
}

/** A watch for an exam whose leave tolerance is `leaveCheckSec` seconds. */
export function createLeaveWatch(leaveCheckSec: number): LeaveWatch {
  let since: number | null = null;
  return {
    hidden(at) {
      if (since === null) since = at;
    },
    visible(at) {
      if (since === null) return false;
      const away = at - since;
      since = null;
      return away > leaveCheckSec * 1000;
    },
  };
}

/** The dialog after a counted leave: the leaves so far and how many remain before the paper is handed in. */
export function leaveMessage(res: LeaveRes): string {
  if (res.overLimit) return `您离开考试页面的次数已超过 ${res.leaveCount} 次，系统已自动交卷！`;
  const left = Math.max(0, res.leaveCount - res.leaveTimes);
  return left > 0
    ? `您已离开考试页面 ${res.leaveTimes} 次，还剩 ${left} 次机会，超过将自动交卷！`
    : `您已离开考试页面 ${res.leaveTimes} 次，再次离开将自动交卷！`;
}
