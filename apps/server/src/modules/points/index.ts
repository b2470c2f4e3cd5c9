/**
 * Module points: the points ledger (issue 7 "Points"; SPEC §3 "Points log", §7
 * /api/user/points/my-paging). Owns every balance; other domains award, spend and credit through
 * its service (points.service.ts), sys-user reads balances and credits imported points through it.
 * Menus: 积分规则 and 积分明细 under 系统管理, and the 调整积分 function of 用户管理.
 */
import { MenuType } from '@kaopei/contracts';
import { PointsPerm, pointsApi } from '@kaopei/contracts/points';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { PointsService } from './points.service';

declare module '../../platform/services' {
  interface Services {
    points: PointsService;
  }
}

export default defineModule({
  name: 'points',
  summary: '积分',
  // sysUser ↔ points is a cycle (sys-user shows balances and credits imports; the ledger checks users), which the registry allows.
  deps: ['sysUser', 'sysRole'],
  on: {
    // Passing an exam: once per exam and learner (refId the exam), however many papers pass.
    'paper.marked': (points) => async (e) => (e.passed ? points.award(null, { userId: e.userId, ruleKey: 'exam_pass', refId: e.examId, refRemark: `通过考试：${e.examTitle}` }) : null),
    'user.firstLoginOfDay': (points) => (e) => points.dailyLogin(e.userId, e.loginTime),
  },
  tables: ['user_points', 'user_points_log', 'user_points_rule'],
  service: (ctx) => new PointsService(ctx),
  routes: (r, points) => {
    r.json(pointsApi.myPaging, ({ body, user }) => points.myPaging(user, body));
    r.json(pointsApi.myBalance, ({ user }) => points.myBalance(user));
    r.json(pointsApi.paging, ({ body, user }) => points.paging(body, user));
    r.json(pointsApi.adjust, ({ body, user }) => points.adjust(body, user));
    r.json(pointsApi.ruleList, () => points.rules());
    r.json(pointsApi.ruleSave, async ({ body, user }) => {
      await points.saveRule(body, user.userId);
      return null;
    });
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '积分规则', path: '/admin/sys/points-rule', name: 'PointsRule', component: 'PointsRule', icon: 'GiftOutlined', sort: 10,
      children: [fn('积分规则列表', PointsPerm.RULE_LIST, 0), fn('修改积分规则', PointsPerm.RULE_UPDATE, 1)],
    },
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '积分明细', path: '/admin/sys/points-log', name: 'ListPointsLog', component: 'ListPointsLog', icon: 'AccountBookOutlined', sort: 11,
      children: [fn('积分明细列表', PointsPerm.LIST, 0)],
    },
    { parent: 'ListUser', ...fn('调整积分', PointsPerm.ADJUST, 8) },
  ],
  start: (points) => points.seedRules(),
});
