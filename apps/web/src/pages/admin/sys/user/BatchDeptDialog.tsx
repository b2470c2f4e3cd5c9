/**
 * 设置部门 for the selected users (SPEC §2 batch actions, §7 /api/sys/user/batch-dept): one
 * department (DepartSelect, '部门不能为空！' from `batchDeptReq`) → every selected user moves there.
 */
import { useEffect, useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { batchDeptReq, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { call } from '../../../../api/request';
import { DepartSelect } from '../../../../components/DepartSelect';
import { zodRule } from '../../../../utils/zod-rule';

interface Props {
  /** The users to move; the dialog is open while this is not null. */
  ids: string[] | null;
  onClose: () => void;
  onDone: () => void;
}

export function BatchDeptDialog({ ids, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ deptCode?: string }>();
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
      await call(userAdminApi.batchDept, { ids, deptCode: values.deptCode ?? '' });
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
    <Modal open={ids !== null} title="设置部门" width={580} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText="确定" cancelText="取消" okButtonProps={{ ...({ 'data-testid': 'user-batch-dept-ok' } as object) }} forceRender>
      <Typography.Paragraph type="secondary">将选中的 {ids?.length ?? 0} 个用户调整到以下部门：</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="deptCode" label="部门" required rules={[zodRule(batchDeptReq.shape.deptCode)]}>
          <DepartSelect placeholder="请选择部门" data-testid="user-batch-dept-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
