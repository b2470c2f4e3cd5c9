/**
 * Snowflake-style ids (ARCHITECTURE §3): 19-digit decimal strings, time-ordered.
 * Layout: 41 bits ms since 2010-11-04 | 10 bits node | 12 bits sequence. The node id is random per
 * process so that two API nodes do not collide.
 */
import { randomInt } from 'node:crypto';

const EPOCH = 1288834974657n; // 2010-11-04, which makes today's ids 19 digits long
const nodeId = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let seq = 0n;

/** A new unique id, e.g. "1862034311211302912". */
export function newId(): string {
  let ms = BigInt(Date.now());
  if (ms < lastMs) ms = lastMs; // clock moved back: stay monotonic
  if (ms === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) ms = lastMs + 1n; // sequence exhausted within this ms: borrow the next one
  } else {
    seq = 0n;
  }
  lastMs = ms;
  return (((ms - EPOCH) << 22n) | (nodeId << 12n) | seq).toString();
}
