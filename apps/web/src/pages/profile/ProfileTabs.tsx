/**
 * The personal pages' frame, shared by /profile/index (both layouts) and the learner's /web/uc:
 * the user card on the left (above on small screens) and tabs on the right — 个人资料 (the profile
 * form), 修改密码 (the password form) and whatever the page adds (账号绑定 …). The open tab is the
 * `to` query (`?to=pass` opens the password tab, as the guard's redirect asks), so a tab survives a
 * reload and can be linked.
 *
 * Test ids: `profile-tab-{key}` on each tab's label (keys `info`, `pass`, and the page's own).
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Col, Row, Tabs } from 'antd';
import ProfileForm from './ProfileForm';
import PasswordForm from './PasswordForm';
import UserCard from './UserCard';
import type { AvatarDialogProps } from './AvatarDialog';

/** A tab a page adds after 个人资料 and 修改密码. */
export interface ExtraTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** Tab keys of the profile and the password forms. */
export const INFO_TAB = 'info';
export const PASS_TAB = 'pass';

export default function ProfileTabs({ side, extraTabs = [] }: { side: AvatarDialogProps['side']; extraTabs?: ExtraTab[] }) {
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: INFO_TAB, label: '个人资料', children: <ProfileForm /> },
    { key: PASS_TAB, label: '修改密码', children: <PasswordForm /> },
    ...extraTabs,
  ];
  // `?to=<key>`; `?tab=<key>` is accepted too (the name other pages' links may use).
  const asked = params.get('to') ?? params.get('tab');
  const active = tabs.some((t) => t.key === asked) ? (asked as string) : INFO_TAB;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xl={6}>
        <UserCard side={side} />
      </Col>
      <Col xs={24} lg={17} xl={18}>
        <Card>
          <Tabs
            activeKey={active}
            onChange={(key) => setParams(key === INFO_TAB ? {} : { to: key }, { replace: true })}
            items={tabs.map((t) => ({ key: t.key, label: <span data-testid={`profile-tab-${t.key}`}>{t.label}</span>, children: t.children }))}
            destroyOnHidden
          />
        </Card>
      </Col>
    </Row>
  );
}
