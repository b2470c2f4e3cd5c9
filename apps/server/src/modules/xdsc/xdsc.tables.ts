/** Tables of the xdsc module: information-collection forms and their submissions (issue 13). Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

/** One form (信息采集/问卷). */
export interface ElXdscFormTable {
  id: string;
  title: string;
  description: string;
  /** The training class (a reference by id, no foreign key; '' site-wide). */
  classId: string;
  /** The window (ms; 0 open-ended). */
  startTime: Ms;
  endTime: Ms;
  /** contracts XdscState: 0 正常, 1 停用. */
  state: number;
  anonymous: Flag;
  /** JSON array of contracts XdscStoredField. */
  fields: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** One learner's submission of one form (unique form + user). */
export interface ElXdscAnswerTable {
  id: string;
  formId: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  /** JSON array of {fieldId, value}. */
  answers: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_xdsc_form: ElXdscFormTable;
    el_xdsc_answer: ElXdscAnswerTable;
  }
}
