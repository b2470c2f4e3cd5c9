/**
 * qiniu browser upload (SPEC §7 /api/common/qiniu/token "plus a direct POST to the qiniu
 * endpoint", §9): the official qiniu-js with a fresh upload token of /api/common/qiniu/token for
 * each upload (for this object only). A region id (z0, z1, z2, na0, as0, cn-east-2) uses the SDK's hosts of that region
 * (resumable upload in chunks above 4 MB); an endpoint given as a url (a private deployment) is that
 * single host, sent as one form POST. qiniu-js cannot change the token of a running upload: when
 * the token is refused after CLOUD_TOKEN_REFRESH_MS (300 000 ms) of a long upload, it starts again
 * once with a fresh token (a resumable upload goes on from the chunks already sent). No statistics
 * are reported to qiniu's log host.
 */
import * as qiniu from 'qiniu-js';
import { CLOUD_TOKEN_REFRESH_MS, fileApi, type QiniuToken } from '@kaopei/contracts/sys-file';
import { call } from '../../api/request';

function once(file: File, key: string, t: QiniuToken, onProgress: (percent: number) => void): Promise<void> {
  const url = /^https?:\/\//i.test(t.endpoint) ? new URL(t.endpoint) : null;
  const config = {
    disableStatisticsReport: true,
    useCdnDomain: true,
    ...(url ? { uphost: [url.host], upprotocol: url.protocol.replace(':', '') as 'http' | 'https', forceDirect: true } : { region: t.endpoint }),
  };
  return new Promise((resolve, reject) => {
    qiniu.upload(file, key, t.token, { fname: file.name, ...(file.type ? { mimeType: file.type } : {}) }, config as never).subscribe({
      next: (res) => onProgress(Math.min(99, Math.round(res.total.percent))),
      error: (err) => reject(err),
      complete: () => resolve(),
    });
  });
}

/** Puts `file` into the configured qiniu bucket as `key`, reporting percent 0–100. */
export async function putQiniu(file: File, key: string, onProgress: (percent: number) => void): Promise<void> {
  const token = () => call(fileApi.qiniuToken, { key }, { quiet: true }) as Promise<QiniuToken>;
  const started = Date.now();
  try {
    await once(file, key, await token(), onProgress);
  } catch (err) {
    const expired = (err as { code?: number }).code === 401 && Date.now() - started > CLOUD_TOKEN_REFRESH_MS;
    if (!expired) throw err;
    await once(file, key, await token(), onProgress);
  }
}
