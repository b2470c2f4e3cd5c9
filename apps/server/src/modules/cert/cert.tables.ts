/**
 * Tables of the cert module (issue 7 "Certificates"): templates, grants and the per-year counter of
 * certificate numbers. Owned by this module only.
 */
import type { Flag, Ms } from '../../db/schema';

/** A certificate template (SPEC §7 /api/cert/cert/*). */
export interface CertTemplateTable {
  id: string;
  title: string;
  authority: string;
  /** Months of validity from the grant; null = never expires. */
  expireMonths: number | null;
  /** Url of the uploaded background image (jpg/png), '' for none. */
  bgImage: string;
  /** JSON of the layout (contracts `certLayout`). */
  layout: string;
  /** Soft delete (exams keep naming a deleted template by id). */
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** One certificate given to one person; unique per (certId, userId, refType, refId). */
export interface CertGrantTable {
  id: string;
  /** KP-<year>-<6 digits>, unique. */
  certNo: string;
  certId: string;
  userId: string;
  /** Snapshots of the holder at the grant (printed on the PDF; filtered by the admin list). */
  userName: string;
  realName: string;
  /** The holder's department at the grant (data scope of the admin list). */
  deptCode: string;
  /** Snapshots of the template at the grant. */
  title: string;
  authority: string;
  /** exam / course / class / manual. */
  refType: string;
  refId: string;
  /** Title of the exam, course or class ('' for manual grants). */
  refTitle: string;
  createTime: Ms;
  /** null: never expires. */
  expireTime: Ms | null;
  /** 0 valid, 1 revoked. */
  state: number;
  revokeTime: Ms | null;
  /** Relative path of the rendered PDF under DATA_DIR/cert ('' until rendered). */
  pdfFile: string;
  /** Origin of the verification url printed as QR code (from the request that granted; '' → configured or default). */
  verifyBase: string;
}

/** Last certificate number used per year (one row per year, incremented in the grant's transaction). */
export interface CertNoSeqTable {
  year: number;
  last: number;
}

declare module '../../db/schema' {
  interface DB {
    cert_template: CertTemplateTable;
    cert_grant: CertGrantTable;
    cert_no_seq: CertNoSeqTable;
  }
}
