/** Tables of the sys-file module: every uploaded file and the pending browser direct uploads. Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

export interface SysFileTable {
  id: string;
  /** Where the web reads it: /api/common/file/view/<id>.<ext>. */
  url: string;
  /** The name the browser sent (shown in lists, offered when downloading). */
  name: string;
  /** The real extension, from the content (png, jpg, mp4, docx …). */
  ext: string;
  /** Bytes. */
  size: number;
  /** Content-Type it is served with. */
  mime: string;
  /** Provider holding it (local; aliyun, qcloud, qiniu later) and its key there (yyyy/MM/<id>.<ext>). */
  storage: string;
  storageKey: string;
  /** 1: also served without login at /api/common/file/public/<id>.<ext> (site logos). */
  isPublic: Flag;
  createBy: string;
  createTime: Ms;
}

/**
 * A browser direct upload that was begun (/api/common/file/direct/init) and not finished yet: the
 * key handed out, who may finish it and until when (ms). Finished or expired rows are deleted.
 */
export interface SysFileDirectTable {
  /** `yyyy/MM/<id>.<ext>` in the provider's bucket. */
  storageKey: string;
  /** The 32 hex digits of the key: the sys_file id once finished. */
  id: string;
  /** The browser's file name (cleaned). */
  name: string;
  /** aliyun, qcloud or qiniu: the provider current at init (finish reads from it even after a switch). */
  provider: string;
  createBy: string;
  createTime: Ms;
  expireTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_file: SysFileTable;
    sys_file_direct: SysFileDirectTable;
  }
}
