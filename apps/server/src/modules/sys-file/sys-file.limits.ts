/**
 * The size limits and name cleaning shared by /api/common/file/upload and the direct uploads
 * (SPEC §5 "Uploads"): videos UPLOAD_VIDEO_MAX_MB, everything else UPLOAD_FILE_MAX_MB.
 */
import { FileError, type FileKind } from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';

const KIND_LABEL: Record<FileKind, string> = { image: '图片', video: '视频', audio: '音频', file: '文件' };

/** The browser's file name without any folder part or control characters, at most 200 characters. */
export function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const base = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop() ?? '';
  return base.trim().replace(/^\.+$/, '').slice(0, 200);
}

/** The largest size of `kind` (bytes) with this server's configuration. */
type Limits = { videoMaxBytes: number; fileMaxBytes: number };
export function maxBytesOf(kind: FileKind, limits: Limits): number {
  return kind === 'video' ? limits.videoMaxBytes : limits.fileMaxBytes;
}

/** 90060002 '<kind>不能超过<n>MB！'. */
export function tooLarge(kind: FileKind, limits: Limits): AppError {
  return new AppError(FileError.TOO_LARGE, `${KIND_LABEL[kind]}不能超过${Math.round(maxBytesOf(kind, limits) / 1024 / 1024)}MB！`);
}
