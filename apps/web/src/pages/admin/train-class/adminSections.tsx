/**
 * Tabs of the class management drawer (ListTrainClass → 管理; issue 13 "Class content"): each part
 * of a class that lives in its own module (face-to-face sessions and attendance, exams, evaluations,
 * discussions, tasks, topics, news, surveys, statistics …) declares its tab in its own page folder's
 * views.ts (`export const classAdminTabs: ClassAdminTabDef[]`), loaded lazily, in `order`. A tab is
 * shown when the admin holds one of `perms` (none: always).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ClassRecord } from '@kaopei/contracts/train-class';
import { collectTabs } from '../../web/train-class/sections';

export interface ClassAdminSectionProps {
  cls: ClassRecord;
  /** Call after a change the class list shows (counts). */
  onChanged: () => void;
}

/** A drawer tab a page folder declares in its views.ts as `classAdminTabs`. */
export interface ClassAdminTabDef {
  /** Tab key and test id suffix (`class-admin-tab-{key}`). */
  key: string;
  title: string;
  /** Smaller first. */
  order: number;
  perms?: string[];
  load: () => Promise<{ default: ComponentType<ClassAdminSectionProps> }>;
}

export type ClassAdminSection = Omit<ClassAdminTabDef, 'load'> & { Component: LazyExoticComponent<ComponentType<ClassAdminSectionProps>> };

/** Every folder's `classAdminTabs`, in `order`. */
export const CLASS_ADMIN_SECTIONS: ClassAdminSection[] = collectTabs<ClassAdminTabDef>('classAdminTabs').map(({ load, ...def }) => ({ ...def, Component: lazy(load) }));
