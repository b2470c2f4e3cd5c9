/** The count-up of the dashboard totals (SPEC §9 1500–2000 ms): starts at the origin, climbs monotonically, ends exactly on the value. */
import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpAt } from './CountUp';

describe('countUpAt', () => {
  it('lasts within the spec and ends on the value', () => {
    expect(COUNT_UP_MS).toBeGreaterThanOrEqual(1500);
    expect(COUNT_UP_MS).toBeLessThanOrEqual(2000);
    expect(countUpAt(0, 1234, 0, 1600)).toBe(0);
    expect(countUpAt(0, 1234, 1600, 1600)).toBe(1234);
    expect(countUpAt(0, 1234, 5000, 1600)).toBe(1234);
  });

  it('climbs monotonically and eases out (more than half way at half time)', () => {
    const steps = Array.from({ length: 17 }, (_, i) => countUpAt(0, 1000, i * 100, 1600));
    for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeGreaterThanOrEqual(steps[i - 1]!);
    expect(countUpAt(0, 1000, 800, 1600)).toBeGreaterThan(500);
    expect(countUpAt(100, 40, 800, 1600)).toBeLessThan(100);
  });
});
