/**
 * Component-name → lazily loaded view registry (SPEC §2: any component name other than 'Layout' and
 * 'WebLayout' is a lazily loaded view). Names the server sends that are missing here are logged and
 * skipped (SPEC §8 "A missing add route only logs").
 *
 * The registry is assembled from the page folders: every `src/pages/**\/views.ts` exports
 * `export const views = { ListRepo: () => import('./ListRepo'), … } satisfies ViewLoaders`, and is
 * picked up by `import.meta.glob` — adding a domain's pages edits no file here. A name declared by two
 * folders is an error (logged with console.error); the first folder in path order wins.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** What a page folder's views.ts exports: component name → import of a module whose default export is the view. */
export type ViewLoaders = Record<string, () => Promise<{ default: ComponentType }>>;

/** A lazily loaded component that can start loading its chunk before it renders. */
export type LazyView = LazyExoticComponent<ComponentType> & {
  /** Starts (or joins) the download of the view's chunk; never rejects (a failure shows when it renders). */
  preload: () => void;
};

export const LAYOUT = 'Layout';
export const WEB_LAYOUT = 'WebLayout';

/** Wraps `loader` in React.lazy and adds `preload()`; the module system caches the import, so both share one download. */
export function lazyView(loader: () => Promise<{ default: ComponentType }>): LazyView {
  const view = lazy(loader) as LazyView;
  view.preload = () => {
    loader().catch(() => undefined);
  };
  return view;
}

/** One registered view: its loader and the views.ts that declared it. */
export interface ViewEntry {
  load: () => Promise<{ default: ComponentType }>;
  source: string;
}

/**
 * Merges the `views` of several views.ts modules (`{ [file]: { views } }`, in the order given) into
 * one name → entry map. A name declared twice keeps the first declaration and calls `onDuplicate`
 * with a message naming both files; a module without a `views` object is reported the same way.
 */
export function mergeViews(
  modules: Record<string, { views?: ViewLoaders }>,
  onDuplicate: (message: string) => void = (message) => console.error(message),
): Record<string, ViewEntry> {
  const out: Record<string, ViewEntry> = {};
  for (const file of Object.keys(modules).sort()) {
    const views = modules[file]?.views;
    if (!views || typeof views !== 'object') {
      onDuplicate(`[router] ${file} 没有导出 views 对象，已忽略。`);
      continue;
    }
    for (const [name, load] of Object.entries(views)) {
      const first = out[name];
      if (first) {
        onDuplicate(`[router] 组件名 "${name}" 重复注册：${first.source} 与 ${file}；使用 ${first.source}。`);
        continue;
      }
      out[name] = { load, source: file };
    }
  }
  return out;
}

/**
 * What a page folder's views.ts may export: `views` (this file), and the extension points of
 * router/extensions.ts (`openPages`, `ucTabs`).
 */
export interface PageFolder {
  views?: ViewLoaders;
  openPages?: readonly import('./extensions').OpenPageDef[];
  ucTabs?: readonly import('./extensions').UcTabDef[];
  mobilePages?: readonly import('./extensions').MobilePageDef[];
  visitorPages?: readonly import('./extensions').VisitorPageDef[];
}

/** Every page folder's views.ts (eager: the files are tiny, the views themselves stay lazy). */
export const VIEW_MODULES = import.meta.glob<PageFolder>('../pages/**/views.ts', { eager: true });

const entries = mergeViews(VIEW_MODULES);

/** Component name → lazy view, for every name declared in a views.ts. */
export const viewRegistry: Readonly<Record<string, LazyView>> = Object.freeze(
  Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, lazyView(entry.load)])),
);

const warned = new Set<string>();

/**
 * The view of a component name, or null when the name is unknown (logged with console.warn once
 * per name; `path` is the route that asked for it, for the message).
 */
export function resolveView(name: string, path: string): LazyView | null {
  const view = Object.hasOwn(viewRegistry, name) ? viewRegistry[name] : undefined;
  if (view) return view;
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`[router] 未注册的组件 "${name}"（路由 ${path}），已忽略。`);
  }
  return null;
}
