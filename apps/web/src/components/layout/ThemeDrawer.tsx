/**
 * The page-style drawer of the admin layout (SPEC §2 "A page-style drawer with a theme colour
 * picker (default #409EFF)"; SPEC §3 static UI flags): 主题色 (antd's primary colour for the whole
 * app), 开启 Tags-View, 固定 Header, 侧边栏 Logo, and 恢复默认. Every change applies at once and is
 * kept in this browser (store/settings.ts).
 *
 * The colour picker is the browser's own (`<input type="color">`) beside a row of preset swatches:
 * antd's ColorPicker would drag its code into the chunk every page loads first (antd's Button
 * imports a helper from the ColorPicker's presets module, which then brings the picker along), and
 * the exam page's JS budget has no room for it.
 *
 * Loaded lazily by AdminLayout when first opened.
 */
import { useEffect, useRef } from 'react';
import { Button, Divider, Drawer, Switch } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { DEFAULT_SETTINGS, DEFAULT_THEME, isThemeColour, updateSettings, useSettings, type UiSettings } from '../../store/settings';

/** The colours offered beside the picker (the spec's default first). */
export const THEME_PRESETS = [DEFAULT_THEME, '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'];

type Flag = 'tagsView' | 'fixedHeader' | 'sidebarLogo';

const FLAGS: { key: Flag; label: string }[] = [
  { key: 'tagsView', label: '开启 Tags-View' },
  { key: 'fixedHeader', label: '固定 Header' },
  { key: 'sidebarLogo', label: '侧边栏 Logo' },
];

const testIdOf = (key: Flag) => `setting-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The browser's colour picker showing `value`; a colour is applied when the picker is closed (the
 * native `change` event), not at every step of a drag (which would restyle the whole app each time).
 */
function ThemeColourInput({ value }: { value: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input) return undefined;
    const apply = () => {
      const hex = input.value.toUpperCase();
      if (isThemeColour(hex)) updateSettings({ theme: hex });
    };
    input.addEventListener('change', apply);
    return () => input.removeEventListener('change', apply);
  }, []);
  useEffect(() => {
    if (ref.current && ref.current.value.toUpperCase() !== value) ref.current.value = value.toLowerCase();
  }, [value]);
  return (
    <span className="theme-colour">
      <input ref={ref} type="color" defaultValue={value.toLowerCase()} aria-label="主题色" data-testid="setting-theme" />
      <code data-testid="setting-theme-value">{value}</code>
    </span>
  );
}

/** The drawer itself; `open` / `onClose` are the layout's (the gear button). */
export default function ThemeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettings();
  const setFlag = (key: Flag, value: boolean) => updateSettings({ [key]: value } as Partial<UiSettings>);

  return (
    <Drawer title="系统布局配置" open={open} onClose={onClose} size={300} className="theme-drawer" data-testid="theme-drawer">
      <div className="setting-item">
        <span>主题色</span>
        <ThemeColourInput value={settings.theme} />
      </div>
      <div className="theme-swatches" role="radiogroup" aria-label="推荐主题色">
        {THEME_PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={settings.theme === c}
            aria-label={c}
            title={c}
            className="theme-swatch"
            style={{ background: c }}
            onClick={() => updateSettings({ theme: c })}
            data-testid={`theme-swatch-${c.slice(1)}`}
          >
            {settings.theme === c ? <CheckOutlined /> : null}
          </button>
        ))}
      </div>
      <Divider />
      {FLAGS.map((f) => (
        <div className="setting-item" key={f.key}>
          <span>{f.label}</span>
          <Switch checked={settings[f.key]} onChange={(v) => setFlag(f.key, v)} data-testid={testIdOf(f.key)} />
        </div>
      ))}
      <Divider />
      <Button
        block
        onClick={() => updateSettings({ theme: DEFAULT_SETTINGS.theme, tagsView: DEFAULT_SETTINGS.tagsView, fixedHeader: DEFAULT_SETTINGS.fixedHeader, sidebarLogo: DEFAULT_SETTINGS.sidebarLogo })}
        data-testid="setting-reset"
      >
        恢复默认
      </Button>
    </Drawer>
  );
}
