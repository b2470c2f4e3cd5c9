/**
 * Where a chosen file goes (SPEC §7 "Upload", §8 "Upload", §9 timeout 1 200 000 ms and token
 * refresh 300 000 ms): `uploadFile` asks /api/common/file/direct/init {name, size} first (the
 * server checks the extension and the size like /upload and answers the CURRENT provider).
 *
 * - local → the multipart XHR to /api/common/file/upload, as before (upload/local.ts).
 * - aliyun / qcloud / qiniu → the browser puts the file under the key init answered, straight into
 *   the bucket, with the provider's official browser SDK (ali-oss, cos-js-sdk-v5, qiniu-js; each
 *   loaded by a dynamic import only when it is needed, so the normal bundle does not grow) and the
 *   temporary credentials of /api/common/oss/sts, /cos/token, /qiniu/token; then
 *   /api/common/file/direct/finish {key}, where the server reads the object back and checks its
 *   content before it answers the upload file item {url, name, uid}.
 * - A page loaded before the administrator switched the provider carries a CSP whose connect-src
 *   does not name the new bucket: when the browser blocks the direct upload for that reason
 *   (a `securitypolicyviolation` of connect-src during the upload), the file goes through our server
 *   instead (/api/common/file/upload stores it with the current provider too).
 *
 * Errors are ApiErrors: the server's code and msg (init, token calls, finish), '上传失败' (code
 * UPLOAD_REFUSED) when the bucket refused the file (SPEC §8 "OSS variant"), or TRANSPORT_ERROR after
 * the transport message was shown.
 */
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { ApiError, call } from '../../api/request';
import { UPLOAD_FAILED, uploadWithProgress } from './local';

/** Code of an ApiError for a file the cloud bucket refused or that never reached it (the SDK's reason is logged). */
export const UPLOAD_REFUSED = -2;

/** Sends `file` to the bucket under `key`, reporting percent 0–100. */
type CloudPut = (file: File, key: string, onProgress: (percent: number) => void) => Promise<void>;

/** The browser SDK of each cloud provider, loaded on first use. */
const PUTS: Record<'aliyun' | 'qcloud' | 'qiniu', () => Promise<CloudPut>> = {
  aliyun: async () => (await import('./oss')).putOss,
  qcloud: async () => (await import('./cos')).putCos,
  qiniu: async () => (await import('./qiniu')).putQiniu,
};

/**
 * Runs `put` while watching for a CSP connect-src violation; answers whether one happened when it
 * fails (so that the caller can take the other path), or undefined when it succeeded.
 */
async function watchingCsp(put: () => Promise<void>): Promise<{ blocked: boolean; err: unknown } | undefined> {
  let blocked = false;
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (e.effectiveDirective === 'connect-src' || e.violatedDirective.startsWith('connect-src')) blocked = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    await put();
    return undefined;
  } catch (err) {
    // The violation event is queued as a task: let it arrive before deciding.
    await new Promise((r) => setTimeout(r, 0));
    return { blocked, err };
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

/** Uploads `file` to the current storage (see the file comment); `onProgress(percent 0–100)`. */
export async function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadedFileItem> {
  const where = await call(fileApi.directInit, { name: file.name, size: file.size }, { quiet: true });
  if (where.provider === 'local' || !where.key) return uploadWithProgress(file, onProgress);
  const key = where.key;
  const put = await PUTS[where.provider]();
  const failed = await watchingCsp(() => put(file, key, onProgress));
  if (failed) {
    if (failed.blocked) return uploadWithProgress(file, onProgress);
    if (failed.err instanceof ApiError) throw failed.err;
    console.warn('direct upload refused', failed.err);
    throw new ApiError(UPLOAD_REFUSED, UPLOAD_FAILED);
  }
  onProgress(100);
  return call(fileApi.directFinish, { key }, { quiet: true });
}
