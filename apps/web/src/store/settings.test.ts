/** UI settings (SPEC §2 admin layout, §3 static UI flags, §9 theme default #409EFF): parsing what localStorage holds. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, DEFAULT_THEME, getSettings, isThemeColour, parseSettings, SIZE_NAMES, SIZE_PRESETS, updateSettings } from './settings';

describe('UI settings', () => {
  it('defaults to the spec theme colour, the default size and the layout flags on', () => {
    expect(DEFAULT_THEME).toBe('#409EFF');
    expect(parseSettings(null)).toEqual({ theme: '#409EFF', size: 'default', tagsView: true, fixedHeader: true, sidebarLogo: true, sidebarCollapsed: false });
    expect(parseSettings('')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid stored values and replaces malformed ones field by field', () => {
    expect(parseSettings(JSON.stringify({ theme: '#13c2c2', size: 'mini', tagsView: false, fixedHeader: false, sidebarLogo: false, sidebarCollapsed: true }))).toEqual({
      theme: '#13C2C2',
      size: 'mini',
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: false,
      sidebarCollapsed: true,
    });
    expect(parseSettings(JSON.stringify({ theme: 'red', size: 'huge', tagsView: 'yes', fixedHeader: 0 }))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{broken')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('"#ff0000"')).toEqual(DEFAULT_SETTINGS);
  });

  it('accepts #rrggbb colours only', () => {
    expect(isThemeColour('#409EFF')).toBe(true);
    expect(isThemeColour('#409eff')).toBe(true);
    expect(isThemeColour('#409eff80')).toBe(false);
    expect(isThemeColour('#fff')).toBe(false);
    expect(isThemeColour('rgb(1,2,3)')).toBe(false);
  });

  it('has the four sizes of the font size switcher, each smaller than the one before', () => {
    expect(SIZE_NAMES).toEqual(['default', 'medium', 'small', 'mini']);
    const heights = SIZE_NAMES.map((n) => (SIZE_PRESETS[n].componentSize === 'small' ? SIZE_PRESETS[n].controlHeight * 0.75 : SIZE_PRESETS[n].controlHeight));
    const fonts = SIZE_NAMES.map((n) => SIZE_PRESETS[n].fontSize);
    for (let i = 1; i < 4; i++) {
      expect(heights[i]).toBeLessThan(heights[i - 1]);
      expect(fonts[i]).toBeLessThanOrEqual(fonts[i - 1]);
    }
    expect(SIZE_PRESETS.default).toEqual({ componentSize: 'middle', fontSize: 14, controlHeight: 32 });
  });

  it('updates in memory without localStorage (node), ignoring invalid values', () => {
    updateSettings({ size: 'small', theme: '#13c2c2' });
    expect(getSettings()).toMatchObject({ size: 'small', theme: '#13C2C2' });
    updateSettings({ theme: 'blue', tagsView: false });
    expect(getSettings()).toMatchObject({ size: 'small', theme: '#13C2C2', tagsView: false });
    updateSettings({ ...DEFAULT_SETTINGS });
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
  });
});
