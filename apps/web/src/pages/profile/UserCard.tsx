/**
 * The user card beside the profile tabs (SPEC §2 "Personal info page"): the avatar (修改头像 opens
 * the avatar dialog), user name, real name, unit (and department name), mobile number and email.
 *
 * Test ids: `profile-card`, `profile-avatar` (the avatar image or icon), `avatar-open`.
 */
import { useState } from 'react';
import { Avatar, Button, Card, Descriptions, Skeleton } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useAuth } from '../../store/auth';
import AvatarDialog, { type AvatarDialogProps } from './AvatarDialog';
import { useProfile } from './profile-query';

export default function UserCard({ side }: { side: AvatarDialogProps['side'] }) {
  const { user } = useAuth();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const p = profile.data;
  const avatar = user?.avatar || p?.avatar || undefined;

  return (
    <Card title="个人信息" data-testid="profile-card">
      <div style={{ textAlign: 'center', marginBottom: 16 }}>
        <Avatar size={96} src={avatar} icon={<UserOutlined />} data-testid="profile-avatar" />
        <div style={{ marginTop: 12 }}>
          <Button size="small" onClick={() => setOpen(true)} data-testid="avatar-open">
            修改头像
          </Button>
        </div>
      </div>
      {p ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="用户名">{p.userName}</Descriptions.Item>
          <Descriptions.Item label="姓名">{user?.realName || p.realName || '-'}</Descriptions.Item>
          <Descriptions.Item label="所属单位">{[p.deptCode_dictText, p.bmmc].filter(Boolean).join(' / ') || '-'}</Descriptions.Item>
          <Descriptions.Item label="手机号">{p.mobile || '未绑定'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{p.email || '-'}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      )}
      <AvatarDialog open={open} onClose={() => setOpen(false)} side={side} />
    </Card>
  );
}
