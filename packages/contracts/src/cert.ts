/**
 * Certificates (SPEC §2 "My certificates", named admin route ListCertGrant, "Certificate select";
 * §3 "Certificate grant row: id, title, createTime, expireTime, authority, certFilePdf, plus
 * certificate number", "Select items for certificate: id, title"; §7 /api/cert/cert/detail|paging|save,
 * /api/cert/grant/grant-batch|my-list|my-paging|detail; issue 7 "Certificates").
 *
 * - A certificate TEMPLATE (`/api/cert/cert/*`) has a title, an issuing authority, a validity in
 *   months (`expireMonths`, null = never expires), an optional background image (the url of an
 *   uploaded jpg/png) and the LAYOUT: where the holder's name, the certificate number, the
 *   course/exam title, the date, the certificate title, the authority and the QR code go on an A4
 *   landscape page (x, y as fractions 0–1 of the page's width and height, the top-left corner of the
 *   text box for `left`, its top centre for `center`, its top-right corner for `right`; font size in
 *   points; the QR code's side in points).
 * - A GRANT (`/api/cert/grant/*`) gives one template to one person, once per (template, person,
 *   refType, refId): number `KP-<year>-<6 digits>`, snapshots of the title and authority, expiry =
 *   grant time + expireMonths, state valid or revoked, and a PDF rendered in the background.
 * - Public VERIFICATION (`/api/cert/verify`, no login) answers only the masked holder name, title,
 *   authority, dates and status.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';

/** A4 landscape in PDF points (the page every certificate is drawn on; the preview keeps its ratio). */
export const CERT_PAGE = { width: 841.89, height: 595.28 } as const;

/** The texts a template places; `qr` is the verification QR code. */
export const CERT_FIELDS = ['title', 'name', 'refTitle', 'certNo', 'authority', 'date', 'qr'] as const;
export type CertField = (typeof CERT_FIELDS)[number];
/** Labels of the placed fields (editor). */
export const CERT_FIELD_LABEL: Record<CertField, string> = {
  title: '证书名称',
  name: '持证人姓名',
  refTitle: '课程/考试名称',
  certNo: '证书编号',
  authority: '发证机构',
  date: '发证日期',
  qr: '验证二维码',
};

export const CERT_ALIGNS = ['left', 'center', 'right'] as const;
export type CertAlign = (typeof CERT_ALIGNS)[number];

const fraction = (label: string) =>
  z.number({ error: `${label}必须是0到1之间的数字！` }).min(0, `${label}必须是0到1之间的数字！`).max(1, `${label}必须是0到1之间的数字！`);

/** Where one text goes: x, y fractions of the page; size in points (6–120); alignment about x. */
export const certTextPos = z.object({
  x: fraction('横向位置'),
  y: fraction('纵向位置'),
  size: z.number({ error: '字号必须是6到120之间的数字！' }).min(6, '字号必须是6到120之间的数字！').max(120, '字号必须是6到120之间的数字！'),
  align: z.enum(CERT_ALIGNS, { error: '对齐方式不正确！' }).default('center'),
});
export type CertTextPos = z.infer<typeof certTextPos>;
/** Where the QR code goes: its top-left corner (fractions) and its side in points (30–300). */
export const certQrPos = z.object({
  x: fraction('横向位置'),
  y: fraction('纵向位置'),
  size: z.number({ error: '二维码尺寸必须是30到300之间的数字！' }).min(30, '二维码尺寸必须是30到300之间的数字！').max(300, '二维码尺寸必须是30到300之间的数字！'),
});
export type CertQrPos = z.infer<typeof certQrPos>;

export const certLayout = z.object({
  title: certTextPos,
  name: certTextPos,
  refTitle: certTextPos,
  certNo: certTextPos,
  authority: certTextPos,
  date: certTextPos,
  qr: certQrPos,
});
export type CertLayout = z.infer<typeof certLayout>;

/** The layout of a new template (and of a template saved without one). */
export const DEFAULT_CERT_LAYOUT: CertLayout = {
  title: { x: 0.5, y: 0.16, size: 40, align: 'center' },
  name: { x: 0.5, y: 0.36, size: 30, align: 'center' },
  refTitle: { x: 0.5, y: 0.48, size: 18, align: 'center' },
  certNo: { x: 0.08, y: 0.84, size: 12, align: 'left' },
  authority: { x: 0.74, y: 0.72, size: 16, align: 'center' },
  date: { x: 0.74, y: 0.79, size: 14, align: 'center' },
  qr: { x: 0.08, y: 0.6, size: 90 },
};

/** Sample values of the live preview (admin editor). */
export const CERT_SAMPLE = { name: '张三', refTitle: '安全生产知识考试', certNo: 'KP-2026-000123', date: '发证日期：2026年01月01日' } as const;

