/**
 * Snowflake-style ids (ARCHITECTURE §3): 19-digit decimal strings, time-ordered.
 * Layout: 41 bits ms since 2010-11-04 | 10 bits node | 12 bits sequence. The node id is NODE_ID
 * (0–1023, set at start with `setNodeId`), else random per process; give every API node its own
 * NODE_ID so that two nodes can never make the same id in the same millisecond.
 */
import { randomInt } from 'node:crypto';

const EPOCH = 1288834974657n; // 2010-11-04, which makes today's ids 19 digits long
let nodeId = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let seq = 0n;

/** Sets this process's node id (0–1023). */
export function setNodeId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > 1023) throw new RangeError(`NODE_ID must be 0-1023, got ${id}`);
  nodeId = BigInt(id);
}

/** This process's node id (0–1023). */
export function getNodeId(): number {
  return Number(nodeId);
}

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
