/** Tables of the classTask module: class tasks and their submissions (issue 13 "tasks", /api/task/bj). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One task (assignment) of a training class. */
export interface ElClassTaskTable {
  id: string;
  /** The training class (a reference by id, no foreign key). */
  classId: string;
  title: string;
  /** Rich text, sanitised at save. */
  content: string;
  deadline: Ms;
  /** 1 required. */
  required: number;
  /** 1 files may be attached. */
  allowFiles: number;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** A learner's submission of a task (unique task + user); resubmitting overwrites it until it is reviewed. */
export interface ElClassTaskSubmitTable {
  id: string;
  taskId: string;
  classId: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  content: string;
  /** JSON `[{url, name}]`. */
  files: string;
  /** contracts TaskSubmitState: 1 submitted, 2 reviewed. */
  state: number;
  score: number | null;
  comment: string;
  reviewBy: string;
  reviewTime: Ms | null;
  submitTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_class_task: ElClassTaskTable;
    el_class_task_submit: ElClassTaskSubmitTable;
  }
}
