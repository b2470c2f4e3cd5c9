/**
 * Extension points of the web app that a page folder declares in its views.ts, next to its views, so
 * that a domain's web side is its folder and no shared file lists it (the module platform's rule,
 * docs/add-a-domain.md):
 * - `openPages: OpenPageDef[]` — pages anyone may open whatever the session: no login asked, none of
 *   the learner redirects (real-name, password), outside every layout. Example: the certificate
 *   verification page a certificate's QR code opens, `/cert/verify/:certNo`. The guard treats the
 *   path's fixed part (before the first `:param`) and everything below it as open.
 * - `ucTabs: UcTabDef[]` — tabs of the learner's personal centre /web/uc after 个人资料 and 修改密码,
 *   in `order`; `?to=<key>` opens one.
 * - `mobilePages: MobilePageDef[]` — pages of the phone site under /m (SPEC §2 mobile routes, e.g.
 *   /m/info/bjInfo), signed in like any page (the guard sends visitors to /login?redirect=), outside
 *   the web and admin layouts, in a phone-width column (`.m-page`).
 * - `visitorPages: VisitorPageDef[]` — pages of the learner layout a visitor (no token) may open too,
 *   SPEC §2 "Pages reachable without login" (/web/state, /web/state/details): `view` is a component
 *   name of the view registry. A visitor has no route tree, so the router adds these routes inside
 *   the web layout (and its header shows them) whenever the session's tree does not hold the path;
 *   the path must be one of the guard's PUBLIC_PATHS (or below one).
 * A key or path declared twice is reported with console.error and the first folder (path order) wins.
 */
import type { ComponentType } from 'react';
import { lazyView, VIEW_MODULES, type LazyView, type PageFolder } from './registry';

type Loader = () => Promise<{ default: ComponentType }>;

/** A page open to everybody (see the module doc). `path` is a react-router pattern starting with a fixed segment. */
export interface OpenPageDef {
  path: string;
  /** Document title (SPEC §2 "<route title> - <siteName>"). */
  title: string;
  load: Loader;
}

/** A tab of /web/uc: `key` is also the `?to=` value and the test id `profile-tab-{key}`. */
export interface UcTabDef {
  key: string;
  label: string;
  /** Smaller first; the built-in tabs 个人资料 and 修改密码 always come before. */
  order: number;
  load: Loader;
}

/** A learner-layout page visitors may open (see the module doc). */
export interface VisitorPageDef {
  path: string;
  /** Document title and header entry title. */
  title: string;
  /** Component name in the view registry (a views.ts entry). */
  view: string;
  /** Listed in the header for visitors (a detail page is not). */
  menu?: boolean;
}

/** A page of the phone site (see the module doc); `path` starts with `/m/`. */
export type MobilePageDef = OpenPageDef;

export type OpenPage = OpenPageDef & { view: LazyView; prefix: string };
export type MobilePage = MobilePageDef & { view: LazyView };
export type UcTab = UcTabDef & { view: LazyView };

/** The fixed part of a route pattern, before its first `:param` or `*` (`/cert/verify/:certNo` → `/cert/verify`). */
export function fixedPrefix(path: string): string {
  const cut = path.search(/\/[:*]/);
  return cut < 0 ? path : path.slice(0, cut);
}

/**
 * Collects the extension points of several views.ts modules (`{ [file]: PageFolder }`): open pages
 * in path order, tabs by `order` then key. Duplicates (same path, same tab key) keep the first file
 * in path order and call `onDuplicate` with a message naming both.
 */
export function collectExtensions(
  modules: Record<string, PageFolder>,
  onDuplicate: (message: string) => void = (message) => console.error(message),
): { openPages: OpenPage[]; ucTabs: UcTab[]; mobilePages: MobilePage[]; visitorPages: VisitorPageDef[] } {
  const pages = new Map<string, { def: OpenPageDef; file: string }>();
  const tabs = new Map<string, { def: UcTabDef; file: string }>();
  const mobile = new Map<string, { def: MobilePageDef; file: string }>();
  const visitor = new Map<string, { def: VisitorPageDef; file: string }>();
  for (const file of Object.keys(modules).sort()) {
    const folder = modules[file] ?? {};
    for (const def of folder.openPages ?? []) {
      const first = pages.get(def.path);
      if (first) onDuplicate(`[router] 公开页面 "${def.path}" 重复注册：${first.file} 与 ${file}；使用 ${first.file}。`);
      else pages.set(def.path, { def, file });
    }
    for (const def of folder.mobilePages ?? []) {
      const first = mobile.get(def.path);
      if (first) onDuplicate(`[router] 移动端页面 "${def.path}" 重复注册：${first.file} 与 ${file}；使用 ${first.file}。`);
      else mobile.set(def.path, { def, file });
    }
    for (const def of folder.visitorPages ?? []) {
      const first = visitor.get(def.path);
      if (first) onDuplicate(`[router] 访客页面 "${def.path}" 重复注册：${first.file} 与 ${file}；使用 ${first.file}。`);
      else visitor.set(def.path, { def, file });
    }
    for (const def of folder.ucTabs ?? []) {
      const first = tabs.get(def.key);
      if (first) onDuplicate(`[router] 个人中心标签 "${def.key}" 重复注册：${first.file} 与 ${file}；使用 ${first.file}。`);
      else tabs.set(def.key, { def, file });
    }
  }
  return {
    openPages: [...pages.values()].map(({ def }) => ({ ...def, view: lazyView(def.load), prefix: fixedPrefix(def.path) })).sort((a, b) => a.path.localeCompare(b.path)),
    ucTabs: [...tabs.values()].map(({ def }) => ({ ...def, view: lazyView(def.load) })).sort((a, b) => a.order - b.order || a.key.localeCompare(b.key)),
    mobilePages: [...mobile.values()].map(({ def }) => ({ ...def, view: lazyView(def.load) })).sort((a, b) => a.path.localeCompare(b.path)),
    visitorPages: [...visitor.values()].map(({ def }) => def).sort((a, b) => a.path.localeCompare(b.path)),
  };
}

const collected = collectExtensions(VIEW_MODULES);

/** Every open page the folders declare. */
export const openPages: readonly OpenPage[] = Object.freeze(collected.openPages);
/** Every /web/uc tab the folders declare, in order. */
export const ucTabs: readonly UcTab[] = Object.freeze(collected.ucTabs);
/** Every /m page the folders declare. */
export const mobilePages: readonly MobilePage[] = Object.freeze(collected.mobilePages);

/** Every learner-layout page visitors may open, by path. */
export const visitorPages: readonly VisitorPageDef[] = Object.freeze(collected.visitorPages);

/** The open page whose prefix `pathname` is under (see the module doc), if any. */
export function openPageOf(pathname: string): OpenPage | undefined {
  return openPages.find((p) => pathname.startsWith(`${p.prefix}/`) || pathname === p.prefix);
}
