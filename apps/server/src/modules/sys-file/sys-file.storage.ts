/**
 * Where uploaded files live (ARCHITECTURE §1 "files": local disk by default; aliyun OSS, qcloud COS
 * and qiniu later, behind one `Storage` interface). A file is addressed by its key,
 * `yyyy/MM/<id>.<ext>`; the database row keeps the key and the provider that holds it, so files
 * stay readable after the provider of new uploads changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A place to keep files by key. */
export interface Storage {
  /** Provider name recorded with each file (SPEC §3 storage providers: local, aliyun, qcloud, qiniu). */
  readonly provider: string;
  /** Takes the local file `src` (moved or copied, then removed) and keeps it as `key`. */
  put(key: string, src: string): Promise<void>;
  /** The bytes of `key`, or null when there is no such file. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Forgets `key` (no error when it is already gone). */
  remove(key: string): Promise<void>;
}

/** Keys are `yyyy/MM/<id>.<ext>`: nothing else reaches the disk. */
const KEY = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** Files under one local directory (DATA_DIR/upload), one sub-directory per year and month. */
export class LocalStorage implements Storage {
  readonly provider = 'local';

  /** `root`: absolute directory of the files (created when needed). */
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, src: string): Promise<void> {
    const dest = this.file(key);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    try {
      await fs.promises.rename(src, dest);
    } catch (err) {
      // Another file system (e.g. DATA_DIR/tmp mounted elsewhere): copy, then remove the source.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.promises.copyFile(src, dest);
      await fs.promises.rm(src, { force: true });
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.file(key);
    try {
      const st = await fs.promises.stat(file);
      if (!st.isFile()) return null;
      return { stream: fs.createReadStream(file), size: st.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}
