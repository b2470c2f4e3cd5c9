/** Tables of the qu module: Questions and their options (SPEC §3 "Question"). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface ElQuTable {
  id: string;
  repoId: string;
  /** Parent question of a combined (99) question's sub-question; '' otherwise. */
  parentId: string;
  quType: number;
  level: number;
  content: string;
  analysis: string;
  image: string;
  video: string;
  /** Reference answer of subjective / fill-blank questions. */
  answer: string;
  sort: number;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface ElQuAnswerTable {
  id: string;
  quId: string;
  isRight: Flag;
  content: string;
  analysis: string;
  image: string;
  /** Matching key / blank answer for types 5 and 6. */
  answer: string;
  sort: number;
}

declare module '../../db/schema' {
  interface DB {
    el_qu: ElQuTable;
    el_qu_answer: ElQuAnswerTable;
  }
}
