/**
 * Tags view (SPEC §2 "Admin layout"): the admin pages visited in this session, one tab each, with
 * refresh current, close current, close others and close all. Affixed tabs (route meta.affix, e.g.
 * 控制台) come first and are never closed; pages flagged meta.noCache get a tab but are not kept alive.
 *
 * `tagsReducer` is the pure state machine (unit-tested); `tagsStore` holds one state for the app,
 * tied to the session token that opened it (SPEC §4: logout clears the opened views — a new login
 * starts from the affixed tabs). `cachedPaths` chooses the views the layout keeps mounted.
 */
import { useSyncExternalStore } from 'react';

/** One tab. */
export interface TagView {
  /** Pathname of the page (the tab's identity), e.g. /admin/exam/qu/update/12. */
  path: string;
  /** Path with query and hash, where a click on the tab goes back to. */
  fullPath: string;
  /** Route meta.title. */
  title: string;
  /** Route meta.affix: always first, never closed. */
  affix: boolean;
  /** Route meta.noCache: the page is not kept alive when another tab is shown. */
  noCache: boolean;
  /** Bumped by 刷新: the page's view is mounted afresh. */
  nonce: number;
}

export interface TagsState {
  /** Session token the tabs belong to ('' before the first admin page). */
  owner: string;
  views: TagView[];
}

export type TagsAction =
  /** Start over for a session: only the affixed views, in the given order. */
  | { type: 'reset'; owner: string; affix: Omit<TagView, 'nonce'>[] }
  /** A page was opened: add its tab (affixed ones after the other affixed ones), or update its fullPath/title. */
  | { type: 'open'; view: Omit<TagView, 'nonce'> }
  | { type: 'refresh'; path: string }
  /** Close one tab (affixed tabs stay). */
  | { type: 'close'; path: string }
  /** Keep the affixed tabs and `path`. */
  | { type: 'closeOthers'; path: string }
  /** Keep the affixed tabs only. */
  | { type: 'closeAll' };

export const EMPTY_TAGS: TagsState = Object.freeze({ owner: '', views: [] }) as TagsState;

/** Where the admin goes when no tab is left to show. */
export const ADMIN_HOME = '/admin/dashboard';

function insert(views: TagView[], view: TagView): TagView[] {
  if (!view.affix) return [...views, view];
  const at = views.findIndex((v) => !v.affix);
  return at < 0 ? [...views, view] : [...views.slice(0, at), view, ...views.slice(at)];
}

/** The tags state machine. Pure: answers the same state object when nothing changes. */
export function tagsReducer(state: TagsState, action: TagsAction): TagsState {
  switch (action.type) {
    case 'reset': {
      const views: TagView[] = [];
      for (const v of action.affix) if (!views.some((w) => w.path === v.path)) views.push({ ...v, affix: true, nonce: 0 });
      return { owner: action.owner, views };
    }
    case 'open': {
      const { view } = action;
      const i = state.views.findIndex((v) => v.path === view.path);
      if (i < 0) return { ...state, views: insert(state.views, { ...view, nonce: 0 }) };
      const old = state.views[i];
      if (old.fullPath === view.fullPath && old.title === view.title) return state;
      const views = [...state.views];
      views[i] = { ...old, fullPath: view.fullPath, title: view.title };
      return { ...state, views };
    }
    case 'refresh': {
      if (!state.views.some((v) => v.path === action.path)) return state;
      return { ...state, views: state.views.map((v) => (v.path === action.path ? { ...v, nonce: v.nonce + 1 } : v)) };
    }
    case 'close': {
      const views = state.views.filter((v) => v.affix || v.path !== action.path);
      return views.length === state.views.length ? state : { ...state, views };
    }
    case 'closeOthers': {
      const views = state.views.filter((v) => v.affix || v.path === action.path);
      return views.length === state.views.length ? state : { ...state, views };
    }
    case 'closeAll': {
      const views = state.views.filter((v) => v.affix);
      return views.length === state.views.length ? state : { ...state, views };
    }
  }
}

/**
 * Where to go after an action that may have closed the page being shown (`activePath`): null when its
 * tab is still there (stay), else the fullPath of the last tab left, else ADMIN_HOME.
 */
export function landingAfter(next: TagsState, activePath: string): string | null {
  if (next.views.some((v) => v.path === activePath)) return null;
  return next.views.at(-1)?.fullPath ?? ADMIN_HOME;
}

/** How many views are kept alive at most (the least recently shown are let go first; their tabs stay). */
export const MAX_CACHED_VIEWS = 12;

/**
 * The paths of the views to keep mounted while hidden: tabs not flagged noCache, at most `max`,
 * preferring the most recently shown (`recent`: paths, most recent last). Pure.
 */
export function cachedPaths(views: TagView[], recent: readonly string[], max: number = MAX_CACHED_VIEWS): Set<string> {
  const cacheable = new Set(views.filter((v) => !v.noCache).map((v) => v.path));
  const out = new Set<string>();
  for (let i = recent.length - 1; i >= 0 && out.size < max; i--) {
    if (cacheable.has(recent[i])) out.add(recent[i]);
  }
  return out;
}

let state: TagsState = EMPTY_TAGS;
const listeners = new Set<() => void>();

/** The one tags state of the app. */
export const tagsStore = {
  get: (): TagsState => state,
  dispatch(action: TagsAction): TagsState {
    const next = tagsReducer(state, action);
    if (next !== state) {
      state = next;
      for (const l of listeners) l();
    }
    return state;
  },
  /** Forget every tab (logout). */
  clear(): void {
    if (state === EMPTY_TAGS) return;
    state = EMPTY_TAGS;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The tags state; the component re-renders when it changes. */
export function useTags(): TagsState {
  return useSyncExternalStore(tagsStore.subscribe, tagsStore.get, tagsStore.get);
}
