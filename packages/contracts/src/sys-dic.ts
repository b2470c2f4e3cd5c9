/**
 * Dictionaries (SPEC §2 "dictionary category tree", §3 "Dictionary category node: id, parentId,
 * title, children, rowGuid. Dictionary entry: value, title", "Dictionary value tree node: id,
 * parentId, title, children", §7 /api/sys/dic/value/tree {dicCode, excludes}, /save, /delete, §9
 * dictionary cache expiry 300000 ms).
 *
 * A dictionary (category) has a unique code (`dicCode`, e.g. `nation`) and may hang under another
 * dictionary (the category tree of the admin screen). Its entries (values) have a code (`value`,
 * unique in the dictionary, e.g. '01') and a label (`title`, e.g. 汉族), and may form a tree
 * themselves (administrative posts, `xzzw`). Records of other domains store the value code and show
 * the label as `<field>_dictText`.
 */
import { z } from 'zod';
import { idReq, idsReq } from './common';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** The dictionaries the spec names (SPEC §7), seeded at every start when missing. */
export const DicCode = {
  USER_STATE: 'user_state',
  NATION: 'nation',
  SEX: 'sex',
  POLITICAL_LANDSCAPE: 'political_landscape',
  EDUCATIONAL_LEVEL: 'educational_level',
  /** Administrative posts (行政职务), a tree; its value 'other' asks for the post's name (SPEC §5). */
  XZZW: 'xzzw',
  /** Party posts (党内职务). */
  DNZW: 'dnzw',
} as const;

/** Value of the `xzzw` entry 其他: the profile form then requires `qtzw` (SPEC §5 "qtzw is required when zw is other"). */
export const XZZW_OTHER = 'other';

/** How long a loaded dictionary may be used before it is asked for again (SPEC §9: 5 minutes). */
export const DIC_CACHE_MS = 300_000;

const sortSchema = z
  .number({ error: '排序必须是0-99999之间的整数！' })
  .int('排序必须是0-99999之间的整数！')
  .min(0, '排序必须是0-99999之间的整数！')
  .max(99_999, '排序必须是0-99999之间的整数！')
  .default(0);
/** Parent id; '' (or absent) for a top-level node. */
const parentIdSchema = z.string({ error: '上级节点不正确！' }).trim().max(32, '上级节点不正确！').default('');

/** A dictionary code: a letter, then letters, digits or `_` (at most 64). */
export const dicCodeSchema = z
  .string({ error: '字典编码不能为空！' })
  .trim()
  .min(1, '字典编码不能为空！')
  .max(64, '字典编码不能超过64个字符！')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '字典编码只能包含字母、数字和下划线，且以字母开头！');

// ---------------------------------------------------------------- dictionaries (categories)

/** A node of the dictionary category tree (SPEC §3); `rowGuid` is the row's unique key (= id). */
export interface DicNode {
  id: string;
  parentId: string;
  title: string;
  dicCode: string;
  rowGuid: string;
  remark: string;
  sort: number;
  children?: DicNode[];
}
export const dicNode: z.ZodType<DicNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    dicCode: z.string(),
    rowGuid: z.string(),
    remark: z.string(),
    sort: z.number().int(),
    children: z.array(dicNode).optional(),
  }),
);

/** A dictionary as the edit dialog loads it. */
export const dicDetail = z.object({
  id: z.string(),
  parentId: z.string(),
  title: z.string(),
  dicCode: z.string(),
  remark: z.string(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type DicDetail = z.infer<typeof dicDetail>;

/** Add (no id) or edit a dictionary. `dicCode` cannot change once the dictionary exists. */
export const dicSaveReq = z.object({
  id: z.string().trim().min(1).max(32).optional(),
  parentId: parentIdSchema,
  title: z.string({ error: '字典名称不能为空！' }).trim().min(1, '字典名称不能为空！').max(100, '字典名称不能超过100个字符！'),
  dicCode: dicCodeSchema,
  remark: z.string().trim().max(500, '备注不能超过500个字符！').default(''),
  sort: sortSchema,
});
export type DicSaveReq = z.input<typeof dicSaveReq>;

// ---------------------------------------------------------------- values (entries)

/** A node of a dictionary's value tree (SPEC §3: id, parentId, title, children; plus the code `value` and `sort`). */
export interface DicValueNode {
  id: string;
  parentId: string;
  value: string;
  title: string;
  sort: number;
  children?: DicValueNode[];
}
export const dicValueNode: z.ZodType<DicValueNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string(),
    value: z.string(),
    title: z.string(),
    sort: z.number().int(),
    children: z.array(dicValueNode).optional(),
  }),
);

