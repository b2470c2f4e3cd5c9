/**
 * The learner's login-binding list (SPEC §2 "Login-binding list: mobile and WeChat always listed,
 * plus other types the server returns (enterprise WeChat, DingTalk). Each shows bound or not bound
 * with a bind or unbind button"; §4 "SMS and binding"; §6 "Students may bind phone, WeChat,
 * enterprise WeChat and DingTalk"; §8 '确实要解除绑定吗?', '解绑成功!').
 *
 * - Mobile: bind or unbind in MobileBindDialog (SMS code); the list reloads after a change.
 * - Third-party types: unbind after the confirmation; bind sends the browser to the provider with
 *   state bind (it comes back through /login/oauth/<type>, which says '绑定成功!' and returns here).
 *   A type switched off shows its bind button disabled.
 *
 *   <BindList />   (personal centre, /web/uc and /profile/index)
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { BIND_MSG, bindApi, LoginType, maskMobile, type BindListItem, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { call } from '../../api/request';
import { BIND_LIST_KEY, withAlwaysListed } from './bind-utils';
import MobileBindDialog, { type MobileBindType } from './MobileBindDialog';
import { goAuthorize, LOGIN_TYPE_ICON } from './login-types';

export default function BindList() {
  const { message, modal } = App.useApp();
  const location = useLocation();
  const query = useQuery({ queryKey: BIND_LIST_KEY, queryFn: () => call(bindApi.bindList, {}) });
  const [dialog, setDialog] = useState<{ type: MobileBindType; mobile: string } | null>(null);
  const [busy, setBusy] = useState('');

  const bindThirdParty = async (type: ThirdPartyType) => {
    setBusy(type);
    try {
      await goAuthorize(type, 'bind', location.pathname + location.search);
    } catch {
      setBusy(''); // shown by the request helper
    }
  };

  const unbindThirdParty = (item: BindListItem) =>
    modal.confirm({
      title: '提示',
      content: BIND_MSG.confirmUnbind,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(bindApi.unbind, { loginType: item.loginType as ThirdPartyType });
          message.success(BIND_MSG.unbound);
          await query.refetch();
        } catch {
          // shown by the request helper
        }
      },
    });

  const action = (item: BindListItem) => {
    const testId = `bind-action-${item.loginType}`;
    if (item.loginType === LoginType.MOBILE) {
      return item.bound ? (
        <Button danger size="small" data-testid={testId} onClick={() => setDialog({ type: 0, mobile: item.openId })}>
          解绑
        </Button>
      ) : (
        <Button type="primary" size="small" data-testid={testId} onClick={() => setDialog({ type: 1, mobile: '' })}>
          绑定
        </Button>
      );
    }
    if (item.bound) {
      return (
        <Button danger size="small" data-testid={testId} onClick={() => unbindThirdParty(item)}>
          解绑
        </Button>
      );
    }
    const button = (
      <Button type="primary" size="small" data-testid={testId} disabled={!item.canBind} loading={busy === item.loginType} onClick={() => void bindThirdParty(item.loginType as ThirdPartyType)}>
        绑定
      </Button>
    );
    return item.canBind ? button : <Tooltip title={`系统未开启${item.loginType_dictText}登录`}>{button}</Tooltip>;
  };

  if (query.isError) {
    return (
      <Empty description="绑定信息加载失败" data-testid="bind-list-failed">
        <Button onClick={() => void query.refetch()}>重新加载</Button>
      </Empty>
    );
  }

  return (
    <>
      <List<BindListItem>
        data-testid="bind-list"
        loading={query.isLoading}
        dataSource={query.data ? withAlwaysListed(query.data) : []}
        rowKey="loginType"
        renderItem={(item) => (
          <List.Item data-testid={`bind-item-${item.loginType}`} actions={[action(item)]}>
            <List.Item.Meta
              avatar={<span style={{ fontSize: 28 }}>{LOGIN_TYPE_ICON[item.loginType]}</span>}
              title={item.loginType_dictText}
              description={
                <Space size={8} wrap data-testid={`bind-status-${item.loginType}`}>
                  {item.bound ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
                  {item.bound ? <Typography.Text>{item.loginType === LoginType.MOBILE ? maskMobile(item.openId) : item.openId}</Typography.Text> : null}
                  {item.bound && item.createTime ? <Typography.Text type="secondary">{item.createTime}</Typography.Text> : null}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <MobileBindDialog
        open={dialog !== null}
        type={dialog?.type ?? 1}
        mobile={dialog?.mobile ?? ''}
        onClose={() => setDialog(null)}
        onDone={() => void query.refetch()}
      />
    </>
  );
}
