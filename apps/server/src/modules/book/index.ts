/**
 * Module book: the wrong book (错题本; issue 9, SPEC §2 /web/book/list/{examId}, §7
 * /api/user/wrong-book/*). Listens to `paper.marked` (module paper) and records the wrong answers of
 * exams that publish their answers; `services.book.record(feed)` for other sources (training).
 */
import { MenuType, QuType } from '@kaopei/contracts';
import { BookSource, bookApi } from '@kaopei/contracts/book';
import { newId } from '../../lib/ids';
import { defineModule } from '../../platform/module';
import { BookService } from './book.service';

declare module '../../platform/services' {
  interface Services {
    book: BookService;
  }
}

export default defineModule({
  name: 'book',
  summary: '错题本',
  // paper: the feed of a marked paper, practice questions and their check; qu: question texts of the list.
  deps: ['paper', 'qu'],
  on: { 'paper.marked': (book) => (e) => book.onPaperMarked(e), 'train.answered': (book) => (e) => book.onTrainAnswered(e) },
  tables: ['el_user_book', 'el_user_book_log'],
  service: (ctx) => new BookService(ctx),
  routes: (r, book) => {
    r.json(bookApi.paging, ({ body, user }) => book.paging(user.userId, body));
    r.json(bookApi.delete, async ({ body, user }) => {
      await book.delete(user.userId, body.ids);
      return null;
    });
    r.json(bookApi.next, ({ body, user }) => book.next(user.userId, body.examId, body.quId));
    r.json(bookApi.check, ({ body, user }) => book.check(user.userId, body));
  },
  owned: [
    {
      kind: 'wrong-book entry',
      create: async ({ services }, userId) => {
        const examId = newId();
        await services.book.record({ userId, examId, source: BookSource.TRAIN, refId: newId(), items: [{ quId: newId(), quType: QuType.SINGLE, isRight: false }] });
        const row = (await services.book.paging(userId, { current: 1, size: 1, params: { examId } })).records[0];
        if (!row) throw new Error('no wrong-book entry was written');
        return row.id;
      },
      calls: [{ endpoint: bookApi.delete, body: (id) => ({ ids: [id] }) }],
    },
  ],
  // An exam id and a question id: the book looked up is always the caller's.
  sharedIds: [bookApi.next, bookApi.check],
  menus: [
    { parent: 'Web', type: MenuType.ROUTE, title: '错题本', path: '/web/book/list/:examId', name: 'BookList', component: 'BookList', hidden: true, noCache: true, activeMenu: '/web/paper', sort: 9, grant: 'all' },
  ],
});
