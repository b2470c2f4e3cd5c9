/**
 * The "account binding" tab of the admin user edit dialog (SPEC §2 "User edit dialog with tabs
 * basic info and account binding (binding only for existing users). An admin can bind or unbind a
 * user's mobile directly"; §3 "Login binding"; §4 "Once an admin unbinds a third-party account, only
 * the student can rebind"; §8 '确实要解除用户的手机绑定?', '确实要解除绑定吗?').
 *
 * The user's bindings (/api/sys/user/bind/paging; at most four, one per login type, so one page):
 * mobile in full, third-party accounts masked; the table's empty text is '暂无相关数据！'.
 * 绑定手机号 (when the user has none: bind-info) binds a number directly; 解绑 on the mobile line
 * unbinds it directly; 解绑 on a third-party line removes it (unbind-by-id) after a confirmation
 * saying that only the user can bind again. There is no admin bind of a third-party account.
 * Buttons for holders of sys:user:bind.
 *
 *   <UserBindPanel userId={record.id} />
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { mobileSchema } from '@kaopei/contracts/sms';
import { BIND_MSG, bindApi, BindPerm, LoginType, type BindRecord } from '@kaopei/contracts/sys-bind';
import { call } from '../../api/request';
import { zodRule } from '../../utils/zod-rule';
import { PermButton, RowAction } from '../Perm';
import { LOGIN_TYPE_ICON } from './login-types';

export default function UserBindPanel({ userId }: { userId: string }) {
  const { message, modal } = App.useApp();
  // At most one binding per login type: one page of 10 always holds them all.
  const list = useQuery({ queryKey: ['user-bind-paging', userId], queryFn: () => call(bindApi.paging, { current: 1, size: 10, params: { userId } }) });
  const mobile = useQuery({ queryKey: ['user-bind-info', userId], queryFn: () => call(bindApi.bindInfo, { loginType: LoginType.MOBILE, userId }) });
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ mobile: string }>();
  const reload = () => {
    void list.refetch();
    void mobile.refetch();
  };

  const unbindMobile = (number: string) =>
    modal.confirm({
      title: '提示',
      content: BIND_MSG.confirmAdminUnbindMobile,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(bindApi.directUnbind, { mobile: number, userId });
          message.success(BIND_MSG.mobileUnbound);
          reload();
        } catch {
          // shown by the request helper
        }
      },
    });

  const unbindAccount = (r: BindRecord) =>
    modal.confirm({
      title: '提示',
      content: (
        <>
          <div>{BIND_MSG.confirmUnbind}</div>
          <Typography.Text type="secondary">{BIND_MSG.adminUnbindHint}</Typography.Text>
        </>
      ),
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await call(bindApi.unbindById, { id: r.id });
          message.success(BIND_MSG.unbound);
          reload();
        } catch {
          // shown by the request helper
        }
      },
    });

  const bindMobile = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(bindApi.directBind, { mobile: v.mobile.trim(), userId });
      message.success(BIND_MSG.mobileBound);
      form.resetFields();
      setAdding(false);
      reload();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<BindRecord> = [
    {
      title: '登录方式',
      dataIndex: 'loginType_dictText',
      width: 130,
      render: (_, r) => (
        <Space size={6}>
          {LOGIN_TYPE_ICON[r.loginType]}
          {r.loginType_dictText}
        </Space>
      ),
    },
    { title: '账号', dataIndex: 'openId', ellipsis: true },
    { title: '绑定时间', dataIndex: 'createTime', width: 170 },
    { title: '操作人', dataIndex: 'createBy_dictText', width: 110 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => (
        <RowAction
          code={BindPerm.BIND}
          danger
          data-testid={`user-bind-unbind-${r.loginType}`}
          onClick={() => (r.loginType === LoginType.MOBILE ? unbindMobile(r.openId) : unbindAccount(r))}
        >
          解绑
        </RowAction>
      ),
    },
  ];

  return (
    <div data-testid="user-bind-panel">
      {mobile.data && !mobile.data.bound ? (
        <Space className="list-toolbar">
          <PermButton code={BindPerm.BIND} type="primary" icon={<PlusOutlined />} data-testid="user-bind-mobile-add" onClick={() => setAdding(true)}>
            绑定手机号
          </PermButton>
        </Space>
      ) : null}
      <Table<BindRecord>
        size="middle"
        rowKey={(r) => r.id || r.loginType}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 560 }}
      />
      <Modal
        open={adding}
        title="绑定手机号"
        width={420}
        onCancel={() => setAdding(false)}
        onOk={() => void bindMobile()}
        confirmLoading={saving}
        okText="绑定"
        cancelText="取消"
        okButtonProps={{ ...{ 'data-testid': 'user-bind-mobile-ok' } }}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" autoComplete="off">
          <Form.Item name="mobile" label="手机号" required rules={[zodRule(mobileSchema)]}>
            <Input placeholder="请输入手机号" maxLength={11} data-testid="user-bind-mobile-input" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
