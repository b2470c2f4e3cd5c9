/**
 * Where uploaded files live (ARCHITECTURE §1 "files": local disk by default; aliyun OSS, qcloud COS
 * and qiniu in sys-file.cloud.ts, behind one `Storage` interface). A file is addressed by its key,
 * `yyyy/MM/<id>.<ext>`; the database row keeps the key and the provider that holds it, so files
 * stay readable after the provider of new uploads changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A provider's refusal, an unreachable endpoint or an unwritable directory, with the provider's own words. */
export class StorageError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Bytes `start`..`end` of a file, both included (HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** The bytes of a stored file (or of the asked range) and their length. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/** A place to keep files by key. */
export interface Storage {
  /** Provider name recorded with each file (SPEC §3 storage providers: local, aliyun, qcloud, qiniu). */
  readonly provider: string;
  /** Takes the local file `src` (moved or copied, then removed) and keeps it as `key` (`mime`: its Content-Type). Throws when the provider refuses it (`src` is then left to the caller). */
  put(key: string, src: string, mime: string): Promise<void>;
  /** The bytes of `key` (only `range` when given), or null when there is no such file. */
  open(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Forgets `key` (no error when it is already gone). */
  remove(key: string): Promise<void>;
}

/** Keys are `yyyy/MM/<id>.<ext>`: nothing else reaches the disk. */
const KEY = /^\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** Files under one local directory (DATA_DIR/upload), one sub-directory per year and month. */
export class LocalStorage implements Storage {
  readonly provider = 'local';

  /**
   * `root`: absolute directory new files go to (created when needed). `fallback`: another directory
   * files are also read from (the default DATA_DIR/upload when the administrator chose another
   * directory: files stored before stay readable).
   */
  constructor(
    readonly root: string,
    readonly fallback?: string,
  ) {}

  private file(key: string, root = this.root): string {
    if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  }

  async put(key: string, src: string, _mime?: string): Promise<void> {
    const dest = this.file(key);
    try {
      await this.move(src, dest);
    } catch (err) {
      // A directory the server cannot write (a wrong localDir): a clear error, not a crash.
      const code = (err as NodeJS.ErrnoException).code;
      if (code && ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST'].includes(code)) throw new StorageError(this.provider, `${code}: ${this.root}`);
      throw err;
    }
  }

  private async move(src: string, dest: string): Promise<void> {
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

  async open(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const found = await this.openIn(this.root, key, range);
    return found ?? (this.fallback && this.fallback !== this.root ? this.openIn(this.fallback, key, range) : null);
  }

  private async openIn(root: string, key: string, range?: ByteRange): Promise<StoredFile | null> {
    const file = this.file(key, root);
    try {
      const st = await fs.promises.stat(file);
      if (!st.isFile()) return null;
      if (range) return { stream: fs.createReadStream(file, { start: range.start, end: range.end }), size: range.end - range.start + 1 };
      return { stream: fs.createReadStream(file), size: st.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
    if (this.fallback) await fs.promises.rm(this.file(key, this.fallback), { force: true });
  }
}
