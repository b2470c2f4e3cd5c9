/**
 * Module exam-apply: learners' applications to exams that need approval (el_exam.need_apply) and
 * their audit (SPEC §3 "Exam apply", §7 /api/exam/apply/save and /audit; issue 8). Declares the
 * 考试申请 page under 考试管理 with its function menus, and the event `examApply.audited`, which
 * module notify turns into the `exam.apply` message. Module paper asks `assertApproved` at create-paper.
 */
import { MenuType } from '@kaopei/contracts';
import { ExamApplyPerm, examApplyApi } from '@kaopei/contracts/exam-apply';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { ExamApplyService } from './exam-apply.service';

declare module '../../platform/services' {
  interface Services {
    examApply: ExamApplyService;
  }
}

/** `examApply.audited`: an application was approved or rejected (emitted in the audit's transaction, once per application). Listener: the exam.apply message. */
export interface ExamApplyAuditedEvent {
  applyId: string;
  examId: string;
  examTitle: string;
  userId: string;
  /** 1 approved, 2 rejected. */
  state: number;
  auditMsg: string;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'examApply.audited': ExamApplyAuditedEvent;
  }
}

export default defineModule({
  name: 'examApply',
  summary: '考试申请与审核',
  deps: ['exam', 'sysUser', 'sysRole'],
  tables: ['el_exam_apply'],
  // The audit list shows the exam's title.
  dictJoins: ['el_exam'],
  service: (ctx) => new ExamApplyService(ctx),
  routes: (r, applies) => {
    r.json(examApplyApi.save, ({ body, user }) => applies.save(user, body));
    r.json(examApplyApi.audit, ({ body, user }) => applies.audit(user, body));
    r.json(examApplyApi.paging, ({ body, user }) => applies.paging(user, body));
    r.json(examApplyApi.myState, ({ body, user }) => applies.myState(user.userId, body.examIds));
  },
  // Exam ids: any learner may apply to (or ask about) an exam; answers hold only his own rows.
  sharedIds: [examApplyApi.save, examApplyApi.myState],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '考试申请', path: '/admin/exam/apply', name: 'ListExamApply', component: 'ListExamApply', icon: 'AuditOutlined', sort: 7,
      children: [fn('申请列表', ExamApplyPerm.LIST, 0), fn('审核申请', ExamApplyPerm.AUDIT, 1)],
    },
  ],
});
