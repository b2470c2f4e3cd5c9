/**
 * Uploaded files (SPEC §5 "Uploads", §7 /api/common/file/upload): `save` takes the router's temporary
 * file, decides its real type from the content (sys-file.types.ts), checks the size its kind allows,
 * stores it as `yyyy/MM/<id>.<ext>` (Asia/Shanghai month) and records it in sys_file; `open` serves a
 * stored file by `<id>.<ext>`; `publish` lets another module make one file readable without login
 * (the site logos of the login page).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { CommonError } from '@kaopei/contracts';
import { extOf, FileError, FILE_MAX_BYTES, FILE_PUBLIC_PREFIX, FILE_VIEW_PREFIX, type FileKind, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';
import { formatTimeStrict, now } from '../../lib/time';
import type { ModuleContext } from '../../platform/module';
import type { FileAnswer, UploadedFile } from '../../platform/router';
import * as repo from './sys-file.repository';
import { LocalStorage, type Storage } from './sys-file.storage';
import { resolveType } from './sys-file.types';

const KIND_LABEL: Record<FileKind, string> = { image: '图片', video: '视频', audio: '音频', file: '文件' };
/** `<id>.<ext>` of a file url's last segment (ids: 32 lowercase hex digits). */
const FILE_PARAM = /^([0-9a-f]{32})\.([A-Za-z0-9]{1,10})$/;
const NOT_FOUND_MSG = '文件不存在或已被删除！';

/** The browser's file name without any folder part or control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
}

export class SysFileService {
  /** Where new uploads go: the local disk under DATA_DIR/upload (cloud providers later). */
  readonly storage: Storage;
  /** Every provider files may be held by, by name (rows remember theirs). */
  private readonly providers: Map<string, Storage>;

  constructor(private readonly ctx: ModuleContext) {
    this.storage = new LocalStorage(path.join(ctx.config.dataDir, 'upload'));
    this.providers = new Map([[this.storage.provider, this.storage]]);
  }

  /**
   * Stores an upload of `userId` and answers `{url, name, uid}` (url `/api/common/file/view/<id>.<ext>`,
   * uid the file id: 32 random hex digits, so that the url cannot be guessed). Errors: 90060003 empty file; 90060001 content not an accepted type or not
   * what the name says; 90060002 larger than its kind allows (videos 100 MB, others 20 MB). The
   * temporary file is moved into the storage (the router removes whatever is left).
   */
  async save(file: UploadedFile, userId: string): Promise<UploadedFileItem> {
    const name = cleanName(file.name);
    if (file.size === 0) throw new AppError(FileError.EMPTY);
    // A damaged container can make the detection fail: that is "not a known type", not a crash.
    const detected = await fileTypeFromFile(file.path).catch(() => undefined);
    const type = resolveType(name, extOf(name), detected);
    const max = FILE_MAX_BYTES[type.kind];
    if (file.size > max) throw new AppError(FileError.TOO_LARGE, `${KIND_LABEL[type.kind]}不能超过${max / 1024 / 1024}MB！`);

    // 128 random bits, not a time-ordered id: a file's url is all that reads it, so nobody may guess
    // the url of another user's file from their own.
    const id = randomBytes(16).toString('hex');
    const at = now();
    const month = formatTimeStrict(at).slice(0, 7).replace('-', '/');
    const key = `${month}/${id}.${type.ext}`;
    const url = `${FILE_VIEW_PREFIX}${id}.${type.ext}`;
    await this.storage.put(key, file.path);
    try {
      await repo.insertFile(this.ctx.db, {
        id,
        url,
        name: name || `${id}.${type.ext}`,
        ext: type.ext,
        size: file.size,
        mime: type.mime,
        storage: this.storage.provider,
        storageKey: key,
        isPublic: 0,
        createBy: userId,
        createTime: at,
      });
    } catch (err) {
      // No row, no file: never keep bytes nobody can reach.
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    return { url, name: name || `${id}.${type.ext}`, uid: id };
  }

  /**
   * The file of `param` (`<id>.<ext>`, the last segment of its url) to send: its bytes, its name and
   * Content-Type. `publicOnly`: only files flagged public (the no-login route). 10010003 when there
   * is no such file (a wrong extension, an unpublished file on the public route, bytes gone).
   */
  async open(param: string, publicOnly: boolean): Promise<FileAnswer> {
    const m = FILE_PARAM.exec(param);
    const row = m ? await repo.findFile(this.ctx.db, m[1] as string) : undefined;
    if (!m || !row || row.ext !== (m[2] as string).toLowerCase() || (publicOnly && row.isPublic !== 1)) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    const found = await this.providers.get(row.storage)?.open(row.storageKey);
    if (!found) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    // Shown in the page when the browser can render it safely; a file never changes under its url.
    const inline = /^(image|video|audio)\//.test(row.mime) || row.mime === 'application/pdf';
    return { body: found.stream, fileName: row.name, contentType: row.mime, disposition: inline ? 'inline' : 'attachment', cacheControl: 'private, max-age=31536000, immutable' };
  }

  /**
   * Makes the file of `url` (a view or public url of ours) readable without login and answers its
   * public url `/api/common/file/public/<id>.<ext>`: for modules that show a file before login (the
   * site configuration's logos). 10010003 when the url is not one of our files.
   */
  async publish(url: string): Promise<string> {
    const row = await this.findByUrl(url);
    await repo.setFilePublic(this.ctx.db, row.id, 1);
    return `${FILE_PUBLIC_PREFIX}${row.id}.${row.ext}`;
  }

  /** Withdraws a published file (the view url keeps working for logged-in users). */
  async unpublish(url: string): Promise<void> {
    const row = await this.findByUrl(url);
    await repo.setFilePublic(this.ctx.db, row.id, 0);
  }

  /**
   * The file of `url` (a view or public url of ours), for modules that keep a url an upload answered
   * (an avatar) and must check it first: `{url (its view url), mime (from the content), createBy
   * (the uploader's user id)}`, or null when the url is not one of our files.
   */
  async fileOf(url: string): Promise<{ url: string; mime: string; createBy: string } | null> {
    const row = await this.findByUrl(url).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
    return row && { url: row.url, mime: row.mime, createBy: row.createBy };
  }

  private async findByUrl(url: string) {
    const prefix = [FILE_VIEW_PREFIX, FILE_PUBLIC_PREFIX].find((p) => url.startsWith(p));
    const m = prefix ? FILE_PARAM.exec(url.slice(prefix.length)) : null;
    const row = m ? await repo.findFile(this.ctx.db, m[1] as string) : undefined;
    if (!m || !row || row.ext !== (m[2] as string).toLowerCase()) throw new AppError(CommonError.NOT_FOUND, NOT_FOUND_MSG);
    return row;
  }
}
