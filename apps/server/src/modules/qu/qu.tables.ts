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
  /** Chapter (module repo's el_repo_chapter), '' for none. */
  chapterId: string;
  /** Fill blank (5): bit flags 1 ignore case, 2 full-/half-width alike, 4 any blank order (QU_BLANK_OPT). */
  blankOpts: number;
  /** Short answer (4): JSON `[{word, score}]` of the optional keyword pre-score, '' for none. */
  keywords: string;
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
  /**
   * Fill blank (5): one row per blank (sort = blank order), the accepted alternatives separated by
   * `|` (a literal bar written `\|`). Matching (6): the right-hand item this row's left-hand item
   * (`content`) matches; a row with empty `content` is a distractor right-hand item.
   */
  answer: string;
  sort: number;
}

/** A bank's question version: raised with every write to its questions (migration 202702080000). */
export interface ElQuRepoVersionTable {
  repoId: string;
  version: number;
}

declare module '../../db/schema' {
  interface DB {
    el_qu: ElQuTable;
    el_qu_answer: ElQuAnswerTable;
    el_qu_repo_version: ElQuRepoVersionTable;
  }
}
