/**
 * File upload (SPEC §2 "file upload", §5 "Uploads", §8 "Upload"): an antd Upload that sends each
 * chosen file to the current storage (our server, or the cloud bucket directly; see below) and
 * whose value is the list of the uploaded files' urls.
 *
 * - `accept`: extensions of SPEC §5 (default every attachment type; presets LOGO_TYPES, AVATAR_TYPES
 *   and FILE_TYPES.image … of the contracts); another extension is refused before uploading.
 * - `limit`: how many files the field holds (default 1). Choosing more than fit warns
 *   '每次只能上传 {limit} 个文件'; with limit 1 a new file replaces the old one.
 * - `compress` (KB): a png/jpg/jpeg above it is compressed in the browser to about 500 KB and 800 px
 *   (browser-image-compression, loaded only then; no web worker, whose script the CSP would refuse).
 * - Removal asks '确定移除文件吗？'. A failed upload (success false) warns with the server's msg or
 *   '上传失败' and leaves the list (SPEC §8); transport failures are shown by the request helper.
 * - The server checks the real type (from the content) and the size (FILE_MAX_BYTES: videos 2 GB, others 20 MB; the server's limits are UPLOAD_VIDEO_MAX_MB and UPLOAD_FILE_MAX_MB);
 *   the size is also checked here first so a too large file is not sent at all.
 * - Where the file goes is the server's choice (`uploadFile`, upload/direct.ts): /direct/init
 *   answers the current storage provider. Local: sent to /api/common/file/upload with
 *   XMLHttpRequest (`uploadWithProgress`: fetch reports no upload progress), token header. A cloud
 *   provider: straight from the browser to the bucket with the provider's official browser SDK
 *   (loaded only then) and the temporary credentials of the token calls, then /direct/finish, where
 *   the server checks what arrived. SPEC §9 timeout 1 200 000 ms either way; the upload list shows
 *   a progress bar with the percent sent under the file while it uploads (antd
 *   `.ant-upload-list-item-progress`).
 */
import { useState, type ReactNode } from 'react';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { extOf, FILE_EXTS, FILE_MAX_BYTES, fileKindOf, type FileKind, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { isApiError, TRANSPORT_ERROR } from '../api/request';
import { SingleImagePreview } from './ImagePreview';
import { uploadFile } from './upload/direct';
import { UPLOAD_FAILED } from './upload/local';

export { uploadWithProgress } from './upload/local';
export { UPLOAD_FAILED };

/** SPEC §9 image compression target: about 500 KB and 800 px. */
export const COMPRESS_TARGET_MB = 0.5;
export const COMPRESS_MAX_PX = 800;
export const REMOVE_CONFIRM = '确定移除文件吗？';
/** SPEC §5 count warning. */
export const limitMessage = (limit: number) => `每次只能上传 ${limit} 个文件`;

const KIND_LABEL: Record<FileKind, string> = { image: '图片', video: '视频', audio: '音频', file: '文件' };
const COMPRESSIBLE = ['png', 'jpg', 'jpeg'];
const EMPTY: readonly string[] = [];

export interface FileUploadProps {
  /** Urls of the files the field holds (a Form.Item passes it). */
  value?: readonly string[];
  onChange?: (urls: string[]) => void;
  /** Accepted extensions without the dot (SPEC §5; default every attachment type). */
  accept?: readonly string[];
  /** How many files the field holds (default 1; SPEC §9 attachment limit 100). */
  limit?: number;
  /** KB: images above it are compressed to about 500 KB and 800 px before uploading. */
  compress?: number;
  /** 'text' (a button and a list of names, default) or 'picture-card' (thumbnails). */
  listType?: 'text' | 'picture' | 'picture-card';
  disabled?: boolean;
  /** Text of the button ('text' and 'picture' lists). */
  buttonText?: ReactNode;
}

/** The name shown for a url that came in through `value` (its last segment). */
function nameOfUrl(url: string): string {
  const last = url.split('?')[0]?.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const itemOf = (url: string): UploadFile => ({ uid: url, name: nameOfUrl(url), url, status: 'done' });
const doneUrls = (items: readonly UploadFile[]) => items.filter((f) => f.status === 'done' && f.url).map((f) => f.url as string);
const sameUrls = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((u, i) => u === b[i]);

/** `file` compressed to about 500 KB / 800 px (same name); the original when compression fails. */
async function compressImage(file: File): Promise<File> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const out = await imageCompression(file, { maxSizeMB: COMPRESS_TARGET_MB, maxWidthOrHeight: COMPRESS_MAX_PX, useWebWorker: false });
    return out.size < file.size ? new File([out], file.name, { type: out.type || file.type }) : file;
  } catch {
    return file;
  }
}