/** A dictionary entry of the flat list (SPEC §3 "Dictionary entry: value, title"). */
export const dicItem = z.object({ value: z.string(), title: z.string() });
export type DicItem = z.infer<typeof dicItem>;

/** A value code: no spaces or commas (lists of codes are sent comma-separated), at most 64 characters. */
export const dicValueSchema = z
  .string({ error: '字典项值不能为空！' })
  .trim()
  .min(1, '字典项值不能为空！')
  .max(64, '字典项值不能超过64个字符！')
  .regex(/^[^\s,，]+$/, '字典项值不能包含空格或逗号！');

/**
 * `{dicCode, excludes}` (SPEC §7): `excludes` are value codes to leave out, with their sub-trees,
 * as a list or one comma-separated string.
 */
export const dicValueTreeReq = z.object({
  dicCode: dicCodeSchema,
  excludes: z
    .union([z.array(z.string().max(64)).max(500), z.string().max(5000)], { error: '排除项格式不正确！' })
    .optional()
    .transform((v) => (typeof v === 'string' ? v.split(/[,，]/) : (v ?? [])).map((s) => s.trim()).filter(Boolean)),
});
export type DicValueTreeReq = z.input<typeof dicValueTreeReq>;

export const dicValueListReq = z.object({ dicCode: dicCodeSchema });

/** Add (no id) or edit an entry of dictionary `dicCode`; `parentId` is another entry of the same dictionary. */
export const dicValueSaveReq = z.object({
  id: z.string().trim().min(1).max(32).optional(),
  dicCode: dicCodeSchema,
  parentId: parentIdSchema,
  value: dicValueSchema,
  title: z.string({ error: '字典项名称不能为空！' }).trim().min(1, '字典项名称不能为空！').max(100, '字典项名称不能超过100个字符！'),
  sort: sortSchema,
});
export type DicValueSaveReq = z.input<typeof dicValueSaveReq>;

// ---------------------------------------------------------------- errors, permissions, calls

/** Errors of dictionaries (9004xxxx). */
export const DicError = defineErrors({
  /** Another dictionary has this code. */
  CODE_EXISTS: { code: 90040001, msg: '字典编码已存在！' },
  /** Another entry of the dictionary has this value. */
  VALUE_EXISTS: { code: 90040002, msg: '字典项值已存在！' },
  /** The parent is missing, of another dictionary, the node itself or one of its descendants. */
  BAD_PARENT: { code: 90040003, msg: '上级节点不正确，不能选择自己或自己的下级！' },
  /** A dictionary with sub-dictionaries cannot be deleted alone. */
  HAS_CHILDREN: { code: 90040004, msg: '请先删除下级字典！' },
  /** No dictionary has this code. */
  DIC_NOT_FOUND: { code: 90040005, msg: '字典不存在！' },
  /** The code of an existing dictionary is referenced by stored records. */
  CODE_FIXED: { code: 90040006, msg: '字典编码不能修改！' },
});

/** Permission codes of dictionaries. */
export const DicPerm = { LIST: 'sys:dic:list', ADD: 'sys:dic:add', UPDATE: 'sys:dic:update', DELETE: 'sys:dic:delete' } as const;

/** Calls of dictionaries (SPEC §7 "Configuration and dictionaries"). */
export const dicApi = {
  valueTree: json({ path: '/api/sys/dic/value/tree', readOnly: true, summary: '字典项树（可排除部分字典项）', access: 'user', body: dicValueTreeReq, data: z.array(dicValueNode) }),
  valueList: json({ path: '/api/sys/dic/value/list', readOnly: true, summary: '字典项列表（value、title，供下拉选择）', access: 'user', body: dicValueListReq, data: z.array(dicItem), ours: true }),
  valueSave: json({ path: '/api/sys/dic/value/save', summary: '新增或修改字典项', access: [DicPerm.ADD, DicPerm.UPDATE], body: dicValueSaveReq, data: z.object({ id: z.string() }) }),
  valueDelete: json({ path: '/api/sys/dic/value/delete', summary: '删除字典项（连同其下级）', access: DicPerm.DELETE, body: idsReq, data: z.null() }),
  tree: json({ path: '/api/sys/dic/tree', readOnly: true, summary: '字典分类树', access: DicPerm.LIST, data: z.array(dicNode), ours: true }),
  detail: json({ path: '/api/sys/dic/detail', readOnly: true, summary: '字典详情', access: DicPerm.LIST, body: idReq, data: dicDetail, ours: true }),
  save: json({ path: '/api/sys/dic/save', summary: '新增或修改字典', access: [DicPerm.ADD, DicPerm.UPDATE], body: dicSaveReq, data: z.object({ id: z.string() }), ours: true }),
  delete: json({ path: '/api/sys/dic/delete', summary: '删除字典（连同其字典项）', access: DicPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
};
