/**
 * Pure helpers of the points screens (issue 7 "Points"): how a ledger amount is shown (a sign on
 * every non-zero amount, green for credits, red for debits), the body of the 调整积分 dialog (the
 * sign comes from 增加 / 扣减, the amount is always typed as a positive number), and the request id
 * that makes a resubmitted dialog count once.
 */
import type { PointsAdjustReq } from '@kaopei/contracts/points';

/** `+10`, `-4`, `0`. */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

/** The colour of a ledger amount: credits green, debits red, 0 neutral. */
export function pointsColor(points: number): 'success' | 'danger' | undefined {
  if (points > 0) return 'success';
  if (points < 0) return 'danger';
  return undefined;
}

/** 增加 (add) or 扣减 (deduct). */
export type AdjustDirection = 'add' | 'deduct';

/** The values of the 调整积分 form. */
export interface AdjustValues {
  direction: AdjustDirection;
  /** Typed as a positive integer; the direction gives the sign. */
  amount: number;
  reason: string;
}

/** The adjust call's body for `userId` (the dialog's `requestId` travels with every submission of it). */
export function adjustBody(userId: string, v: AdjustValues, requestId: string): PointsAdjustReq {
  return { userId, points: v.direction === 'deduct' ? -v.amount : v.amount, reason: v.reason.trim(), requestId };
}

/** 32 random hex digits (crypto.getRandomValues: unlike randomUUID it works on plain-HTTP sites too). */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new request id for a dialog that opens (32 hex digits). */
export function newRequestId(random: () => string = randomHex): string {
  return random().replace(/[^A-Za-z0-9]/g, '').slice(0, 64).padEnd(8, '0');
}

/** The balance after an adjustment (what the dialog shows before it is sent); null when it would go below zero. */
export function balanceAfter(balance: number, v: Pick<AdjustValues, 'direction' | 'amount'>): number | null {
  const next = balance + (v.direction === 'deduct' ? -v.amount : v.amount);
  return next < 0 ? null : next;
}
