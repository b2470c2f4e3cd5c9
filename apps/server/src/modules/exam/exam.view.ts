/**
 * How exams are shown (admin list and the learner's open exams; SPEC §7 /api/exam/exam/paging,
 * online-paging): pure functions of the stored rows, split out of exam.service.ts.
 */
import { COMMON_STATE_LABEL, OPEN_TYPE_LABEL } from '@kaopei/contracts';
import { EXAM_TYPE_LABEL, PAPER_METHOD_LABEL, type ExamRecord, type OnlineExam } from '@kaopei/contracts/exam';
import { formatTime, formatTimeStrict } from '../../lib/time';
import type { ElExamQuTable } from './exam.tables';
import type { Exam, ExamPaperPart, ExamRule } from './exam.service';

/** Questions of one paper of a stored exam. */
export function quCountOf(e: Exam, rules: ExamRule[], qus: ElExamQuTable[]): number {
  if (e.offline === 1) return 0;
  if (e.paperMethod === 2) return qus.filter((q) => q.examId === e.id).length;
  if (e.paperMethod === 3) return e.drawCount;
  return rules.filter((r) => r.examId === e.id).reduce((s, r) => s + r.quCount, 0);
}

/** An exam as the admin list shows it (SPEC §7 exam paging). */
export function toRecord(e: Exam, quCount: number): ExamRecord {
  return {
    id: e.id,
    title: e.title,
    examType: e.examType,
    examType_dictText: EXAM_TYPE_LABEL[e.examType] ?? '',
    openType: e.openType,
    openType_dictText: OPEN_TYPE_LABEL[e.openType] ?? '',
    state: e.state,
    state_dictText: COMMON_STATE_LABEL[e.state] ?? '',
    startTime: formatTime(e.startTime),
    endTime: formatTime(e.endTime),
    totalTime: e.totalTime,
    totalScore: e.totalScore,
    qualifyScore: e.qualifyScore,
    chance: e.chance,
    quCount,
    paperMethod: e.paperMethod,
    paperMethod_dictText: PAPER_METHOD_LABEL[e.paperMethod] ?? '',
    offline: e.offline === 1,
    pointsCost: e.pointsCost,
    certId: e.certId ?? null,
    createTime: formatTimeStrict(e.createTime),
    updateTime: formatTimeStrict(e.updateTime),
  };
}

/** An exam as the learner's list of open exams shows it; `attempt` their papers of it. */
export function toOnline(e: Exam, quCount: number, attempt?: { tryCount: number; processPaperId: string | null }): OnlineExam {
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    examType: e.examType,
    examType_dictText: EXAM_TYPE_LABEL[e.examType] ?? '',
    openType: e.openType,
    openType_dictText: OPEN_TYPE_LABEL[e.openType] ?? '',
    startTime: formatTime(e.startTime),
    endTime: formatTime(e.endTime),
    totalTime: e.totalTime,
    totalScore: e.totalScore,
    qualifyScore: e.qualifyScore,
    quCount,
    chance: e.chance,
    tryCount: attempt?.tryCount ?? 0,
    processPaperId: attempt?.processPaperId ?? null,
    needPassword: e.openType === 9,
    faceOn: e.faceOn === 1,
    camOn: e.camOn === 1,
    pointsCost: e.pointsCost,
    handMinMinutes: e.handMinMinutes,
    lateMaxMinutes: e.lateMaxMinutes,
    offline: e.offline === 1,
  };
}

/** The paper part an exam save keeps (SPEC §4 paper methods): rules only for method 1, questions only for 2 and 3, a draw count only for 3; nothing for an offline exam. */
export function paperPartOf(req: { paperMethod: number; ruleList: ExamPaperPart['ruleList']; quList: ExamPaperPart['quList']; drawCount: number; offline: boolean }): ExamPaperPart {
  if (req.offline) return { paperMethod: req.paperMethod, ruleList: [], quList: [], drawCount: 0 };
  return {
    paperMethod: req.paperMethod,
    ruleList: req.paperMethod === 1 ? req.ruleList : [],
    quList: req.paperMethod === 1 ? [] : req.quList,
    drawCount: req.paperMethod === 3 ? req.drawCount : 0,
  };
}
