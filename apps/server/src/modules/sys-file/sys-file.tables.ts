/** Tables of the sys-file module: every uploaded file. Owned by this module only. */
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

declare module '../../db/schema' {
  interface DB {
    sys_file: SysFileTable;
  }
}
