/**
 * Loaders of every @ant-design/icons icon by component name. This module (a map of ~850
 * import functions) is itself loaded lazily by menu-icon.tsx, so neither it nor any icon is in a
 * layout's critical path; each icon is its own small chunk, fetched when a menu shows it.
 */
import type { ComponentType, CSSProperties } from 'react';

/** Props the menu passes to an icon. */
export type IconProps = { className?: string; style?: CSSProperties };
type IconModule = { default: ComponentType<IconProps> };

/**
 * The icon modules of the ES build of @ant-design/icons, hoisted to the repository's node_modules
 * (keys '../../../../node_modules/@ant-design/icons/es/icons/DashboardOutlined.js'). `exhaustive` lets
 * the glob look inside node_modules; the package's index.js (which imports every icon) is excluded.
 * (The glob's `base` option would shorten the keys but yields an empty map in Vite 8's build.)
 */
const ICON_MODULES = import.meta.glob<IconModule>(['../../../../node_modules/@ant-design/icons/es/icons/*.js', '!**/index.js'], { exhaustive: true });

/** Component name → loader, e.g. 'DashboardOutlined' → () => import(…/DashboardOutlined.js). */
export const ICON_LOADERS: Readonly<Record<string, () => Promise<IconModule>>> = Object.freeze(
  Object.fromEntries(Object.entries(ICON_MODULES).map(([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -'.js'.length), load])),
);

/** True when `name` is an icon component of @ant-design/icons ('DashboardOutlined'). */
export function hasIcon(name: string): boolean {
  return Object.hasOwn(ICON_LOADERS, name);
}

/**
 * Loads the icon component `name`, or `fallback` when there is no such icon. Rejects only when the
 * chunk cannot be fetched (or neither name exists).
 */
export async function loadIcon(name: string, fallback: string): Promise<IconModule> {
  const load = ICON_LOADERS[hasIcon(name) ? name : fallback];
  if (!load) throw new Error(`no icon ${name} (nor ${fallback}) in @ant-design/icons`);
  return load();
}
