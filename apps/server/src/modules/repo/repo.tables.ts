/** Tables of the repo module: Question banks (SPEC §3 "Question bank"). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface ElRepoTable {
  id: string;
  title: string;
  remark: string;
  /** 1: its questions may be drawn into exams. */
  isExam: Flag;
  /** 1: learners may practise it (bank training). */
  isTrain: Flag;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** A chapter of a bank (SPEC §7 /api/repo/chapter/*; select items id, title). */
export interface ElRepoChapterTable {
  id: string;
  repoId: string;
  title: string;
  remark: string;
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_repo_chapter: ElRepoChapterTable;
    el_repo: ElRepoTable;
  }
}
