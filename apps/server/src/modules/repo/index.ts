/** Module repo: question banks and their chapters (SPEC §3 "Question bank", §7 /api/repo/*). Declares the 考试管理 menu root. */
import { MenuType } from '@kaopei/contracts';
import { RepoPerm, repoApi } from '@kaopei/contracts/repo';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { RepoService } from './repo.service';

declare module '../../platform/services' {
  interface Services {
    repo: RepoService;
  }
}

export default defineModule({
  name: 'repo',
  summary: '题库',
  deps: ['qu', 'exam'],
  tables: ['el_repo', 'el_repo_chapter'],
  service: (ctx) => new RepoService(ctx),
  routes: (r, repos) => {
    // Learners (no repo:list) see the banks open for training only (issue 10).
    r.json(repoApi.paging, ({ body, user }) => repos.paging(body, !user.permissions.includes(RepoPerm.LIST)));
    r.json(repoApi.detail, ({ body, user }) => repos.detail(body.id, !user.permissions.includes(RepoPerm.LIST)));
    r.json(repoApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? RepoPerm.UPDATE : RepoPerm.ADD);
      return repos.save(body, user.userId);
    });
    r.json(repoApi.delete, async ({ body }) => {
      await repos.delete(body.ids);
      return null;
    });
    r.json(repoApi.chapterGroup, ({ body }) => repos.chapterGroup(body.repoIds));
    r.json(repoApi.chapterList, ({ body }) => repos.chapterList(body.repoId, body.title));
    r.json(repoApi.chapterSave, ({ body }) => repos.chapterSave(body));
    r.json(repoApi.chapterDelete, async ({ body }) => {
      await repos.chapterDelete(body.ids);
      return null;
    });
    r.json(repoApi.chapterSort, async ({ body }) => {
      await repos.chapterSort(body.repoId, body.ids);
      return null;
    });
  },
  // A learner may read any bank open for training (detail answers 10010003 for the others).
  sharedIds: [repoApi.detail],
  menus: [
    {
      type: MenuType.MENU, title: '考试管理', path: '/admin/exam', name: 'ExamMgr', component: 'Layout', redirect: '/admin/exam/repo', alwaysShow: true, icon: 'FormOutlined', sort: 1,
      children: [
        {
          type: MenuType.MENU, title: '题库管理', path: '/admin/exam/repo', name: 'ListRepo', component: 'ListRepo', icon: 'DatabaseOutlined', sort: 0,
          children: [fn('题库列表', RepoPerm.LIST, 0), fn('添加题库', RepoPerm.ADD, 1), fn('修改题库', RepoPerm.UPDATE, 2), fn('删除题库', RepoPerm.DELETE, 3)],
        },
      ],
    },
  ],
});
