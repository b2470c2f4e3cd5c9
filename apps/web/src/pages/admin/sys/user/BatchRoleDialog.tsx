/**
 * 设置角色 for the selected users (SPEC §2 batch actions, role multi-select with name and level; §7
 * /api/sys/user/batch-role): the chosen roles ('必须选择一个角色！' from `batchRoleReq`) replace the
 * roles of every selected user.
 */
import { useEffect, useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { batchRoleReq, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { call } from '../../../../api/request';
import { RoleSelect } from '../../../../components/RoleSelect';
import { zodRule } from '../../../../utils/zod-rule';

interface Props {
  /** The users to change; the dialog is open while this is not null. */
  ids: string[] | null;
  onClose: () => void;
  onDone: () => void;
}

export function BatchRoleDialog({ ids, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ roles?: string[] }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (ids) form.resetFields();
  }, [ids, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !ids) return;
    setSaving(true);
    try {
      await call(userAdminApi.batchRole, { ids, roles: values.roles ?? [] });
      message.success('操作成功！');
      onDone();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={ids !== null} title="设置角色" width={580} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText="确定" cancelText="取消" okButtonProps={{ ...({ 'data-testid': 'user-batch-role-ok' } as object) }} forceRender>
      <Typography.Paragraph type="secondary">选中的 {ids?.length ?? 0} 个用户的角色将改为以下角色（原有角色被替换）：</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="roles" label="角色" required rules={[zodRule(batchRoleReq.shape.roles)]}>
          <RoleSelect placeholder="请选择角色" data-testid="user-batch-role-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
