/**
 * The header user dropdown of the admin and learner layouts (SPEC §2): an optional entry that
 * switches to the other side (学员端 / 管理后台), then 退出登录, which asks '确定注销并退出系统吗？'
 * before logging out.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useAuth } from '../store/auth';

/** The entry above 退出登录; `divider` puts a line between the two. */
export interface UserMenuLink {
  label: string;
  icon: ReactNode;
  to: string;
  divider?: boolean;
}

/** `children` is the trigger button's content (avatar, name); `className` and `testId` go on that button. */
export function UserMenu({ link, className, testId, children }: { link?: UserMenuLink; className: string; testId: string; children: ReactNode }) {
  const { logout } = useAuth();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const onLogout = () => {
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => logout(),
    });
  };

  const items: MenuProps['items'] = [
    ...(link ? [{ key: 'link', icon: link.icon, label: link.label }] : []),
    ...(link?.divider ? [{ type: 'divider' as const }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => (key === 'link' && link ? navigate(link.to) : onLogout()) }}>
      <Button type="text" className={className} data-testid={testId}>
        {children}
      </Button>
    </Dropdown>
  );
}