/** `证书编号：KP-…` as printed. */
export const certNoText = (certNo: string) => `证书编号：${certNo}`;

/** Where a grant came from: an exam passed, a course or class finished, or a manual grant (grant-batch). */
export const CERT_REF_TYPES = ['exam', 'course', 'class', 'manual'] as const;
export type CertRefType = (typeof CERT_REF_TYPES)[number];
export const CERT_REF_TYPE_LABEL: Record<CertRefType, string> = { exam: '考试', course: '课程', class: '培训班', manual: '手动发放' };

/** Stored state of a grant: 0 valid, 1 revoked. */
export const CertGrantState = { VALID: 0, REVOKED: 1 } as const;
/** What a grant is NOW (stored state and expiry together): shown in lists and on the verification page. */
export const CERT_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertStatus = (typeof CERT_STATUSES)[number];
export const CERT_STATUS_LABEL: Record<CertStatus, string> = { valid: '有效', expired: '已过期', revoked: '已撤销' };

// ---------------------------------------------------------------- templates

const expireMonths = z
  .number({ error: '有效期必须是1到1200之间的整数月！' })
  .int('有效期必须是1到1200之间的整数月！')
  .min(1, '有效期必须是1到1200之间的整数月！')
  .max(1200, '有效期必须是1到1200之间的整数月！')
  .nullable()
  .default(null);

export const certSaveReq = z.object({
  id: idSchema.optional(),
  title: z.string({ error: '证书名称不能为空！' }).trim().min(1, '证书名称不能为空！').max(100, '证书名称不能超过100个字符'),
  authority: z.string({ error: '发证机构不能为空！' }).trim().min(1, '发证机构不能为空！').max(100, '发证机构不能超过100个字符'),
  /** Months of validity from the grant; null (or left out) = never expires. */
  expireMonths,
  /** Url of an uploaded jpg/png (`/api/common/file/view/<id>.<ext>`), '' for none. */
  bgImage: z.string().trim().max(300, '背景图片地址过长！').default(''),
  layout: certLayout.default(DEFAULT_CERT_LAYOUT),
});
export type CertSaveReq = z.input<typeof certSaveReq>;

