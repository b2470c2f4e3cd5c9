/**
 * Tabs of the class management drawer (ListTrainClass → 管理; issue 13 "Class content"): each part
 * of a class that lives in its own module (face-to-face sessions and attendance, exams, evaluations,
 * discussions, tasks, topics, news, surveys, statistics …) adds one entry here, loaded lazily. A tab
 * is shown when the admin holds one of `perms` (none: always).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClassRecord } from '@kaopei/contracts/train-class';

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
  // { key: 'sessions', title: '面授签到', perms: [...], Component: lazy(() => import('../class-session/ClassSessionsAdmin')) },
  { key: 'news', title: '培训资讯', perms: ['class:news:list'], Component: lazy(() => import('../class-news/ClassNewsAdmin')) },
  { key: 'zt', title: '专题', perms: ['zt:list'], Component: lazy(() => import('../zt/ClassZtAdmin')) },
];

// `lazy` is imported for the entries above.
void lazy;
