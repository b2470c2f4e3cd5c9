/**
 * HTTP of the cloud face clients: one POST with a timeout, answering the parsed JSON. A network
 * failure, a timeout or a body that is no JSON answers AppError(FaceError.ENGINE_FAILED);
 * `refused(msg)` builds the PROVIDER_REFUSED error with the vendor's message.
 */
import sharp from 'sharp';
import { FaceError } from '@kaopei/contracts/face';
import { AppError } from '../../lib/errors';

/** How long a vendor call may take (ms). */
export const CLOUD_TIMEOUT_MS = 15_000;

/** POSTs `body` to `url` with `headers`; the JSON answer whatever the HTTP status (vendors put their errors in the body). */
export async function postForJson(url: string, body: string, headers: Record<string, string>): Promise<unknown> {
  let text: string;
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(CLOUD_TIMEOUT_MS) });
    text = await res.text();
  } catch {
    throw new AppError(FaceError.ENGINE_FAILED);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError(FaceError.ENGINE_FAILED);
  }
}

/** PROVIDER_REFUSED with the vendor's code and message appended. */
export function refused(vendorCode: string | number, vendorMsg: string): AppError {
  return new AppError(FaceError.PROVIDER_REFUSED, `${FaceError.PROVIDER_REFUSED.msg}（${vendorCode}：${vendorMsg}）`);
}

/** Width and height (px, after EXIF rotation) of jpg/png bytes; BAD_IMAGE when they are none. */
export async function imageSize(image: Buffer): Promise<{ width: number; height: number }> {
  try {
    const m = await sharp(image).metadata();
    if (!m.width || !m.height || !['jpeg', 'png'].includes(m.format ?? '')) throw new Error('no image');
    return (m.orientation ?? 1) >= 5 ? { width: m.height, height: m.width } : { width: m.width, height: m.height };
  } catch {
    throw new AppError(FaceError.BAD_IMAGE);
  }
}

/** Trailing slashes off an endpoint url. */
export const trimUrl = (u: string) => u.replace(/\/+$/, '');
