/**
 * Icon chooser (SPEC §2 "icon chooser"): a form control whose value is an @ant-design/icons
 * component name ('TeamOutlined'), the name a menu stores in `icon`. It shows the chosen icon and its
 * name (typed names are accepted); 选择 opens a panel with the icon set, filtered by a keyword and a
 * style (线框 Outlined, 实底 Filled, 双色 TwoTone), a page of ICONS_PER_PAGE icons at a time. Icons are
 * drawn with the layouts' MenuIcon: the name list (layouts/icon-loaders.ts) is fetched when the panel
 * first opens, and each icon is its own small chunk, fetched when its page shows it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Input, Pagination, Popover, Segmented, Space, Spin, Tooltip } from 'antd';
import { MenuIcon } from '../layouts/menu-icon';

/** Icons on one page of the panel. */
export const ICONS_PER_PAGE = 48;

export const ICON_STYLES = [
  { value: 'Outlined', label: '线框' },
  { value: 'Filled', label: '实底' },
  { value: 'TwoTone', label: '双色' },
] as const;
type IconStyle = (typeof ICON_STYLES)[number]['value'];

/** Icon names of `style` whose name contains `keyword` (case-insensitive), in name order. */
export function filterIcons(names: readonly string[], style: string, keyword: string): string[] {
  const k = keyword.trim().toLowerCase();
  return names.filter((n) => n.endsWith(style) && (!k || n.toLowerCase().includes(k))).sort();
}

let namesPromise: Promise<string[]> | null = null;
/** Every icon name of @ant-design/icons (loaded once). */
function loadNames(): Promise<string[]> {
  namesPromise ??= import('../layouts/icon-loaders').then((m) => Object.keys(m.ICON_LOADERS)).catch((err: unknown) => {
    namesPromise = null;
    throw err;
  });
  return namesPromise;
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

function IconPanel({ value, onPick }: { value: string; onPick: (name: string) => void }) {
  const [names, setNames] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [style, setStyle] = useState<IconStyle>(ICON_STYLES.find((s) => value.endsWith(s.value))?.value ?? 'Outlined');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    let alive = true;
    loadNames().then(
      (list) => alive && setNames(list),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);

  const shown = useMemo(() => filterIcons(names ?? [], style, keyword), [names, style, keyword]);
  const pageItems = shown.slice((page - 1) * ICONS_PER_PAGE, page * ICONS_PER_PAGE);

  return (
    <div className="icon-chooser-panel" style={{ width: 420 }}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search
          allowClear
          placeholder="搜索图标名称"
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v);
            setPage(1);
          }}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
        />
        <Segmented<IconStyle>
          value={style}
          options={ICON_STYLES.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(v) => {
            setStyle(v);
            setPage(1);
          }}
        />
      </Space>
      {failed ? (
        <Empty description="图标加载失败，请刷新页面后重试" />
      ) : !names ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : shown.length === 0 ? (
        <Empty description="没有找到图标" />
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 4 }}>
            {pageItems.map((name) => (
              <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                <Button
                  type={name === value ? 'primary' : 'text'}
                  aria-label={name}
                  data-testid={`icon-${name}`}
                  style={{ fontSize: 18, height: 40 }}
                  onClick={() => onPick(name)}
                  icon={<MenuIcon name={name} />}
                />
              </Tooltip>
            ))}
          </div>
          <Pagination size="small" style={{ marginTop: 8, textAlign: 'right' }} current={page} pageSize={ICONS_PER_PAGE} total={shown.length} showSizeChanger={false} onChange={setPage} simple />
        </>
      )}
    </div>
  );
}

export function IconChooser({ value = '', onChange, disabled, placeholder = '请选择图标' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        allowClear
        prefix={value ? <MenuIcon name={value} /> : undefined}
        onChange={(e) => onChange?.(e.target.value.trim())}
        data-testid="icon-chooser-input"
      />
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open && !disabled}
        onOpenChange={setOpen}
        destroyOnHidden
        content={
          <IconPanel
            value={value}
            onPick={(name) => {
              onChange?.(name);
              setOpen(false);
            }}
          />
        }
      >
        <Button disabled={disabled} data-testid="icon-chooser-open">
          选择
        </Button>
      </Popover>
    </Space.Compact>
  );
}
