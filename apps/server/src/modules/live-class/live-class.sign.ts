/**
 * aliyun ApsaraVideo Live URL signing, type A (issue 13; aliyun "Signed ingest and streaming URLs"):
 * `auth_key = {timestamp}-{rand}-{uid}-{md5hash}` with
 * `md5hash = md5("{path}-{timestamp}-{rand}-{uid}-{key}")` (hex, lower case), where `path` is the
 * URL's path: `/{appName}/{streamName}` for RTMP ingest and RTMP playback, `/{appName}/{streamName}.flv`
 * for HTTP-FLV and `/{appName}/{streamName}.m3u8` for HLS. `timestamp` in seconds; aliyun adds the
 * domain's validity period to it. Pure functions, no I/O.
 */
import { createHash, randomUUID } from 'node:crypto';

/** The kinds of URL: RTMP ingest, RTMP / HTTP-FLV / HLS playback. */
export type LiveUrlKind = 'push' | 'rtmp' | 'flv' | 'm3u8';

export interface SignInput {
  domain: string;
  key: string;
  appName: string;
  streamName: string;
  /** Unix seconds. */
  timestamp: number;
  /** '0' or a UUID without hyphens (default: a new one). */
  rand?: string;
  /** '0' by default. */
  uid?: string;
}

/** The signed path of `kind` (the extension is part of it for flv and m3u8). */
export function streamPath(kind: LiveUrlKind, appName: string, streamName: string): string {
  const ext = kind === 'flv' ? '.flv' : kind === 'm3u8' ? '.m3u8' : '';
  return `/${appName}/${streamName}${ext}`;
}

/** The auth_key of `path` (type A). */
export function authKey(path: string, timestamp: number, rand: string, uid: string, key: string): string {
  const hash = createHash('md5').update(`${path}-${timestamp}-${rand}-${uid}-${key}`, 'utf8').digest('hex');
  return `${timestamp}-${rand}-${uid}-${hash}`;
}

/**
 * The signed URL of `kind`: `rtmp://domain/app/stream?auth_key=…` (push, rtmp),
 * `https://domain/app/stream.flv?auth_key=…` (flv), `https://domain/app/stream.m3u8?auth_key=…` (m3u8).
 */
export function signedUrl(kind: LiveUrlKind, i: SignInput): string {
  const path = streamPath(kind, i.appName, i.streamName);
  const key = authKey(path, i.timestamp, i.rand ?? randomUUID().replace(/-/g, ''), i.uid ?? '0', i.key);
  const scheme = kind === 'push' || kind === 'rtmp' ? 'rtmp' : 'https';
  return `${scheme}://${i.domain}${path}?auth_key=${key}`;
}
