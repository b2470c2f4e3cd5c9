/**
 * Tabs of the class management drawer (ListTrainClass → 管理; issue 13 "Class content"): each part
 * of a class that lives in its own module (face-to-face sessions and attendance, exams, evaluations,
 * discussions, tasks, topics, news, surveys, statistics …) adds one entry here, loaded lazily. A tab
 * is shown when the admin holds one of `perms` (none: always).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { TrainClassPerm, type ClassRecord } from '@kaopei/contracts/train-class';
import { ClassTaskPerm } from '@kaopei/contracts/class-task';
import { DiscussPerm } from '@kaopei/contracts/discuss';
import { PjPerm } from '@kaopei/contracts/pj';
import { XdscPerm } from '@kaopei/contracts/xdsc';

export interface ClassAdminSectionProps {
  cls: ClassRecord;
  /** Call after a change the class list shows (counts). */
  onChanged: () => void;
}

export interface ClassAdminSection {
  /** Tab key and test id suffix (`class-admin-tab-{key}`). */
  key: string;
  title: string;
  perms?: string[];
  Component: LazyExoticComponent<ComponentType<ClassAdminSectionProps>>;
}

/** In tab order; modules append theirs. */
export const CLASS_ADMIN_SECTIONS: ClassAdminSection[] = [
  { key: 'sessions', title: '面授签到', perms: ['train:lesson:list'], Component: lazy(() => import('../class-session/ClassSessionsAdmin')) },
  { key: 'exam', title: '培训考试', perms: ['train:class:exam'], Component: lazy(() => import('../class-exam/ClassExamsAdmin')) },
  { key: 'eval', title: '培训评估', perms: [PjPerm.LIST], Component: lazy(() => import('../pj/PjAdminSection')) },
  { key: 'task', title: '培训任务', perms: [ClassTaskPerm.LIST], Component: lazy(() => import('../class-task/ClassTasksAdmin')) },
  { key: 'discuss', title: '讨论区', perms: [DiscussPerm.MANAGE], Component: lazy(() => import('../discuss/ClassDiscussAdmin')) },
  { key: 'xdsc', title: '信息采集', perms: [XdscPerm.LIST], Component: lazy(() => import('../xdsc/ClassXdscAdmin')) },
  { key: 'news', title: '培训资讯', perms: ['class:news:list'], Component: lazy(() => import('../class-news/ClassNewsAdmin')) },
  { key: 'zt', title: '专题', perms: ['zt:list'], Component: lazy(() => import('../zt/ClassZtAdmin')) },
  { key: 'stat', title: '培训统计', perms: [TrainClassPerm.STAT], Component: lazy(() => import('./ClassStatSection')) },
];
