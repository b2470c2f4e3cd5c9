/**
 * Module battle: answer battles 答题竞赛 (issue 10 "Answer battles"; SPEC §2 AdminBattleList, §3
 * battleCount, §6 moduleBattle). Admin calls behind battle:list/add/update/delete, the learner calls
 * (list, join, room, answer) and the room socket `/api/socket/battle/:battleId`. Declares the admin
 * page AdminBattleList under 考试管理 and the learner pages 答题竞赛 (/web/battle) and the room
 * (/web/battle/room/:id). Everything is hidden and refused while the site flag moduleBattle is off
 * (`enabled`: menus left out of every route tree; calls answer 20090010; sockets closed 1008).
 */
import { MenuType } from '@kaopei/contracts';
import { BATTLE_SOCKET_PATH, BattlePerm, battleApi } from '@kaopei/contracts/battle';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { BattleService } from './battle.service';

declare module '../../platform/services' {
  interface Services {
    battle: BattleService;
  }
}

export default defineModule({
  name: 'battle',
  summary: '答题竞赛',
  deps: ['qu', 'sysConfig'],
  tables: ['el_battle', 'el_battle_qu', 'el_battle_player', 'el_battle_answer'],
  service: (ctx) => new BattleService(ctx),
  enabled: (battles) => battles.enabled(),
  routes: (r, battles) => {
    r.socket<{ battleId: string }>(BATTLE_SOCKET_PATH, ({ socket, user, params }) => battles.hub.connect(socket, user, params.battleId));
    r.json(battleApi.paging, ({ body }) => battles.paging(body));
    r.json(battleApi.detail, ({ body }) => battles.detail(body.id));
    r.json(battleApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? BattlePerm.UPDATE : BattlePerm.ADD);
      return battles.save(body, user.userId);
    });
    r.json(battleApi.delete, async ({ body }) => {
      await battles.delete(body.ids);
      return null;
    });
    r.json(battleApi.ranking, ({ body }) => battles.ranking(body));
    r.download(battleApi.export, ({ body }) => battles.exportRanking(body.battleId));
    r.json(battleApi.webPaging, ({ body, user }) => battles.webPaging(body, user));
    r.json(battleApi.join, ({ body, user }) => battles.join(body.id, user));
    r.json(battleApi.room, ({ body, user }) => battles.room(body.id, user));
    r.json(battleApi.answer, ({ body, user }) => battles.answer(body, user));
  },
  // A battle is open to every learner of its departments: its id is no secret.
  sharedIds: [battleApi.join, battleApi.room, battleApi.answer],
  menus: [
    {
      parent: 'ExamMgr', type: MenuType.MENU, title: '答题竞赛', path: '/admin/exam/battle', name: 'AdminBattleList', component: 'AdminBattleList', icon: 'TrophyOutlined', sort: 9,
      children: [fn('竞赛列表', BattlePerm.LIST, 0), fn('添加竞赛', BattlePerm.ADD, 1), fn('修改竞赛', BattlePerm.UPDATE, 2), fn('删除竞赛', BattlePerm.DELETE, 3)],
    },
    { parent: 'Web', type: MenuType.MENU, title: '答题竞赛', path: '/web/battle', name: 'WebBattle', component: 'WebBattle', sort: 6, grant: 'all' },
    { parent: 'Web', type: MenuType.ROUTE, title: '竞赛房间', path: '/web/battle/room/:id', name: 'BattleRoom', component: 'BattleRoom', hidden: true, noCache: true, activeMenu: '/web/battle', sort: 7, grant: 'all' },
  ],
});
