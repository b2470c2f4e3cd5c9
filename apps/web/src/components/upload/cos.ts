/**
 * qcloud COS browser upload (SPEC §7 /api/common/cos/token, §9): the official cos-js-sdk-v5 with
 * `getAuthorization` answering the temporary key of /api/common/cos/token (for this object only). The SDK asks again when
 * the key it holds ends; the key is handed to it as ending CLOUD_TOKEN_REFRESH_MS (300 000 ms) after
 * it was fetched (or earlier, when the key itself ends sooner), so a long upload gets a new one
 * every 300 000 ms. One putObject (up to 5 GB) with progress; a region given as a url (a private
 * deployment) is that endpoint, as on the server.
 */
import COS from 'cos-js-sdk-v5';
import { CLOUD_TOKEN_REFRESH_MS, fileApi, type CosToken } from '@kaopei/contracts/sys-file';
import { call, TRANSFER_TIMEOUT } from '../../api/request';

/** Puts `file` into the configured COS bucket as `key`, reporting percent 0–100. */
export async function putCos(file: File, key: string, onProgress: (percent: number) => void): Promise<void> {
  const first = (await call(fileApi.cosToken, { key }, { quiet: true })) as CosToken;
  const url = /^https?:\/\//i.test(first.region) ? new URL(first.region) : null;
  let next: CosToken | null = first;
  let tokenError: unknown = null;
  const cos = new COS({
    ...(url ? { Domain: url.host, Protocol: url.protocol } : {}),
    Timeout: TRANSFER_TIMEOUT,
    getAuthorization: (_options, callback) => {
      const take = next ? Promise.resolve(next) : (call(fileApi.cosToken, { key }, { quiet: true }) as Promise<CosToken>);
      next = null;
      take.then(
        (t) => {
          const nowSec = Math.floor(Date.now() / 1000);
          callback({
            TmpSecretId: t.tmpSecretId,
            TmpSecretKey: t.tmpSecretKey,
            SecurityToken: t.sessionToken,
            StartTime: t.startTime,
            // The SDK asks again 60 s before the end it is given.
            ExpiredTime: Math.min(t.expiredTime, nowSec + CLOUD_TOKEN_REFRESH_MS / 1000 + 60),
          });
        },
        (err: unknown) => {
          // No key: the SDK fails the upload ("missing TmpSecretId"); the token call's error is the one answered.
          tokenError = err;
          callback({ TmpSecretId: '', TmpSecretKey: '', SecurityToken: '', StartTime: 0, ExpiredTime: 0 });
        },
      );
    },
  });
  try {
    await cos.putObject({
      Bucket: first.bucket,
      Region: url ? 'ap-guangzhou' : first.region,
      Key: key,
      Body: file,
      ...(file.type ? { ContentType: file.type } : {}),
      onProgress: (info) => onProgress(Math.min(99, Math.round(info.percent * 100))),
    });
  } catch (err) {
    throw tokenError ?? err;
  }
}
