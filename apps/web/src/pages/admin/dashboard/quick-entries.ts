/**
 * The dashboard's quick-entry cards (SPEC §2 Dashboard; SPEC §6 codes exam:add, course:add, repo:list,
 * cert:list, sys:notice:list "for the dashboard cards"): 创建考试, 添加课程, 题库管理, 证书管理, and
 * 通知公告. A card needs its permission code; the course and certificate cards also need their page
 * in the user's route tree (found by route name: the site has that module and the user may open the
 * page), and lead to that page's path. The notice card is added only when the other cards number an
 * odd count or fewer than 3. Pure, so the rule is unit-tested (quick-entries.test.ts).
 */
import { ExamPerm } from '@kaopei/contracts/exam';
import { NoticePerm } from '@kaopei/contracts/notice';
import { RepoPerm } from '@kaopei/contracts/repo';
import type { FlatRoute } from '../../../router/tree';

/** Which card (also its test id suffix: `dashboard-entry-{key}`). */
export type QuickEntryKey = 'exam' | 'course' | 'repo' | 'cert' | 'notice';

export interface QuickEntry {
  key: QuickEntryKey;
  title: string;
  desc: string;
  /** Absolute path the card opens. */
  to: string;
}

interface EntryDecl {
  key: QuickEntryKey;
  perm: string;
  title: string;
  desc: string;
  /** A fixed path (modules that always exist) … */
  to?: string;
  /** … or the name of the route whose page the card opens; no such route in the tree = no card. */
  route?: string;
}

/** SPEC §6 codes of modules that may be absent (their contracts are not imported here). */
const COURSE_ADD = 'course:add';
const CERT_LIST = 'cert:list';

/** In SPEC §2 order; the notice card is decided last. */
const ENTRIES: readonly EntryDecl[] = [
  { key: 'exam', perm: ExamPerm.ADD, title: '创建考试', desc: '配置组卷规则，发布一场新的在线考试', to: '/admin/exam/exam/add' },
  { key: 'course', perm: COURSE_ADD, title: '添加课程', desc: '创建课程，上传课件与学习资料', route: 'ListCourse' },
  { key: 'repo', perm: RepoPerm.LIST, title: '题库管理', desc: '维护题库、录入或批量导入试题', to: '/admin/exam/repo' },
  { key: 'cert', perm: CERT_LIST, title: '证书管理', desc: '设计证书模板，查看与撤销发放记录', route: 'ListCert' },
];
const NOTICE: EntryDecl = { key: 'notice', perm: NoticePerm.LIST, title: '通知公告', desc: '发布、置顶或撤回面向学员的系统公告', to: '/admin/sys/notice' };

/**
 * The cards to show, in order, for a user holding the codes `hasPerm` answers true for, whose route
 * tree (flattened) is `routes`.
 */
export function quickEntries(hasPerm: (code: string) => boolean, routes: readonly FlatRoute[]): QuickEntry[] {
  const resolve = (e: EntryDecl): QuickEntry | null => {
    if (!hasPerm(e.perm)) return null;
    const to = e.to ?? routes.find((r) => r.name === e.route)?.path;
    return to ? { key: e.key, title: e.title, desc: e.desc, to } : null;
  };
  const shown = ENTRIES.map(resolve).filter((e): e is QuickEntry => e !== null);
  const notice = shown.length % 2 === 1 || shown.length < 3 ? resolve(NOTICE) : null;
  return notice ? [...shown, notice] : shown;
}
