/**
 * Module classExam: exams of training classes (issue 13 "Classes": class content "exams", required
 * completion "exam passed"; calls /api/trainClass/exam/*). Links exams to a class (培训管理 → 培训班 →
 * 管理 → 培训考试), lets enrolled learners sit them through a grant registered with module exam,
 * measures the class requirement 'exam' and settles classes when a passed paper is marked.
 */
import { ClassExamPerm, classExamApi } from '@kaopei/contracts/class-exam';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ClassExamService, type ClassExamDeps } from './class-exam.service';

declare module '../../platform/services' {
  interface Services {
    classExam: ClassExamService;
  }
}

export default defineModule({
  name: 'classExam',
  summary: '培训班考试（关联考试、通过考试的结业要求）',
  deps: ['trainClass', 'exam', 'paper'] satisfies ClassExamDeps[],
  tables: ['el_class_exam'],
  service: (ctx) => new ClassExamService(ctx),
  routes: (r, exams) => {
    r.json(classExamApi.save, ({ body, user }) => exams.save(user, body.classId, body.examList));
    r.json(classExamApi.detail, ({ body, user }) => exams.detail(user, body.classId));
    r.json(classExamApi.paging, ({ body, user }) => exams.page(user, body));
    r.json(classExamApi.myList, ({ body, user }) => exams.myList(user, body.classId));
  },
  start: async (exams) => exams.register(),
  on: {
    'paper.marked': (exams) => (e) => exams.onPaperMarked(e),
  },
  // Class ids every learner may ask about (a class he is not enrolled in answers 10010003).
  sharedIds: [classExamApi.myList],
  menus: [{ parent: 'ListTrainClass', ...fn('培训班考试', ClassExamPerm.EXAM, 20) }],
});
