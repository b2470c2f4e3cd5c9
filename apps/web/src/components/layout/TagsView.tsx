/**
 * The tags-view tabs under the admin header (SPEC §2 "Admin layout"): one tab per visited admin page
 * (store/tags.ts), the affixed ones first and without a close button. A click shows the page; the
 * close button or 关闭 closes a tab (the shown page's closing goes to the last tab left, or to the
 * dashboard); right-click on a tab, or the ⌄ button at the right end (for the shown page), offers
 * 刷新 (mounts the page afresh), 关闭, 关闭其他 and 关闭所有 (affixed tabs stay). Keyboard: the tabs
 * are antd Tabs (arrow keys move, Enter shows, Delete/Backspace closes the focused closable tab).
 *
 * Loaded lazily by AdminLayout (its place keeps the same height meanwhile).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { landingAfter, tagsReducer, tagsStore, useTags, type TagsAction, type TagView } from '../../store/tags';

type Command = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

const COMMANDS: { key: Command; label: string; icon: ReactNode; testId: string }[] = [
  { key: 'refresh', label: '刷新', icon: <ReloadOutlined />, testId: 'tags-refresh' },
  { key: 'close', label: '关闭', icon: <CloseOutlined />, testId: 'tags-close' },
  { key: 'closeOthers', label: '关闭其他', icon: <MinusCircleOutlined />, testId: 'tags-close-others' },
  { key: 'closeAll', label: '关闭所有', icon: <CloseCircleOutlined />, testId: 'tags-close-all' },
];

function menuFor(view: TagView | undefined, run: (command: Command, view: TagView) => void): MenuProps {
  return {
    items: COMMANDS.map((c) => ({
      key: c.key,
      icon: c.icon,
      disabled: !view || (c.key === 'close' && view.affix),
      label: <span data-testid={c.testId}>{c.label}</span>,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (view) run(key as Command, view);
    },
  };
}

/** `activePath` is the pathname shown now. */
export default function TagsView({ activePath }: { activePath: string }) {
  const { views } = useTags();
  const navigate = useNavigate();
  const active = views.find((v) => v.path === activePath);

  // Leave a page whose tab closes before the tab goes (one render: no remount of the page being left).
  const apply = (action: TagsAction) => {
    const to = landingAfter(tagsReducer(tagsStore.get(), action), activePath);
    if (to) navigate(to);
    tagsStore.dispatch(action);
  };

  const run = (command: Command, view: TagView) => {
    if (command === 'refresh') {
      tagsStore.dispatch({ type: 'refresh', path: view.path });
      if (view.path !== activePath) navigate(view.fullPath);
    } else if (command === 'close') {
      apply({ type: 'close', path: view.path });
    } else if (command === 'closeOthers') {
      if (view.path !== activePath) navigate(view.fullPath);
      tagsStore.dispatch({ type: 'closeOthers', path: view.path });
    } else {
      apply({ type: 'closeAll' });
    }
  };

  return (
    <div className="tags-view" data-testid="tags-view">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={active ? active.path : ''}
        onChange={(key) => {
          const view = views.find((v) => v.path === key);
          if (view) navigate(view.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') apply({ type: 'close', path: key });
        }}
        items={views.map((v) => ({
          key: v.path,
          closable: !v.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(v, run)}>
              <span className="tags-view-title" data-testid={`tag-${v.path}`} data-active={v.path === activePath ? 'true' : undefined}>
                {v.title}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={menuFor(active, run)} placement="bottomRight">
              <Button type="text" size="small" icon={<DownOutlined />} aria-label="标签操作" data-testid="tags-actions" />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
