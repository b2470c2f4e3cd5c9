/**
 * The real type of an upload (SPEC §5 attachment types): decided from the file's CONTENT (the
 * `file-type` signature detection), never from its name alone. The name's extension must agree with
 * the content: an image may carry another image extension (a JPEG saved as .png is stored as .jpg),
 * likewise audio; Office files are containers, so a zip or an OLE compound file (cfb) is accepted as
 * the Office type its name says (docx/xlsx/pptx, doc/xls/ppt); everything else must match exactly.
 * A text file (HTML, script, SVG) has no signature and is refused whatever its name.
 */
import { FileError, FILE_TYPES, type FileKind } from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';

/** What `file-type` detected (undefined: no known signature, e.g. any text file). */
export interface Detected {
  ext: string;
  mime: string;
}

/** The type a file is stored under. */
export interface ResolvedType {
  kind: FileKind;
  /** Extension of the stored file and of its url (lower case, no dot). */
  ext: string;
  /** Content-Type it is served with. */
  mime: string;
}

const OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

interface Rule {
  kind: FileKind;
  /** Stored extension; `null`: the name's extension (containers of Office formats). */
  ext: string | null;
  mime: string | null;
  /** Name extensions this content may carry. */
  names: readonly string[];
}

const IMAGE_NAMES = FILE_TYPES.image;
const AUDIO_NAMES = FILE_TYPES.audio;
const oggAudio: Rule = { kind: 'audio', ext: 'ogg', mime: 'audio/ogg', names: AUDIO_NAMES };

/** Detected extension → how it is stored and which names it may carry. */
const RULES: Record<string, Rule> = {
  png: { kind: 'image', ext: 'png', mime: 'image/png', names: IMAGE_NAMES },
  jpg: { kind: 'image', ext: 'jpg', mime: 'image/jpeg', names: IMAGE_NAMES },
  gif: { kind: 'image', ext: 'gif', mime: 'image/gif', names: IMAGE_NAMES },
  mp4: { kind: 'video', ext: 'mp4', mime: 'video/mp4', names: ['mp4'] },
  mp3: { kind: 'audio', ext: 'mp3', mime: 'audio/mpeg', names: AUDIO_NAMES },
  wav: { kind: 'audio', ext: 'wav', mime: 'audio/wav', names: AUDIO_NAMES },
  ogg: oggAudio,
  oga: oggAudio,
  opus: oggAudio,
  rar: { kind: 'file', ext: 'rar', mime: 'application/vnd.rar', names: ['rar'] },
  psd: { kind: 'file', ext: 'psd', mime: 'image/vnd.adobe.photoshop', names: ['psd'] },
  pdf: { kind: 'file', ext: 'pdf', mime: 'application/pdf', names: ['pdf'] },
  // Adobe Illustrator files are PDF files with private data: a .pdf that file-type calls "ai" is a PDF.
  ai: { kind: 'file', ext: 'pdf', mime: 'application/pdf', names: ['pdf'] },
  docx: { kind: 'file', ext: 'docx', mime: OFFICE.docx as string, names: ['docx'] },
  xlsx: { kind: 'file', ext: 'xlsx', mime: OFFICE.xlsx as string, names: ['xlsx'] },
  pptx: { kind: 'file', ext: 'pptx', mime: OFFICE.pptx as string, names: ['pptx'] },
  zip: { kind: 'file', ext: null, mime: null, names: ['zip', 'docx', 'xlsx', 'pptx'] },
  cfb: { kind: 'file', ext: null, mime: null, names: ['doc', 'xls', 'ppt'] },
};

/**
 * The stored type of a file named `name` whose content was detected as `detected`. Throws
 * FileError.TYPE_MISMATCH (90060001) naming the file and what its content is when the content is not
 * an accepted type or does not agree with the name.
 */
export function resolveType(name: string, nameExt: string, detected: Detected | undefined): ResolvedType {
  const rule = detected ? RULES[detected.ext] : undefined;
  if (!detected || !rule || !rule.names.includes(nameExt)) {
    const actual = detected ? detected.ext : '无法识别的类型（可能是文本、网页或脚本）';
    throw new AppError(FileError.TYPE_MISMATCH, `文件“${name}”的内容与扩展名不符（实际内容：${actual}），不能上传！`);
  }
  const ext = rule.ext ?? nameExt;
  const mime = rule.mime ?? OFFICE[ext] ?? 'application/zip';
  return { kind: rule.kind, ext, mime };
}
