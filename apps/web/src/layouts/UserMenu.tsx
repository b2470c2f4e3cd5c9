/**
 * The header user dropdown of the admin and learner layouts (SPEC §2): the entries given (the admin
 * navbar: 个人中心 → /profile/index, 学员首页 → /web/home; the learner header: 管理后台 for admins),
 * then 退出登录, which asks '确定注销并退出系统吗？' (SPEC §5 "Logout asks a confirmation") before
 * logging out; logging out also closes the opened views of the tags view (SPEC §4 Session).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { LOGOUT_CONFIRM, useAuth } from '../store/auth';
import { tagsStore } from '../store/tags';

/** An entry above 退出登录; `divider` puts a line below it. */
export interface UserMenuLink {
  label: string;
  icon: ReactNode;
  to: string;
  divider?: boolean;
}

export { LOGOUT_CONFIRM };

/** `children` is the trigger button's content (avatar, name); `className` and `testId` go on that button. Entries carry `${testId}-link-{i}` and `${testId}-logout`. */
export function UserMenu({ links = [], className, testId, children }: { links?: UserMenuLink[]; className: string; testId: string; children: ReactNode }) {
  const { logout } = useAuth();
  const { modal } = App.useApp();
  const navigate = useNavigate();

  const onLogout = () => {
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        tagsStore.clear();
        return logout();
      },
    });
  };

  const items: MenuProps['items'] = [
    ...links.flatMap((link, i) => [
      { key: `link-${i}`, icon: link.icon, label: <span data-testid={`${testId}-link-${i}`}>{link.label}</span> },
      ...(link.divider ? [{ type: 'divider' as const }] : []),
    ]),
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid={`${testId}-logout`}>退出登录</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') return onLogout();
    const link = links[Number(key.slice('link-'.length))];
    if (link) navigate(link.to);
  };

  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" className={className} data-testid={testId}>
        {children}
      </Button>
    </Dropdown>
  );
}