/** The upload field; see the file comment. */
export function FileUpload({ value, onChange, accept = FILE_EXTS, limit = 1, compress, listType = 'text', disabled, buttonText = '选择文件' }: FileUploadProps) {
  const { message, modal } = App.useApp();
  const urls = value ?? EMPTY;
  const [items, setItems] = useState<UploadFile[]>(() => urls.map(itemOf));
  const [synced, setSynced] = useState<readonly string[]>(urls);
  const [preview, setPreview] = useState<string | null>(null);

  // A value set from outside (form reset, record loaded) replaces the list; our own changes come back equal.
  if (!sameUrls(urls, synced)) {
    setSynced(urls);
    if (!sameUrls(urls, doneUrls(items))) setItems(urls.map(itemOf));
  }

  const beforeUpload: UploadProps['beforeUpload'] = async (file, batch) => {
    const first = batch[0]?.uid === file.uid;
    const ext = extOf(file.name);
    if (!accept.includes(ext)) {
      if (first) message.warning(`文件格式不正确，请上传${accept.join('/')}格式的文件！`);
      return Upload.LIST_IGNORE;
    }
    if (limit > 1 && items.length + batch.length > limit) {
      if (first) message.warning(limitMessage(limit));
      return Upload.LIST_IGNORE;
    }
    const kind = fileKindOf(ext);
    const ready = compress && kind === 'image' && COMPRESSIBLE.includes(ext) && file.size > compress * 1024 ? await compressImage(file) : file;
    if (kind && ready.size > FILE_MAX_BYTES[kind]) {
      message.warning(`${KIND_LABEL[kind]}不能超过${FILE_MAX_BYTES[kind] / 1024 / 1024}MB！`);
      return Upload.LIST_IGNORE;
    }
    return ready;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError, onProgress }) => {
    uploadFile(file as File, (percent) => onProgress?.({ percent }))
      .then((data) => onSuccess?.(data))
      .catch((err: unknown) => {
        // SPEC §8: success false → warning with msg or '上传失败' (transport failures were already shown).
        if (isApiError(err) && err.code !== TRANSPORT_ERROR) message.warning(err.message || UPLOAD_FAILED);
        onError?.(err instanceof Error ? err : new Error(UPLOAD_FAILED));
      });
  };

  const handleChange: UploadProps['onChange'] = ({ fileList }) => {
    let next = fileList
      .filter((f) => f.status !== 'error')
      .map((f) => {
        const res = f.response as UploadedFileItem | undefined;
        return f.status === 'done' && res?.url && f.url !== res.url ? { ...f, url: res.url, name: res.name || f.name } : f;
      });
    if (limit === 1) next = next.slice(-1);
    const before = doneUrls(items);
    setItems(next);
    const after = doneUrls(next);
    if (!sameUrls(before, after)) onChange?.(after);
  };

  const onRemove = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({ title: '提示', content: REMOVE_CONFIRM, okText: '确定', cancelText: '取消', onOk: () => resolve(true), onCancel: () => resolve(false) });
    });

  const onPreview = (file: UploadFile) => {
    if (!file.url) return;
    if (fileKindOf(extOf(file.url)) === 'image') setPreview(file.url);
    else window.open(file.url, '_blank', 'noopener');
  };

  const full = limit > 1 && items.length >= limit;
  const trigger =
    listType === 'picture-card' ? (
      <div>
        <PlusOutlined />
        <div style={{ marginTop: 8 }}>上传</div>
      </div>
    ) : (
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {buttonText}
      </Button>
    );

  return (
    <>
      <Upload
        accept={accept.map((e) => `.${e}`).join(',')}
        listType={listType}
        fileList={items}
        multiple={limit > 1}
        maxCount={limit === 1 ? 1 : undefined}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
        onRemove={onRemove}
        onPreview={onPreview}
        progress={{ size: [-1, 3], showInfo: true, format: (p) => `${Math.round(p ?? 0)}%` }}
      >
        {full ? null : trigger}
      </Upload>
      <SingleImagePreview url={preview} onClose={() => setPreview(null)} />
    </>
  );
}
