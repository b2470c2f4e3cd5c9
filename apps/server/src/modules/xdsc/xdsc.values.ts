/**
 * The check of a submission against its form's fields (issue 13 "Surveys and information
 * collection"; field types of SPEC §4). Every refusal is 10010001 with a message naming the field
 * (contracts XDSC_MSG): required, radio value among the options, checkbox a subset of them, text
 * length (the field's maxLength or XDSC_TEXT_MAX), file fields a url of a file the submitter
 * uploaded himself, of the field's kind (image/video/audio by the stored mime type).
 */
import { XDSC_FILE_KIND, XDSC_MSG, XDSC_TEXT_MAX, type XdscStoredField, type XdscValue } from '@kaopei/contracts/xdsc';
import { badParams } from '../../lib/errors';

const KIND_LABEL = { image: '图片', video: '视频', audio: '音频' } as const;

/** What the file service knows of an uploaded url (sys-file `fileOf`). */
export type FileLookup = (url: string) => Promise<{ mime: string; createBy: string } | null>;

export interface FieldValue {
  fieldId: string;
  value: XdscValue;
}

async function checkOne(f: XdscStoredField, raw: XdscValue | undefined, userId: string, fileOf: FileLookup): Promise<XdscValue> {
  const l = f.label;
  if (f.fieldType === 'checkbox') {
    const list = raw === undefined || raw === '' ? [] : raw;
    if (!Array.isArray(list)) throw badParams(XDSC_MSG.badValue(l));
    const chosen = [...new Set(list)];
    if (f.required && !chosen.length) throw badParams(XDSC_MSG.choose(l));
    if (chosen.some((c) => !(f.options ?? []).includes(c))) throw badParams(XDSC_MSG.badOption(l));
    return chosen;
  }
  const s = raw === undefined ? '' : raw;
  if (typeof s !== 'string') throw badParams(XDSC_MSG.badValue(l));
  const v = s.trim();
  if (f.fieldType === 'radio') {
    if (!v) {
      if (f.required) throw badParams(XDSC_MSG.choose(l));
      return '';
    }
    if (!(f.options ?? []).includes(v)) throw badParams(XDSC_MSG.badOption(l));
    return v;
  }
  const kind = XDSC_FILE_KIND[f.fieldType];
  if (kind) {
    if (!v) {
      if (f.required) throw badParams(XDSC_MSG.upload(l));
      return '';
    }
    const file = await fileOf(v);
    if (!file || file.createBy !== userId) throw badParams(XDSC_MSG.badFile(l));
    if (!file.mime.startsWith(`${kind}/`)) throw badParams(XDSC_MSG.badKind(l, KIND_LABEL[kind]));
    return v;
  }
  // text, textarea
  if (f.required && !v) throw badParams(XDSC_MSG.required(l));
  const max = f.maxLength ?? XDSC_TEXT_MAX[f.fieldType as 'text' | 'textarea'];
  if ([...v].length > max) throw badParams(XDSC_MSG.tooLong(l, max));
  return v;
}

/**
 * The values to store, one per field in the form's order (empty '' or [] for an optional field
 * left blank). Throws 10010001 for a value naming no field of the form, a field given twice, or
 * the first field whose value is refused (fields checked in order).
 */
export async function checkValues(fields: readonly XdscStoredField[], values: readonly FieldValue[], userId: string, fileOf: FileLookup): Promise<FieldValue[]> {
  const given = new Map<string, XdscValue>();
  const ids = new Set(fields.map((f) => f.id));
  for (const v of values) {
    if (!ids.has(v.fieldId)) throw badParams(XDSC_MSG.unknownField);
    if (given.has(v.fieldId)) throw badParams(XDSC_MSG.fieldDup);
    given.set(v.fieldId, v.value);
  }
  const out: FieldValue[] = [];
  for (const f of fields) out.push({ fieldId: f.id, value: await checkOne(f, given.get(f.id), userId, fileOf) });
  return out;
}
