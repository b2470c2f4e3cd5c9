/**
 * Font size switcher of the admin header (SPEC §2 "font size switcher (default, medium, small,
 * mini)"; SPEC §8 success '字体切换成功！'): a dropdown of the four sizes, the current one checked;
 * choosing one resizes the whole app at once (antd componentSize and base font size, App.tsx) and is
 * kept in this browser (store/settings.ts).
 */
import { App, Button, Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { SIZE_LABEL, SIZE_NAMES, updateSettings, useSettings, type SizeName } from '../../store/settings';

export const SIZE_SWITCHED = '字体切换成功！';

/** The header button with the size dropdown. */
export function FontSizeSwitch() {
  const { size } = useSettings();
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZE_NAMES.map((name) => ({ key: name, label: <span data-testid={`size-${name}`}>{SIZE_LABEL[name]}</span> })),
        onClick: ({ key }) => {
          if (key === size) return;
          updateSettings({ size: key as SizeName });
          void message.success(SIZE_SWITCHED);
        },
      }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label="字体大小" title="字体大小" data-testid="size-switch" />
    </Dropdown>
  );
}
