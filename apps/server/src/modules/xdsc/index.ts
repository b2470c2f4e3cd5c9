/**
 * Module xdsc: surveys and information collection (信息采集/问卷; issue 13 "Surveys and information
 * collection"; SPEC §2 /m/info/cj, §4 field types and the audio recorder). Admin page 培训管理 →
 * 信息采集 (site-wide forms; a class's forms in the class drawer), the learner's class tab and the
 * phone page /m/info/cj?id=. Files are uploads of module sysFile, checked by url and uploader.
 */
import { MenuType } from '@kaopei/contracts';
import { XdscPerm, xdscApi } from '@kaopei/contracts/xdsc';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { XdscService } from './xdsc.service';

declare module '../../platform/services' {
  interface Services {
    xdsc: XdscService;
  }
}

export default defineModule({
  name: 'xdsc',
  summary: '信息采集（问卷、表单、录音上传）',
  deps: ['trainClass', 'sysFile'],
  tables: ['el_xdsc_form', 'el_xdsc_answer'],
  service: (ctx) => new XdscService(ctx),
  routes: (r, xdsc) => {
    r.json(xdscApi.save, ({ body, user }) => xdsc.save(user, body));
    r.json(xdscApi.detail, ({ body, user }) => xdsc.detail(user, body.id));
    r.json(xdscApi.paging, ({ body, user }) => xdsc.paging(user, body));
    r.json(xdscApi.delete, async ({ body, user }) => {
      await xdsc.delete(user, body.ids);
      return null;
    });
    r.json(xdscApi.state, async ({ body, user }) => {
      await xdsc.setState(user, body.ids, body.state);
      return null;
    });
    r.json(xdscApi.answers, ({ body, user }) => xdsc.answers(user, body));
    r.download(xdscApi.export, async ({ body, user }) => ({ body: await xdsc.exportXlsx(user, body.formId) }));
    r.json(xdscApi.myList, ({ body, user }) => xdsc.myList(user, body));
    r.json(xdscApi.detailLearner, ({ body, user }) => xdsc.detailLearner(user, body.id));
    r.json(xdscApi.submit, async ({ body, user }) => {
      await xdsc.submit(user, body);
      return null;
    });
  },
  // Form ids every learner may ask about (a form not open to him answers 10010003).
  sharedIds: [xdscApi.detailLearner, xdscApi.submit],
  menus: [
    {
      parent: 'TrainClassMgr', type: MenuType.MENU, title: '信息采集', path: '/admin/trainClass/xdsc', name: 'ListXdsc', component: 'ListXdsc', icon: 'FormOutlined', sort: 20,
      children: [fn('信息采集列表', XdscPerm.LIST, 0), fn('保存信息采集', XdscPerm.SAVE, 1), fn('删除信息采集', XdscPerm.DELETE, 2), fn('启用停用', XdscPerm.STATE, 3), fn('查看提交', XdscPerm.ANSWERS, 4)],
    },
  ],
});
