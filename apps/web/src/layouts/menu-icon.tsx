/**
 * Admin menu icons by name. A menu's `meta.icon` is the name of an @ant-design/icons component
 * ('DashboardOutlined', 'FormOutlined', 'DatabaseOutlined', 'ProfileOutlined' …); the icon's module is
 * imported only when a menu shows it (one small chunk per icon, never the icon set in the main
 * chunk; the name → loader map itself, icon-loaders.ts, is a lazy chunk too). Unknown names fall back
 * to AppstoreOutlined.
 *
 * LEGACY_ICON_ALIASES maps the short names that release 0.1.0 stored in menus ('dashboard', 'exam',
 * 'repo', 'qu'); it exists only so that databases created by 0.1.0 keep their icons. New menus store
 * component names; do not add aliases for new names.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { IconProps } from './icon-loaders';

export const FALLBACK_ICON = 'AppstoreOutlined';

/** Short names stored by release 0.1.0 only (see the file comment) → icon component name. */
export const LEGACY_ICON_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  dashboard: 'DashboardOutlined',
  exam: 'FormOutlined',
  repo: 'DatabaseOutlined',
  qu: 'ProfileOutlined',
});

/**
 * The icon component name for a stored menu icon: a legacy alias is translated, anything else is
 * returned as is ('' for none). Whether the icon exists is checked when it loads (fallback
 * AppstoreOutlined).
 */
export function iconNameOf(stored: string | undefined | null): string {
  if (!stored) return '';
  return Object.hasOwn(LEGACY_ICON_ALIASES, stored) ? LEGACY_ICON_ALIASES[stored] : stored;
}

/** Empty 1em box in the icon's place (while loading, or when the icon's chunk cannot be fetched). */
function IconPlaceholder({ className, style }: IconProps) {
  return <span className={['anticon', className].filter(Boolean).join(' ')} style={{ width: '1em', height: '1em', ...style }} />;
}

const cache = new Map<string, LazyExoticComponent<ComponentType<IconProps>>>();

function lazyIcon(name: string): LazyExoticComponent<ComponentType<IconProps>> {
  let icon = cache.get(name);
  if (!icon) {
    // A failed fetch leaves an empty box rather than breaking the layout (next page load retries).
    icon = lazy(() =>
      import('./icon-loaders')
        .then((m) => m.loadIcon(name, FALLBACK_ICON))
        .catch(() => ({ default: IconPlaceholder })),
    );
    cache.set(name, icon);
  }
  return icon;
}

/**
 * Renders the icon named `name` (a component name or a 0.1.0 alias; empty or unknown →
 * AppstoreOutlined), loading its module on first use; until it arrives an empty 1em `anticon` span
 * keeps the menu's layout. `className` and `style` go to the icon (antd Menu adds its item-icon
 * class this way).
 */
export function MenuIcon({ name, className, style }: { name: string | undefined } & IconProps) {
  const Icon = lazyIcon(iconNameOf(name) || FALLBACK_ICON);
  return (
    <Suspense fallback={<IconPlaceholder className={className} style={style} />}>
      <Icon className={className} style={style} />
    </Suspense>
  );
}
