/**
 * The multipart upload to our server (/api/common/file/upload, SPEC §7 "Upload"): the path of the
 * local storage provider, and the fallback of a direct upload the page's CSP does not allow yet.
 */
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { ErrorCode, type Envelope } from '@kaopei/contracts';
import { ApiError, TRANSFER_TIMEOUT, TRANSPORT_ERROR } from '../../api/request';
import { notifyError } from '../../utils/feedback';
import { getToken, removeToken } from '../../utils/token';

/** SPEC §8: a failed upload without the server's msg. */
export const UPLOAD_FAILED = '上传失败';

/**
 * Sends `file` to /api/common/file/upload with XMLHttpRequest so that the bytes sent can be
 * reported: `onProgress(percent 0–100)`. Resolves with the uploaded file item; rejects with an
 * ApiError (business code and msg, or TRANSPORT_ERROR after showing the transport message of
 * SPEC §8). Code 10010002 resets the token and reloads like every other call. Timeout 1 200 000 ms.
 */
export function uploadWithProgress(file: File, onProgress: (percent: number) => void): Promise<UploadedFileItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', fileApi.upload.path);
    xhr.timeout = TRANSFER_TIMEOUT;
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const transport = (text: string, status: number) => {
      notifyError(text);
      reject(new ApiError(TRANSPORT_ERROR, text, null, status));
    };
    xhr.onerror = () => transport('服务器无法连接或无法响应！', 0);
    xhr.ontimeout = () => transport('服务器无法连接或无法响应！', 0);
    xhr.onload = () => {
      let body: Envelope<UploadedFileItem> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<UploadedFileItem>;
      } catch {
        // not JSON
      }
      if (xhr.status < 200 || xhr.status >= 300 || !body || typeof body.code !== 'number') {
        const byStatus: Record<number, string> = { 502: '无法连接到服务器。', 500: '糟糕，服务器开小差了。', 400: '缺少必要参数或参数类型不正确。', 404: '接口地址错误，请联系管理员。' };
        return transport(byStatus[xhr.status] ?? body?.msg ?? '请求服务器出现错误。', xhr.status);
      }
      if (body.code === ErrorCode.OK && body.data) return resolve(body.data);
      if (body.code === ErrorCode.NOT_LOGGED_IN) {
        removeToken();
        window.location.reload();
      }
      reject(new ApiError(body.code, body.msg || UPLOAD_FAILED, body.data));
    };
    const form = new FormData();
    form.append(fileApi.upload.file.field, file);
    xhr.send(form);
  });
}
