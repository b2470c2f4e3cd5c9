/**
 * Module pj: evaluations of training classes (issue 13 "Evaluations"; contracts pj.ts, /api/pj/*).
 * Questionnaires per class (optionally per face-to-face lesson, a plain lessonId), rate (1–5) and
 * text items, one answer per enrolled learner, anonymous results with averages and an xlsx export.
 * Registers the class completion requirement 'eval'. Managed in the class drawer (培训管理 → 培训班
 * → 管理 → 培训评估; its function menus hang under ListTrainClass), answered on the learner's class page.
 */
import { PjPerm, pjApi } from '@kaopei/contracts/pj';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { PjService } from './pj.service';

declare module '../../platform/services' {
  interface Services {
    pj: PjService;
  }
}

export default defineModule({
  name: 'pj',
  summary: '培训评估（评估问卷、学员评价、匿名结果）',
  deps: ['trainClass'],
  tables: ['el_pj', 'el_pj_answer', 'el_pj_answer_item'],
  service: (ctx) => new PjService(ctx),
  routes: (r, pj) => {
    r.json(pjApi.save, ({ body, user }) => pj.save(user, body));
    r.json(pjApi.detail, ({ body, user }) => pj.detail(user, body.id));
    r.json(pjApi.paging, ({ body, user }) => pj.paging(user, body));
    r.json(pjApi.delete, async ({ body, user }) => {
      await pj.delete(user, body.ids);
      return null;
    });
    r.json(pjApi.state, async ({ body, user }) => {
      await pj.setState(user, body.ids, body.state);
      return null;
    });
    r.json(pjApi.myList, ({ body, user }) => pj.myList(user, body.classId));
    r.json(pjApi.detailLearner, ({ body, user }) => pj.learnerDetail(user, body.id));
    r.json(pjApi.answer, async ({ body, user }) => {
      await pj.answer(user, body);
      return null;
    });
    r.json(pjApi.result, ({ body, user }) => pj.results.result(user, body.id));
    r.download(pjApi.export, async ({ body, user }) => ({ body: await pj.results.export(user, body.id) }));
  },
  start: async (pj) => pj.registerRequirement(),
  // Questionnaires of a class are shared by its enrolled learners (anybody else gets 10010003).
  sharedIds: [pjApi.myList, pjApi.detailLearner, pjApi.answer],
  menus: [
    { parent: 'ListTrainClass', ...fn('评估问卷列表', PjPerm.LIST, 20) },
    { parent: 'ListTrainClass', ...fn('保存评估问卷', PjPerm.SAVE, 21) },
    { parent: 'ListTrainClass', ...fn('删除评估问卷', PjPerm.DELETE, 22) },
    { parent: 'ListTrainClass', ...fn('评估结果', PjPerm.RESULT, 23) },
  ],
});
