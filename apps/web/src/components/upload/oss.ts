/**
 * aliyun OSS browser upload (SPEC §7 /api/common/oss/sts, §9): the official ali-oss browser build
 * with the STS credentials of /api/common/oss/sts (for this object only), asked again every CLOUD_TOKEN_REFRESH_MS
 * (300 000 ms) through ali-oss's refreshSTSToken / refreshSTSTokenInterval. multipartUpload sends
 * parts of 1 MB and reports progress per part (a file under 100 KB is one put). An endpoint given
 * as a url (a private deployment) is used as it is, path style for an IP, as on the server.
 */
import OSS from 'ali-oss/dist/aliyun-oss-sdk.min.js';
import { CLOUD_TOKEN_REFRESH_MS, fileApi, type OssSts } from '@kaopei/contracts/sys-file';
import { call, TRANSFER_TIMEOUT } from '../../api/request';

const PART_SIZE = 1024 * 1024;

/** STS credentials for putting `key` only. */
const sts = (key: string) => call(fileApi.ossSts, { key }, { quiet: true }) as Promise<OssSts>;

/** Puts `file` into the configured OSS bucket as `key`, reporting percent 0–100. */
export async function putOss(file: File, key: string, onProgress: (percent: number) => void): Promise<void> {
  const s = await sts(key);
  const url = /^https?:\/\//i.test(s.endpoint) ? new URL(s.endpoint) : null;
  const client = new OSS({
    endpoint: url ? url.origin : `https://${s.endpoint}`,
    secure: url ? url.protocol === 'https:' : true,
    bucket: s.bucket,
    accessKeyId: s.accessKeyId,
    accessKeySecret: s.accessKeySecret,
    stsToken: s.stsToken,
    refreshSTSToken: async () => {
      const next = await sts(key);
      return { accessKeyId: next.accessKeyId, accessKeySecret: next.accessKeySecret, stsToken: next.stsToken };
    },
    refreshSTSTokenInterval: CLOUD_TOKEN_REFRESH_MS,
    timeout: TRANSFER_TIMEOUT,
  });
  await client.multipartUpload(key, file, {
    partSize: PART_SIZE,
    mime: file.type || undefined,
    timeout: TRANSFER_TIMEOUT,
    progress: (p: number) => onProgress(Math.min(99, Math.round(p * 100))),
  });
}
