/**
 * Module discuss: class discussions 讨论区 (issue 13 "Discussions"; /api/discuss). Threads and
 * replies per training class, read and written by the class's enrolled learners and by admins with
 * the class in their data scope; authors delete their own posts, moderators (DiscussPerm.MANAGE)
 * delete any and pin. The admin tab is in the class management drawer, the learner tab on the
 * class page (web pages/admin/discuss, pages/web/discuss).
 */
import { DiscussPerm, discussApi } from '@kaopei/contracts/discuss';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { DiscussService, type DiscussDeps } from './discuss.service';

declare module '../../platform/services' {
  interface Services {
    discuss: DiscussService;
  }
}

export default defineModule({
  name: 'discuss',
  summary: '培训班讨论区',
  deps: ['trainClass'] satisfies DiscussDeps[],
  tables: ['el_discuss_thread', 'el_discuss_reply'],
  service: (ctx) => new DiscussService(ctx),
  routes: (r, discuss) => {
    r.json(discussApi.threadSave, ({ body, user }) => discuss.saveThread(user, body));
    r.json(discussApi.threadPaging, ({ body, user }) => discuss.pageThreads(user, body));
    r.json(discussApi.threadDetail, ({ body, user }) => discuss.threadDetail(user, body.id));
    r.json(discussApi.threadDelete, async ({ body, user }) => {
      await discuss.deleteThreads(user, body.ids);
      return null;
    });
    r.json(discussApi.threadPin, async ({ body, user }) => {
      await discuss.pin(user, body.id, body.pinned);
      return null;
    });
    r.json(discussApi.replySave, ({ body, user }) => discuss.saveReply(user, body));
    r.json(discussApi.replyPaging, ({ body, user }) => discuss.pageReplies(user, body));
    r.json(discussApi.replyDelete, async ({ body, user }) => {
      await discuss.deleteReplies(user, body.ids);
      return null;
    });
  },
  // Class and thread ids: the class answers 10010003 to whoever is neither enrolled nor an admin in scope;
  // deleting checks the author (discuss.test.ts).
  sharedIds: [discussApi.threadSave, discussApi.threadDetail, discussApi.threadDelete, discussApi.replySave, discussApi.replyDelete],
  menus: [{ parent: 'ListTrainClass', ...fn('讨论区管理', DiscussPerm.MANAGE, 20) }],
});
