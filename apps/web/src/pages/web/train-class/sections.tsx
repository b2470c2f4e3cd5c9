/**
 * Sections of the learner's class page (/web/webclassapply/info; issue 13 "Class content"): each
 * part of a class that lives in its own module (face-to-face sessions, live sessions, exams,
 * evaluations, discussions, tasks, topics, surveys …) declares its tab in its own page folder's
 * views.ts (`export const classTabs: ClassTabDef[]`), and the page shows the tabs after 培训课程 in
 * `order`, each loaded lazily; no shared list is edited per module. A section gets the class detail as the learner sees it; it is
 * shown only to enrolled learners unless `public` is set.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClassLearnDetail } from '@kaopei/contracts/train-class';
import { VIEW_MODULES } from '../../../router/registry';

export interface ClassSectionProps {
  detail: ClassLearnDetail;
  /** Call after a change that may move the learner's progress (the page reloads its detail). */
  onChanged: () => void;
}

/** A tab a page folder declares in its views.ts as `classTabs`. */
export interface ClassTabDef {
  /** Tab key and test id suffix (`class-tab-{key}`). */
  key: string;
  title: string;
  /** Smaller first. */
  order: number;
  /** Also shown to learners who are not enrolled (e.g. news). */
  public?: boolean;
  load: () => Promise<{ default: ComponentType<ClassSectionProps> }>;
}

export type ClassSection = Omit<ClassTabDef, 'load'> & { Component: LazyExoticComponent<ComponentType<ClassSectionProps>> };

/** Every folder's `classTabs`, in `order` (a key declared twice keeps the first folder). */
export const CLASS_SECTIONS: ClassSection[] = collectTabs<ClassTabDef>('classTabs').map(({ load, ...def }) => ({ ...def, Component: lazy(load) }));

/** The `name` entries of every views.ts, by order then key, first folder winning a key declared twice. */
export function collectTabs<T extends { key: string; order: number }>(name: string, modules: Record<string, unknown> = VIEW_MODULES): T[] {
  const byKey = new Map<string, T>();
  for (const file of Object.keys(modules).sort()) {
    for (const def of ((modules[file] as Record<string, unknown> | undefined)?.[name] as T[] | undefined) ?? []) {
      if (byKey.has(def.key)) console.error(`[class] 培训班标签 "${def.key}" 重复注册：${file}`);
      else byKey.set(def.key, def);
    }
  }
  return [...byKey.values()].sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}
