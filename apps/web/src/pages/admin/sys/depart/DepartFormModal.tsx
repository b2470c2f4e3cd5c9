/**
 * Add / edit a department in a 580 px dialog (SPEC §9 dialog widths): the parent (fixed: shown, not
 * chosen), the name and sfyxjbm (允许下级部门: learners of the unit fill in their sub-department),
 * rules from contracts `departSaveReq` → /api/sys/depart/save. The code is given by the server
 * (shown when editing). Editing loads the department first.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { departApi, departSaveReq, SFYXJBM_LABEL, type DepartNode } from '@kaopei/contracts/sys-depart';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';

/** What the dialog edits: a new department under `parent` (null: a root), or department `id`. */
export type DepartFormTarget = { kind: 'add'; parent: DepartNode | null } | { kind: 'edit'; id: string };

interface Props {
  target: DepartFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  deptName: string;
  sfyxjbm: 0 | 1;
}

const SFYXJBM_OPTIONS = [1, 0].map((value) => ({ value, label: SFYXJBM_LABEL[value] }));

export function DepartFormModal({ target, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const editId = target?.kind === 'edit' ? target.id : undefined;
  const detail = useQuery({ queryKey: ['depart-detail', editId], queryFn: () => call(departApi.detail, { id: editId ?? '' }), enabled: Boolean(editId) });

  useEffect(() => {
    if (!target) return;
    if (target.kind === 'add') form.setFieldsValue({ deptName: '', sfyxjbm: 0 });
    else if (detail.data) form.setFieldsValue({ deptName: detail.data.deptName, sfyxjbm: detail.data.sfyxjbm === 1 ? 1 : 0 });
  }, [target, detail.data, form]);

  const parentName = target?.kind === 'add' ? (target.parent?.deptName ?? '') : (detail.data?.parentName ?? '');

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !target) return;
    setSaving(true);
    try {
      const base = { deptName: values.deptName.trim(), sfyxjbm: values.sfyxjbm };
      await call(departApi.save, target.kind === 'edit' ? { id: target.id, ...base } : { parentId: target.parent?.id ?? '', ...base });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const title = target?.kind === 'edit' ? '编辑部门' : target?.parent ? '添加下级部门' : '添加顶级部门';
  return (
    <Modal open={Boolean(target)} title={title} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(editId) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item label="上级部门">
            <Typography.Text data-testid="depart-form-parent">{parentName || '无（顶级部门）'}</Typography.Text>
          </Form.Item>
          <Form.Item label="部门编码">
            <Typography.Text type={editId ? undefined : 'secondary'}>{editId ? (detail.data?.deptCode ?? '') : '保存后由系统按上级部门生成'}</Typography.Text>
          </Form.Item>
          <Form.Item name="deptName" label="部门名称" required rules={[zodRule(departSaveReq.shape.deptName)]}>
            <Input placeholder="请输入部门名称" maxLength={100} data-testid="depart-name" />
          </Form.Item>
          <Form.Item name="sfyxjbm" label="允许下级部门" extra="选“是”时，学员选择该单位后还需填写所在的下级部门名称。">
            <Radio.Group options={SFYXJBM_OPTIONS} data-testid="depart-sfyxjbm" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
