import { describe, expect, it } from 'vitest';
import { pointsAdjustReq } from '@kaopei/contracts/points';
import { adjustBody, balanceAfter, newRequestId, pointsColor, signedPoints } from './points-view';

describe('points view helpers', () => {
  it('show every non-zero amount with its sign and colour', () => {
    expect([10, -4, 0].map(signedPoints)).toEqual(['+10', '-4', '0']);
    expect([10, -4, 0].map(pointsColor)).toEqual(['success', 'danger', undefined]);
  });

  it('build an adjust body the contract accepts: the direction gives the sign, the reason is trimmed', () => {
    const id = newRequestId();
    const add = adjustBody('1234567890123456789', { direction: 'add', amount: 5, reason: ' 活动奖励 ' }, id);
    expect(add).toEqual({ userId: '1234567890123456789', points: 5, reason: '活动奖励', requestId: id });
    expect(pointsAdjustReq.safeParse(add).success).toBe(true);
    const deduct = adjustBody('1234567890123456789', { direction: 'deduct', amount: 3, reason: '违规' }, id);
    expect(deduct.points).toBe(-3);
    expect(pointsAdjustReq.safeParse(deduct).success).toBe(true);
  });

  it('make request ids the contract accepts, different for each dialog', () => {
    const ids = new Set(Array.from({ length: 20 }, () => newRequestId()));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(pointsAdjustReq.shape.requestId.safeParse(id).success).toBe(true);
    expect(newRequestId(() => 'a-b')).toBe('ab000000');
  });

  it('foresee the balance after an adjustment, null below zero', () => {
    expect(balanceAfter(10, { direction: 'add', amount: 5 })).toBe(15);
    expect(balanceAfter(10, { direction: 'deduct', amount: 10 })).toBe(0);
    expect(balanceAfter(10, { direction: 'deduct', amount: 11 })).toBeNull();
  });
});
