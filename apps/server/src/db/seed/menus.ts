/**
 * The built-in menu tree (SPEC §2 routes, §6 permissions). Type 1 menu, 2 function (permission
 * code), 3 route (hidden page). `web: true` trees are granted to learners too.
 */
import { MenuType, Perm } from '@kaopei/contracts';

export interface MenuSeed {
  type: number;
  title: string;
  path?: string;
  name?: string;
  component?: string;
  redirect?: string;
  permission?: string;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  children?: MenuSeed[];
}

const fn = (title: string, permission: string): MenuSeed => ({ type: MenuType.FUNCTION, title, permission });

export const ADMIN_MENUS: MenuSeed[] = [
  {
    type: MenuType.MENU, title: '首页', path: '/admin', name: 'Admin', component: 'Layout', redirect: '/admin/dashboard', icon: 'dashboard',
    children: [
      { type: MenuType.MENU, title: '控制台', path: '/admin/dashboard', name: 'Dashboard', component: 'Dashboard', icon: 'dashboard', affix: true, children: [fn('查看统计', Perm.DASHBOARD)] },
    ],
  },
  {
    type: MenuType.MENU, title: '考试管理', path: '/admin/exam', name: 'ExamMgr', component: 'Layout', redirect: '/admin/exam/repo', alwaysShow: true, icon: 'exam',
    children: [
      {
        type: MenuType.MENU, title: '题库管理', path: '/admin/exam/repo', name: 'ListRepo', component: 'ListRepo', icon: 'repo',
        children: [fn('题库列表', Perm.REPO_LIST), fn('添加题库', Perm.REPO_ADD), fn('修改题库', Perm.REPO_UPDATE), fn('删除题库', Perm.REPO_DELETE)],
      },
      {
        type: MenuType.MENU, title: '试题管理', path: '/admin/exam/qu', name: 'QuList', component: 'QuList', icon: 'qu',
        children: [fn('试题列表', Perm.QU_LIST), fn('添加试题', Perm.QU_ADD), fn('修改试题', Perm.QU_UPDATE), fn('删除试题', Perm.QU_DELETE), fn('导入试题', Perm.QU_IMPORT)],
      },
      { type: MenuType.ROUTE, title: '添加试题', path: '/admin/exam/qu/add', name: 'AddQu', component: 'QuForm', hidden: true, noCache: true, activeMenu: '/admin/exam/qu' },
      { type: MenuType.ROUTE, title: '修改试题', path: '/admin/exam/qu/update/:id', name: 'UpdateQu', component: 'QuForm', hidden: true, noCache: true, activeMenu: '/admin/exam/qu' },
      {
        type: MenuType.MENU, title: '考试管理', path: '/admin/exam/exam', name: 'ListExam', component: 'ListExam', icon: 'exam',
        children: [fn('考试列表', Perm.EXAM_LIST), fn('添加考试', Perm.EXAM_ADD), fn('修改考试', Perm.EXAM_UPDATE), fn('删除考试', Perm.EXAM_DELETE), fn('启用禁用', Perm.EXAM_STATE)],
      },
      { type: MenuType.ROUTE, title: '添加考试', path: '/admin/exam/exam/add', name: 'AddExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam' },
      { type: MenuType.ROUTE, title: '修改考试', path: '/admin/exam/exam/update/:id', name: 'UpdateExam', component: 'ExamForm', hidden: true, noCache: true, activeMenu: '/admin/exam/exam' },
    ],
  },
];

export const WEB_MENUS: MenuSeed[] = [
  {
    type: MenuType.MENU, title: '学员端', path: '/web', name: 'Web', component: 'WebLayout', redirect: '/web/home',
    children: [
      { type: MenuType.MENU, title: '首页', path: '/web/home', name: 'WebHome', component: 'WebHome' },
      { type: MenuType.MENU, title: '在线考试', path: '/web/index', name: 'OnlineExam', component: 'OnlineExam' },
      { type: MenuType.MENU, title: '我的成绩', path: '/web/paper', name: 'MyPaper', component: 'MyPaper' },
      { type: MenuType.ROUTE, title: '考试须知', path: '/web/exam/check/:id', name: 'ExamCheck', component: 'ExamCheck', hidden: true, activeMenu: '/web/index' },
      { type: MenuType.ROUTE, title: '开始考试', path: '/web/exam/start/:id', name: 'ExamStart', component: 'ExamStart', hidden: true, noCache: true, activeMenu: '/web/index' },
      { type: MenuType.ROUTE, title: '考试结果', path: '/web/exam/result/:id/:from', name: 'ExamResult', component: 'ExamResult', hidden: true, noCache: true, activeMenu: '/web/paper' },
    ],
  },
];
