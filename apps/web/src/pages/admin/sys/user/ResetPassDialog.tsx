/**
 * 重置密码 of one or several users (SPEC §5 password rule, §7 /api/sys/user/reset-pass): a new
 * password typed twice ('两次密码输入不一致！') or generated (随机生成, shown so it can be handed on);
 * the users must change it at their next login and their sessions end.
 */
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { CONFIRM_MISMATCH_MSG, passwordSchema } from '@kaopei/contracts/sys-user';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';
import { randomPassword } from './reset-pass';

interface Props {
  /** The users whose password is reset, with a name to show when there is one; open while not null. */
  target: { ids: string[]; name?: string } | null;
  onClose: () => void;
  onDone: () => void;
}

interface Values {
  password?: string;
  confirm?: string;
}

export function ResetPassDialog({ target, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  const generate = () => {
    const password = randomPassword();
    form.setFieldsValue({ password, confirm: password });
    void form.validateFields();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !target) return;
    setSaving(true);
    try {
      await call(userAdminApi.resetPass, { ids: target.ids, password: values.password ?? '' });
      message.success('操作成功！');
      onDone();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const who = target?.name ? `用户 ${target.name}` : `选中的 ${target?.ids.length ?? 0} 个用户`;
  return (
    <Modal
      open={target !== null}
      title="重置密码"
      width={580}
      onCancel={onClose}
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()} data-testid="user-reset-pass-ok">
          确定
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">为{who}设置新密码；用户下次登录时须修改密码，其当前登录随之失效。</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item label="新密码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle rules={[zodRule(passwordSchema)]}>
              <Input placeholder="请输入新密码" maxLength={64} autoComplete="new-password" data-testid="user-reset-pass-password" />
            </Form.Item>
            <Button onClick={generate} data-testid="user-reset-pass-generate">
              随机生成
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (!value) throw new Error('请再次输入密码');
                if (value !== getFieldValue('password')) throw new Error(CONFIRM_MISMATCH_MSG);
              },
            }),
          ]}
        >
          <Input placeholder="请再次输入新密码" maxLength={64} autoComplete="new-password" data-testid="user-reset-pass-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
