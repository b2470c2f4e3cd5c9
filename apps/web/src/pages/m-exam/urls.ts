/** Addresses of the phone exam page (./MExam.tsx). */

/** The phone site's home (issue 14). */
export const M_HOME = '/m/home';

/** /m/info/exam for an exam (考试须知), a paper (the exam room) or, with `result`, the paper's result. */
export function mExamUrl(examId: string, paperId?: string, result = false): string {
  const q = new URLSearchParams({ id: examId });
  if (paperId) q.set('paperId', paperId);
  if (result) q.set('view', 'result');
  return `/m/info/exam?${q.toString()}`;
}
