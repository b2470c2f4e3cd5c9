/**
 * Surveys and information collection (信息采集/问卷; issue 13 "Surveys and information collection";
 * SPEC §2 mobile route /m/info/cj, §2/§4 the audio recorder, §4 "Field type labels"). A form has a
 * title, a description, a class ('' site-wide: open to every signed-in user; else the class's
 * enrolled learners), an optional window, a state (0 正常, 1 停用), an anonymous flag and fields of
 * seven types. A learner submits once (unique form + user). Files (image, video, audio) are the
 * urls of files the learner uploaded through /api/common/file/upload, of the right kind.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, stateReq, TIME_PATTERN } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';

/** Field types (SPEC §4 "Field type labels: text, textarea, radio, checkbox, image, video, audio upload"). */
export const XDSC_FIELD_TYPES = ['text', 'textarea', 'radio', 'checkbox', 'image', 'video', 'audio'] as const;
export type XdscFieldType = (typeof XDSC_FIELD_TYPES)[number];
export const XDSC_FIELD_LABEL: Record<XdscFieldType, string> = {
  text: '文本', textarea: '多行文本', radio: '单选', checkbox: '多选', image: '图片', video: '视频', audio: '音频上传',
};
/** Field types whose value is one uploaded file's url, and the sys-file kind it must be. */
export const XDSC_FILE_KIND: Partial<Record<XdscFieldType, 'image' | 'video' | 'audio'>> = { image: 'image', video: 'video', audio: 'audio' };
/** Field types with options (2–20). */
export const XDSC_CHOICE_TYPES: readonly XdscFieldType[] = ['radio', 'checkbox'];
/** Default text lengths when the field sets none (characters). */
export const XDSC_TEXT_MAX: Record<'text' | 'textarea', number> = { text: 200, textarea: 2000 };
export const XDSC_MAX_FIELDS = 50;

export const XdscState = { NORMAL: 0, DISABLED: 1 } as const;
export const XDSC_STATE_LABEL: Record<number, string> = { 0: '正常', 1: '停用' };
/** Where a form's window stands for the learner: 0 未开始, 1 进行中, 2 已结束. */
export const XdscPhase = { NOT_STARTED: 0, OPEN: 1, ENDED: 2 } as const;
export const XDSC_PHASE_LABEL: Record<number, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };
export const XDSC_EXPORT_FILE = '信息采集.xlsx';

/** Messages of the form builder and of the submission (per field; `l` the field's label). */
export const XDSC_MSG = {
  title: '标题不能为空！',
  fields: '请至少添加一个表单项！',
  tooManyFields: `表单项不能超过${XDSC_MAX_FIELDS}个！`,
  label: '表单项名称不能为空！',
  fieldType: '表单项类型不正确！',
  options: '单选、多选项的选项应为2–20个！',
  option: '选项内容不能为空！',
  optionDup: '选项不能重复！',
  fieldDup: '表单项重复！',
  timeFormat: '时间格式应为 yyyy-MM-dd HH:mm:ss',
  timeOrder: '结束时间必须晚于开始时间！',
  saved: '保存成功！',
  submitted: '提交成功！',
  submitConfirm: '确定提交吗？提交后不能修改。',
  unknownField: '表单项不存在！',
  required: (l: string) => `请填写${l}！`,
  choose: (l: string) => `请选择${l}！`,
  upload: (l: string) => `请上传${l}！`,
  tooLong: (l: string, n: number) => `${l}不能超过${n}个字符！`,
  badOption: (l: string) => `${l}的选项不正确！`,
  badValue: (l: string) => `${l}的格式不正确！`,
  badFile: (l: string) => `${l}的文件不存在或不是您上传的！`,
  badKind: (l: string, kind: string) => `${l}应为${kind}文件！`,
} as const;

/** Recorder (SPEC §2 "Recorder: 0 ready, 1 recording, 2 recorded", §4 its messages). */
export const RecorderState = { READY: 0, RECORDING: 1, RECORDED: 2 } as const;
export const RECORDER_MSG = { failed: '操作失败，请检查设备是否具备录音功能！', uploaded: '录音上传成功！' } as const;

