/**
 * QR sign-in tokens and distances (issue 13 "Face-to-face training"). Pure functions, no I/O.
 *
 * A token is `base64url(HMAC-SHA256(key, "{lessonId}:{slot}"))` cut to 22 characters, where `slot`
 * is `floor(at / SIGN_SLOT_MS)` and `key` the lesson's random server-side key: it changes every
 * 30 s and nobody without the key can make one. A token is accepted during its slot and during the
 * first SIGN_GRACE_MS of the next one (a phone that scanned at the last second).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_GRACE_MS, SIGN_SLOT_MS } from '@kaopei/contracts/class-session';

/** A fresh lesson key (64 hex characters). */
export function newSignKey(): string {
  return randomBytes(32).toString('hex');
}

/** The slot number of instant `at` (epoch ms). */
export function slotOf(at: number): number {
  return Math.floor(at / SIGN_SLOT_MS);
}

/** The token of `lessonId` in `slot`. */
export function tokenOf(key: string, lessonId: string, slot: number): string {
  return createHmac('sha256', key).update(`${lessonId}:${slot}`, 'utf8').digest('base64url').slice(0, 22);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `token` is accepted at `at`: the current slot's, or the previous slot's within SIGN_GRACE_MS of its end. */
export function tokenAccepted(key: string, lessonId: string, token: string, at: number): boolean {
  const slot = slotOf(at);
  if (same(token, tokenOf(key, lessonId, slot))) return true;
  return at - slot * SIGN_SLOT_MS < SIGN_GRACE_MS && same(token, tokenOf(key, lessonId, slot - 1));
}

/** Great-circle distance in metres between two WGS84 points (haversine, mean Earth radius 6 371 008.8 m). */
export function haversineMetres(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
