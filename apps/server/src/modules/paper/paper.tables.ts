/** Tables of the paper module: Papers: a drawn exam, its groups, questions and option choices (SPEC §3 "Paper"). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface ElPaperTable {
  id: string;
  userId: string;
  examId: string;
  title: string;
  totalTime: number;
  totalScore: number;
  qualifyScore: number;
  userScore: number;
  state: number;
  passed: Flag;
  createTime: Ms;
  /** Deadline by the server clock: createTime + totalTime, capped at the exam's endTime. */
  limitTime: Ms;
  handTime: Ms | null;
  /** 1: a result of an offline exam (no questions; the score typed in or imported). */
  offline: Flag;
  /** The learner's department when the paper was drawn (data scope of the marking list); '' before issue 8. */
  deptCode: string;
  updateTime: Ms;
  /** Leaves of the exam page counted (leave-incr; issue 9). */
  leaveTimes: number;
  /** When the last leave was counted (epoch ms; 0 none). */
  leaveTime: Ms;
}
export interface ElPaperGroupTable {
  id: string;
  paperId: string;
  title: string;
  quType: number;
  quCount: number;
  perScore: number;
  totalScore: number;
  sort: number;
}
export interface ElPaperQuTable {
  id: string;
  paperId: string;
  groupId: string;
  quId: string;
  /** A combined (99) question's sub-question: the id of the stem's el_paper_qu row; '' at top level. */
  parentId: string;
  quType: number;
  sort: number;
  score: number;
  answered: Flag;
  mark: Flag;
  isRight: Flag;
  actualScore: number;
  answer: string;
  /**
   * When the question was first saved answered (fill-answer; epoch ms, server clock; 0 never; issue
   * 14 average time on question). Optional at insert: the column defaults to 0.
   */
  answerTime?: Ms;
}
export interface ElPaperQuAnswerTable {
  id: string;
  paperId: string;
  quId: string;
  answerId: string;
  abc: string;
  sort: number;
  checked: Flag;
  isRight: Flag;
}
/**
 * The marking of one subjective answer (`paperQuId`, an el_paper_qu id): step 1 the marker (first
 * blind marker), 2 the second blind marker, 3 the arbiter; step 0 the final decision, whose
 * `markerId` is who decided (a marker, 'first,second' when a blind pair agreed, the arbiter).
 */
export interface ElPaperMarkTable {
  id: string;
  paperId: string;
  paperQuId: string;
  step: number;
  markerId: string;
  score: number;
  comment: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_paper: ElPaperTable;
    el_paper_group: ElPaperGroupTable;
    el_paper_qu: ElPaperQuTable;
    el_paper_qu_answer: ElPaperQuAnswerTable;
    el_paper_mark: ElPaperMarkTable;
  }
}
