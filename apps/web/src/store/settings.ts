/**
 * UI settings of this browser (SPEC §2 "Admin layout", §3 static UI flags, §9 theme default):
 * primary colour (default #409EFF), size (SPEC "font size switcher": default, medium, small, mini),
 * the layout flags tagsView, fixedHeader and sidebarLogo, and whether the admin sidebar is collapsed.
 * Kept in localStorage (`kaopei-settings`) and shared by every tab (the `storage` event).
 *
 * This module is part of the entry chunk (App.tsx applies the theme and size to every page), so it
 * stays small and imports nothing but React.
 */
import { useSyncExternalStore } from 'react';

/** SPEC §9 theme default colour. */
export const DEFAULT_THEME = '#409EFF';

/** The four sizes of SPEC §2 / §9 ("Fonts sizes: default, medium, small, mini"). */
export const SIZE_NAMES = ['default', 'medium', 'small', 'mini'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

/** Labels of the font size switcher. */
export const SIZE_LABEL: Record<SizeName, string> = { default: '默认', medium: '中等', small: '较小', mini: '迷你' };

/** What a size means for antd: the ConfigProvider `componentSize` and the tokens fontSize / controlHeight (px). */
export interface SizePreset {
  componentSize: 'middle' | 'small';
  fontSize: number;
  controlHeight: number;
}

/**
 * default is antd's own look (14 px text, 32 px controls); each step is a little smaller, as
 * element-ui's default/medium/small/mini went 40/36/32/28 px: medium 14 px / 28 px, small antd's
 * small components (24 px) with 13 px text, mini 12 px text and 21 px controls (antd derives the
 * small control height as 0.75 × controlHeight).
 */
export const SIZE_PRESETS: Record<SizeName, SizePreset> = {
  default: { componentSize: 'middle', fontSize: 14, controlHeight: 32 },
  medium: { componentSize: 'middle', fontSize: 14, controlHeight: 28 },
  small: { componentSize: 'small', fontSize: 13, controlHeight: 32 },
  mini: { componentSize: 'small', fontSize: 12, controlHeight: 28 },
};

export interface UiSettings {
  /** Primary colour, `#rrggbb`. */
  theme: string;
  size: SizeName;
  /** Show the tags-view tabs (and keep visited views alive). */
  tagsView: boolean;
  /** Keep the header (and the tabs) at the top while the page scrolls. */
  fixedHeader: boolean;
  /** Show the logo and site name above the sidebar menu. */
  sidebarLogo: boolean;
  /** Admin sidebar collapsed to icons (wide screens). */
  sidebarCollapsed: boolean;
}

export const DEFAULT_SETTINGS: Readonly<UiSettings> = Object.freeze({
  theme: DEFAULT_THEME,
  size: 'default',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  sidebarCollapsed: false,
});

export const SETTINGS_KEY = 'kaopei-settings';

const HEX = /^#[0-9a-f]{6}$/i;

/** True for a colour this store accepts (`#rrggbb`). */
export function isThemeColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/**
 * Settings from their stored JSON: every field that is missing or malformed takes its value in
 * `base` (the defaults), so a hand-edited or older value never breaks the app. Pure.
 */
export function parseSettings(raw: string | null | undefined, base: Readonly<UiSettings> = DEFAULT_SETTINGS): UiSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // a broken value: defaults
  }
  const flag = (key: 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'sidebarCollapsed') =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : base[key];
  return {
    theme: isThemeColour(stored.theme) ? stored.theme.toUpperCase() : base.theme,
    size: SIZE_NAMES.includes(stored.size as SizeName) ? (stored.size as SizeName) : base.size,
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    sidebarCollapsed: flag('sidebarCollapsed'),
  };
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SETTINGS_KEY);
  } catch {
    return null;
  }
}

let current: UiSettings = parseSettings(readStored());
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** The settings now (same object until they change). */
export function getSettings(): UiSettings {
  return current;
}

/** Changes some settings, stores them (when localStorage works) and re-renders their users. Invalid values are ignored. */
export function updateSettings(patch: Partial<UiSettings>): void {
  const next = parseSettings(JSON.stringify(patch), current);
  if (JSON.stringify(next) === JSON.stringify(current)) return;
  current = next;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // private mode or storage full: the change holds for this visit
  }
  emit();
}

function onStorage(e: StorageEvent) {
  if (e.key !== SETTINGS_KEY) return;
  current = parseSettings(e.newValue);
  emit();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The current settings; the component re-renders when they change (in this tab or another). */
export function useSettings(): UiSettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}

/** One setting; the component re-renders only when that one changes (App.tsx: theme and size, not the sidebar state). */
export function useSetting<K extends keyof UiSettings>(key: K): UiSettings[K] {
  const read = () => current[key];
  return useSyncExternalStore(subscribe, read, read);
}