const optTime = z
  .string()
  .trim()
  .optional()
  .default('')
  .refine((v) => v === '' || TIME_PATTERN.test(v), XDSC_MSG.timeFormat);

/** One field of a form; `id` is kept across edits (answers refer to it), a new field gets one at save. */
export const xdscField = z
  .object({
    id: z.string().trim().max(32).optional().default(''),
    fieldType: z.enum(XDSC_FIELD_TYPES, { error: XDSC_MSG.fieldType }),
    label: z.string({ error: XDSC_MSG.label }).trim().min(1, XDSC_MSG.label).max(100, '表单项名称不能超过100个字符！'),
    required: z.boolean().optional().default(false),
    options: z.array(z.string().trim().min(1, XDSC_MSG.option).max(100, '选项不能超过100个字符！')).max(20, XDSC_MSG.options).optional(),
    maxLength: z.number().int().min(1, '长度限制应为1–5000！').max(5000, '长度限制应为1–5000！').nullable().optional(),
  })
  .superRefine((f, ctx) => {
    if (!XDSC_CHOICE_TYPES.includes(f.fieldType)) return;
    const opts = f.options ?? [];
    if (opts.length < 2 || opts.length > 20) ctx.addIssue({ code: 'custom', message: XDSC_MSG.options, path: ['options'] });
    else if (new Set(opts).size !== opts.length) ctx.addIssue({ code: 'custom', message: XDSC_MSG.optionDup, path: ['options'] });
  });
export type XdscField = z.output<typeof xdscField>;
export type XdscFieldInput = z.input<typeof xdscField>;

/** POST /api/xdsc/save: add (no id) or update a form. */
export const xdscSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: XDSC_MSG.title }).trim().min(1, XDSC_MSG.title).max(200, '标题不能超过200个字符！'),
    description: z.string().max(2000, '说明不能超过2000个字符！').optional().default(''),
    /** The training class ('' site-wide). */
    classId: z.string().trim().max(32).optional().default(''),
    startTime: optTime,
    endTime: optTime,
    state: z.number().int().min(0).max(1).optional().default(0),
    anonymous: z.boolean().optional().default(false),
    fields: z.array(xdscField, { error: XDSC_MSG.fields }).min(1, XDSC_MSG.fields).max(XDSC_MAX_FIELDS, XDSC_MSG.tooManyFields),
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, { message: XDSC_MSG.timeOrder, path: ['endTime'] })
  .refine((v) => { const ids = v.fields.map((f) => f.id).filter(Boolean); return new Set(ids).size === ids.length; }, { message: XDSC_MSG.fieldDup, path: ['fields'] });
export type XdscSaveReq = z.input<typeof xdscSaveReq>;

const storedField = z.object({
  id: z.string(),
  fieldType: z.enum(XDSC_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  maxLength: z.number().int().nullable().optional(),
});
export type XdscStoredField = z.infer<typeof storedField>;

/** A form as the admin sees it. `answerCount` the number of submissions. */
export const xdscRecord = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  classId: z.string(),
  classId_dictText: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  anonymous: z.boolean(),
  fields: z.array(storedField),
  answerCount: z.number().int(),
  createTime: z.string(),
});
export type XdscRecord = z.infer<typeof xdscRecord>;
export const xdscPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }));
export const xdscPagingRes = pagingRes(xdscRecord);

/** One answer value: text, one option or a file url (string), or the chosen options (checkbox). */
export const xdscValue = z.union([z.string().max(5000, '内容过长！'), z.array(z.string().max(200)).max(20)], { error: '填写内容格式不正确！' });
export type XdscValue = z.infer<typeof xdscValue>;

/** POST /api/xdsc/submit. */
export const xdscSubmitReq = z.object({
  formId: idSchema,
  values: z.array(z.object({ fieldId: z.string().trim().min(1, XDSC_MSG.unknownField).max(32), value: xdscValue })).max(XDSC_MAX_FIELDS),
});
export type XdscSubmitReq = z.input<typeof xdscSubmitReq>;

