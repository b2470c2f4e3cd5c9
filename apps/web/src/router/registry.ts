/**
 * Component-name → lazily loaded view registry (SPEC §2: any component name other than 'Layout' and
 * 'WebLayout' is a lazily loaded view). Names the server sends that are missing here are logged and
 * skipped (SPEC §8 "A missing add route only logs").
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type View = LazyExoticComponent<ComponentType>;

export const LAYOUT = 'Layout';
export const WEB_LAYOUT = 'WebLayout';

export const viewRegistry: Record<string, View> = {
  Dashboard: lazy(() => import('../pages/admin/dashboard/Dashboard')),
  ListRepo: lazy(() => import('../pages/admin/repo/ListRepo')),
  QuList: lazy(() => import('../pages/admin/qu/QuList')),
  QuForm: lazy(() => import('../pages/admin/qu/QuForm')),
  ListExam: lazy(() => import('../pages/admin/exam/ListExam')),
  ExamForm: lazy(() => import('../pages/admin/exam/ExamForm')),
  WebHome: lazy(() => import('../pages/web/home/WebHome')),
  OnlineExam: lazy(() => import('../pages/web/exam/OnlineExam')),
  ExamCheck: lazy(() => import('../pages/web/exam/ExamCheck')),
  ExamStart: lazy(() => import('../pages/web/exam/ExamStart')),
  ExamResult: lazy(() => import('../pages/web/exam/ExamResult')),
  MyPaper: lazy(() => import('../pages/web/paper/MyPaper')),
};

const warned = new Set<string>();

/** The view of a component name, or null (logged once) when the name is unknown. */
export function resolveView(name: string, path: string): View | null {
  const view = viewRegistry[name];
  if (view) return view;
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`[router] 未注册的组件 "${name}"（路由 ${path}），已忽略。`);
  }
  return null;
}