export const certRecord = z.object({
  id: z.string(),
  title: z.string(),
  authority: z.string(),
  expireMonths: z.number().int().nullable(),
  bgImage: z.string(),
  /** How many grants (valid, expired or revoked) the template has. */
  grantCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CertRecord = z.infer<typeof certRecord>;
export const certDetail = certRecord.extend({ layout: certLayout });
export type CertDetail = z.infer<typeof certDetail>;

export const certPagingParams = z.object({ title: z.string().max(100).optional() });
export const CERT_SORT = ['title', 'createTime', 'updateTime'] as const;
export const certPagingReq = pagingReq(certPagingParams, { sort: CERT_SORT, select: true });
export const certPagingRes = pagingRes(certRecord);

// ---------------------------------------------------------------- grants

/** A grant as its holder sees it (SPEC §3 "Certificate grant row"). */
export const certGrantRow = z.object({
  id: z.string(),
  certNo: z.string(),
  certId: z.string(),
  title: z.string(),
  authority: z.string(),
  refType: z.string(),
  refType_dictText: z.string(),
  refTitle: z.string(),
  createTime: z.string(),
  /** null: never expires. */
  expireTime: z.string().nullable(),
  status: z.enum(CERT_STATUSES),
  status_dictText: z.string(),
  /** Url that downloads the PDF (`/api/cert/grant/pdf?id=…`), '' while it is not rendered yet. */
  certFilePdf: z.string(),
});
export type CertGrantRow = z.infer<typeof certGrantRow>;

/** A grant in the admin list: the holder too. */
export const certGrantRecord = certGrantRow.extend({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
});
export type CertGrantRecord = z.infer<typeof certGrantRecord>;

export const grantBatchReq = z.object({
  certId: z.string({ error: '请选择证书！' }).trim().min(1, '请选择证书！').max(32, 'ID格式不正确！'),
  userIds: z
    .array(idSchema, { error: '请至少选择一个用户！' })
    .min(1, '请至少选择一个用户！')
    .max(1000, '每次最多发放给1000人！'),
});
export const grantBatchRes = z.object({
  /** New grants made. */
  granted: z.number().int(),
  /** People who already held this certificate by a manual grant (nothing changed for them). */
  skipped: z.number().int(),
});

export const myGrantPagingReq = pagingReq(z.object({ title: z.string().max(100).optional() }), { sort: ['createTime'] as const });
export const myGrantPagingRes = pagingRes(certGrantRow);

export const grantPagingParams = z.object({
  certId: z.string().max(32).optional(),
  /** Part of the holder's account name or real name. */
  userName: z.string().max(100).optional(),
  status: z.enum(CERT_STATUSES, { error: '状态不正确！' }).optional(),
  certNo: z.string().max(40).optional(),
});
export const GRANT_SORT = ['createTime', 'expireTime', 'certNo'] as const;
export const grantPagingReq = pagingReq(grantPagingParams, { sort: GRANT_SORT });
export const grantPagingRes = pagingRes(certGrantRecord);

export const certVerifyReq = z.object({
  certNo: z.string({ error: '请输入证书编号！' }).trim().min(1, '请输入证书编号！').max(40, '证书编号格式不正确！'),
});
/** The public verification answer: nothing beyond these fields. */
export const certVerifyRes = z.object({
  /** The holder's name with the middle masked (张*三, 李*). */
  holder: z.string(),
  title: z.string(),
  authority: z.string(),
  grantDate: z.string(),
  /** null: never expires. */
  expireDate: z.string().nullable(),
  status: z.enum(CERT_STATUSES),
  status_dictText: z.string(),
});
export type CertVerifyRes = z.infer<typeof certVerifyRes>;

/** The public verification page of a number: `/cert/verify/<certNo>` (the QR code's target). */
export const certVerifyPath = (certNo: string) => `/cert/verify/${encodeURIComponent(certNo)}`;

/** `张*三` (first and last character kept, the middle masked), `李*` for two characters, `*` for one. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** Permission codes (SPEC §6 names cert:list for the dashboard card). */
export const CertPerm = {
  LIST: 'cert:list',
  ADD: 'cert:add',
  UPDATE: 'cert:update',
  DELETE: 'cert:delete',
  GRANT_LIST: 'cert:grant:list',
  GRANT: 'cert:grant:add',
  REVOKE: 'cert:grant:revoke',
} as const;

/** Errors of certificates (block 3004xxxx). */
export const CertError = defineErrors({
  /** A template some grant uses cannot be deleted. */
  IN_USE: { code: 30040001, msg: '证书已发放，不能删除！' },
  /** Public verification of an unknown number. */
  NO_SUCH_CERT: { code: 30040002, msg: '证书不存在，请核对证书编号！' },
  /** The background is not an uploaded jpg/png. */
  BAD_BACKGROUND: { code: 30040003, msg: '背景图片必须是已上传的jpg或png图片！' },
  /** The PDF of a grant could not be made. */
  PDF_FAILED: { code: 30040004, msg: '证书PDF生成失败，请稍后再试！' },
});

/** Calls of certificates. */
export const certApi = {
  paging: json({ path: '/api/cert/cert/paging', readOnly: true, summary: '分页查询证书模板（证书选择框：size 100，按名称过滤）', access: CertPerm.LIST, body: certPagingReq, data: certPagingRes }),
  detail: json({ path: '/api/cert/cert/detail', readOnly: true, summary: '证书模板详情（含版式）', access: CertPerm.LIST, body: idReq, data: certDetail }),
  save: json({ path: '/api/cert/cert/save', summary: '新增或修改证书模板', access: [CertPerm.ADD, CertPerm.UPDATE], body: certSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/cert/cert/delete', summary: '删除证书模板（已发放的不能删除）', access: CertPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
};

export const certGrantApi = {
  grantBatch: json({ path: '/api/cert/grant/grant-batch', summary: '批量发放证书（已手动发放过的人跳过）', access: CertPerm.GRANT, body: grantBatchReq, data: grantBatchRes }),
  paging: json({ path: '/api/cert/grant/paging', readOnly: true, summary: '证书发放记录（管理，按数据范围）', access: CertPerm.GRANT_LIST, body: grantPagingReq, data: grantPagingRes, ours: true }),
  revoke: json({ path: '/api/cert/grant/revoke', summary: '撤销证书', access: CertPerm.REVOKE, body: idsReq, data: z.null(), ours: true }),
  myList: json({ path: '/api/cert/grant/my-list', summary: '我的证书（全部，最多500条）', access: 'user', data: z.array(certGrantRow) }),
  myPaging: json({ path: '/api/cert/grant/my-paging', summary: '我的证书（分页）', access: 'user', body: myGrantPagingReq, data: myGrantPagingRes }),
  detail: json({ path: '/api/cert/grant/detail', summary: '我的证书详情', access: 'user', body: idReq, data: certGrantRow }),
  pdf: download({
    path: '/api/cert/grant/pdf',
    readOnly: true,
    summary: '下载证书PDF（持证人本人，或有发放记录权限的管理员）',
    access: 'user',
    body: idReq,
    fileName: 'certificate.pdf',
    ours: true,
  }),
  verify: json({ path: '/api/cert/verify', summary: '证书公开验证（无需登录）：持证人姓名（部分隐藏）、名称、机构、日期、状态', access: 'public', body: certVerifyReq, data: certVerifyRes, ours: true }),
};
