/**
 * Sections of the learner's class page (/web/webclassapply/info; issue 13 "Class content"): each
 * part of a class that lives in its own module (face-to-face sessions, live sessions, exams,
 * evaluations, discussions, tasks, topics, surveys …) adds one entry here, and the page shows it as a
 * tab after 培训课程, loaded lazily. A section gets the class detail as the learner sees it; it is
 * shown only to enrolled learners unless `public` is set.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClassLearnDetail } from '@kaopei/contracts/train-class';

export interface ClassSectionProps {
  detail: ClassLearnDetail;
  /** Call after a change that may move the learner's progress (the page reloads its detail). */
  onChanged: () => void;
}

export interface ClassSection {
  /** Tab key and test id suffix (`class-tab-{key}`). */
  key: string;
  title: string;
  /** Also shown to learners who are not enrolled (e.g. news). */
  public?: boolean;
  Component: LazyExoticComponent<ComponentType<ClassSectionProps>>;
}

/** In tab order; modules append theirs. */
export const CLASS_SECTIONS: ClassSection[] = [
  { key: 'sessions', title: '面授培训', Component: lazy(() => import('../class-session/ClassSessionsSection')) },
  { key: 'live', title: '直播课堂', Component: lazy(() => import('../live/ClassLiveSection')) },
  { key: 'exam', title: '培训考试', Component: lazy(() => import('../class-exam/ClassExamsSection')) },
  { key: 'eval', title: '培训评估', Component: lazy(() => import('../pj/PjLearnSection')) },
  { key: 'task', title: '培训任务', Component: lazy(() => import('../class-task/ClassTasksSection')) },
  { key: 'discuss', title: '讨论区', Component: lazy(() => import('../discuss/ClassDiscussSection')) },
  { key: 'xdsc', title: '信息采集', Component: lazy(() => import('../xdsc/ClassXdscSection')) },
  { key: 'zt', title: '专题学习', Component: lazy(() => import('../zt/ClassZtSection')) },
  { key: 'news', title: '培训资讯', public: true, Component: lazy(() => import('../state/ClassNewsSection')) },
];