/** A form as a learner's list shows it, with the caller's submission time ('' not yet). */
export const xdscLearnerRecord = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  classId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  anonymous: z.boolean(),
  phase: z.number().int(),
  phase_dictText: z.string(),
  fieldCount: z.number().int(),
  submitted: z.boolean(),
  submitTime: z.string(),
});
export type XdscLearnerRecord = z.infer<typeof xdscLearnerRecord>;
export const xdscMyListReq = pagingReq(z.object({ classId: z.string().max(32).optional() }));
export const xdscMyListRes = pagingRes(xdscLearnerRecord);

/** POST /api/xdsc/detail-learner: the form to fill, and the caller's values when already submitted. */
export const xdscLearnerDetail = xdscLearnerRecord.extend({
  fields: z.array(storedField),
  values: z.array(z.object({ fieldId: z.string(), value: xdscValue })),
});
export type XdscLearnerDetail = z.infer<typeof xdscLearnerDetail>;

/** POST /api/xdsc/answers: the submissions of one form (anonymous forms: no user). */
export const xdscAnswersReq = pagingReq(z.object({ formId: idSchema }));
export const xdscAnswerRecord = z.object({
  id: z.string(),
  userName: z.string(),
  realName: z.string(),
  submitTime: z.string(),
  values: z.array(z.object({ fieldId: z.string(), value: xdscValue })),
});
export type XdscAnswerRecord = z.infer<typeof xdscAnswerRecord>;
export const xdscAnswersRes = pagingRes(xdscAnswerRecord);

/** Permission codes of 培训管理 → 信息采集. */
export const XdscPerm = { LIST: 'train:xdsc:list', SAVE: 'train:xdsc:save', DELETE: 'train:xdsc:delete', STATE: 'train:xdsc:state', ANSWERS: 'train:xdsc:answers' } as const;

/** Errors of information collection (block 2019xxxx). */
export const XdscError = defineErrors({
  ALREADY: { code: 20190001, msg: '您已经提交过了！' },
  NOT_STARTED: { code: 20190002, msg: '信息采集尚未开始！' },
  ENDED: { code: 20190003, msg: '信息采集已结束！' },
});

export const xdscApi = {
  save: json({ path: '/api/xdsc/save', summary: '新增或修改信息采集表单', access: XdscPerm.SAVE, body: xdscSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/xdsc/detail', readOnly: true, summary: '信息采集表单详情', access: XdscPerm.LIST, body: idReq, data: xdscRecord, ours: true }),
  paging: json({ path: '/api/xdsc/paging', readOnly: true, summary: '分页查询信息采集表单', access: XdscPerm.LIST, body: xdscPagingReq, data: xdscPagingRes, ours: true }),
  delete: json({ path: '/api/xdsc/delete', summary: '删除信息采集表单（及其提交）', access: XdscPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({ path: '/api/xdsc/state', summary: '启用或停用信息采集表单', access: XdscPerm.STATE, body: stateReq, data: z.null(), ours: true }),
  answers: json({ path: '/api/xdsc/answers', readOnly: true, summary: '信息采集的提交（匿名表单不显示提交人）', access: XdscPerm.ANSWERS, body: xdscAnswersReq, data: xdscAnswersRes, ours: true }),
  export: download({ path: '/api/xdsc/export', summary: '导出信息采集的提交（xlsx，每个表单项一列）', access: XdscPerm.ANSWERS, method: 'POST', body: z.object({ formId: idSchema }), fileName: XDSC_EXPORT_FILE, ours: true }),
  myList: json({ path: '/api/xdsc/my-list', readOnly: true, summary: '学员可填写的信息采集（全站或所在培训班）', access: 'user', body: xdscMyListReq, data: xdscMyListRes, ours: true }),
  detailLearner: json({ path: '/api/xdsc/detail-learner', readOnly: true, summary: '学员查看信息采集表单（含本人已提交的内容）', access: 'user', body: idReq, data: xdscLearnerDetail, ours: true }),
  submit: json({ path: '/api/xdsc/submit', summary: '学员提交信息采集（每人一次）', access: 'user', body: xdscSubmitReq, data: z.null(), ours: true }),
};
