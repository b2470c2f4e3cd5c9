/** Tables of the paper-capture module (issue 12 "Camera proctoring"). Owned by this module only; times are epoch ms, server clock. */
import type { Ms } from '../../db/schema';

/** One frame of the exam camera ('capture') or of the face check before an exam ('check'). */
export interface ElPaperCaptureTable {
  id: string;
  kind: 'capture' | 'check';
  /** '' for a check until create-paper uses its token. */
  paperId: string;
  examId: string;
  userId: string;
  /** 1 pass, 0 fail, null the engine could not answer (not counted). */
  pass: number | null;
  score: number | null;
  faces: number | null;
  camError: number;
  /** The frame's sys-file view url ('' for a camera error). */
  image: string;
  createTime: Ms;
}

/** Per paper: consecutive failed captures, and whether face failures handed it in. */
export interface ElPaperCaptureStateTable {
  paperId: string;
  failCount: number;
  broken: number;
  /** Time the paper had left at the forced hand-in (ms): what a granted appeal gives back. */
  leftMs: number;
  updateTime: Ms;
}

/** An entry of the evidence timeline other than a capture (leaves, fullscreen exits, reminders, hand-in, appeal steps). */
export interface ElPaperEvidenceTable {
  id: string;
  kind: string;
  paperId: string;
  examId: string;
  userId: string;
  text: string;
  createTime: Ms;
}

export interface ElPaperAppealTable {
  id: string;
  paperId: string;
  examId: string;
  title: string;
  userId: string;
  realName: string;
  deptCode: string;
  reason: string;
  /** 0 pending, 1 reopened, 2 confirmed. */
  state: number;
  remark: string;
  leftMs: number;
  decideBy: string;
  decideTime: Ms | null;
  createTime: Ms;
}

export interface ElFaceTokenTable {
  tokenHash: string;
  userId: string;
  examId: string;
  captureId: string;
  paperId: string;
  expireTime: Ms;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_paper_capture: ElPaperCaptureTable;
    el_paper_capture_state: ElPaperCaptureStateTable;
    el_paper_evidence: ElPaperEvidenceTable;
    el_paper_appeal: ElPaperAppealTable;
    el_face_token: ElFaceTokenTable;
  }
}
