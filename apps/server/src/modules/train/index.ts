/**
 * Module train: question-bank training (issue 10; SPEC §2 /web/repo/*, §3 "Train record", §4,
 * §7 /api/repo/train/*). Learner pages 题库训练 (/web/repo) with its hidden bank, training and
 * result routes; the admin's preview routes MyRepoView and MyRepoTraining (SPEC §2) and the
 * training statistics of a bank (RepoTrainStat), all hidden routes under 考试管理.
 */
import { MenuType } from '@kaopei/contracts';
import { trainApi } from '@kaopei/contracts/train';
import { defineModule } from '../../platform/module';
import { TrainService } from './train.service';

declare module '../../platform/services' {
  interface Services {
    train: TrainService;
  }
}

/**
 * `train.answered`: a learner checked a question in a scored training mode (emitted in the check's
 * transaction, once per record and question). For the wrong book (issue 10): a wrong answer enters it.
 */
export interface TrainAnsweredEvent {
  userId: string;
  repoId: string;
  trainId: string;
  /** The top-level question (a combined question counts as one). */
  quId: string;
  quType: number;
  isRight: boolean;
  mode: number;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'train.answered': TrainAnsweredEvent;
  }
}

export default defineModule({
  name: 'train',
  summary: '题库训练',
  // sysRole: the data scope of the statistics; book: the questions of wrong-question mode (5).
  deps: ['repo', 'qu', 'sysRole', 'book'],
  tables: ['el_train', 'el_train_qu'],
  service: (ctx) => new TrainService(ctx),
  routes: (r, trains) => {
    r.json(trainApi.start, ({ body, user }) => trains.start(user, body));
    r.json(trainApi.detail, ({ body, user }) => trains.detail(user.userId, body.id));
    r.json(trainApi.card, ({ body, user }) => trains.card(user.userId, body.id));
    r.json(trainApi.quDetail, ({ body, user }) => trains.quDetail(user.userId, body.trainId, body.quId));
    r.json(trainApi.fill, ({ body, user }) => trains.fill(user.userId, body));
    r.json(trainApi.check, ({ body, user }) => trains.check(user.userId, body));
    r.json(trainApi.finish, ({ body, user }) => trains.finish(user.userId, body.id));
    r.json(trainApi.paging, ({ body, user }) => trains.paging(user.userId, body));
    r.json(trainApi.overview, ({ body, user }) => trains.overview(user.userId, body.repoId));
    r.json(trainApi.stat, ({ body, user }) => trains.stat(user, body.repoId));
    r.download(trainApi.statExport, async ({ body, user }) => ({ body: await trains.statExport(user, body.repoId) }));
  },
  owned: [
    {
      kind: 'train',
      create: async ({ services }, userId) => {
        const bank = (await services.repo.paging({ current: 1, size: 100, params: { isTrain: 1 } })).records.find((b) => b.quCount > 0);
        if (!bank) throw new Error('no bank open for training');
        return (await services.train.start({ userId, deptCode: '' }, { mode: 1, repoId: bank.id, clear: false })).id;
      },
      calls: [
        { endpoint: trainApi.detail, body: (id) => ({ id }) },
        { endpoint: trainApi.card, body: (id) => ({ id }) },
        { endpoint: trainApi.quDetail, body: (id) => ({ trainId: id, quId: '1' }) },
        { endpoint: trainApi.fill, body: (id) => ({ trainId: id, quId: '1', answers: [] }) },
        { endpoint: trainApi.check, body: (id) => ({ trainId: id, quId: '1', answers: [] }) },
        { endpoint: trainApi.finish, body: (id) => ({ id }) },
      ],
    },
  ],
  // A bank open for training is open to every learner.
  sharedIds: [trainApi.start, trainApi.overview],
  menus: [
    { parent: 'Web', type: MenuType.MENU, title: '题库训练', path: '/web/repo', name: 'MyRepo', component: 'MyRepo', sort: 3, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '题库详情', path: '/web/repo/view/:repoId', name: 'WebRepoView', component: 'MyRepoView', hidden: true, activeMenu: '/web/repo', sort: 31, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '开始训练', path: '/web/repo/training/:repoId/:mode', name: 'WebRepoTraining', component: 'MyRepoTraining', hidden: true, noCache: true, activeMenu: '/web/repo', sort: 32, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '训练结果', path: '/web/repo/repo/:trainId', name: 'WebRepoResult', component: 'MyRepoResult', hidden: true, noCache: true, activeMenu: '/web/repo', sort: 33, grant: 'all' },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '题库详情', path: '/admin/exam/repo/view/:repoId', name: 'MyRepoView', component: 'MyRepoView', hidden: true, activeMenu: '/admin/exam/repo', sort: 20 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '题库训练', path: '/admin/exam/repo/training/:repoId/:mode', name: 'MyRepoTraining', component: 'MyRepoTraining', hidden: true, noCache: true, activeMenu: '/admin/exam/repo', sort: 21 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '训练结果', path: '/admin/exam/repo/result/:trainId', name: 'MyRepoResult', component: 'MyRepoResult', hidden: true, noCache: true, activeMenu: '/admin/exam/repo', sort: 22 },
    { parent: 'ExamMgr', type: MenuType.ROUTE, title: '训练统计', path: '/admin/exam/repo/train-stat/:repoId', name: 'RepoTrainStat', component: 'RepoTrainStat', hidden: true, activeMenu: '/admin/exam/repo', sort: 23 },
  ],
});
