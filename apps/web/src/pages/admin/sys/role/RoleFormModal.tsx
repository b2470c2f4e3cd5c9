/**
 * Add / edit a role in a 580 px dialog (SPEC §3 Role: roleName, roleLevel; §6 roleType 1 learner,
 * 2 admin side; issue 6 data scope: 全部数据 / 本部门及下级部门): rules from contracts `roleSaveReq`
 * → /api/sys/role/save. A built-in role keeps its type (the radio is locked); the data scope matters
 * only for admin-side roles (the select is disabled for learner roles, its value kept).
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { RoleType } from '@kaopei/contracts';
import { DATA_SCOPE_LABEL, dataScopeSchema, DataScope, ROLE_LEVEL_MAX, ROLE_TYPE_LABEL, roleApi, roleLevelSchema, roleNameSchema, roleTypeSchema, type RoleRecord } from '@kaopei/contracts/sys-role';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: RoleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  roleName: string;
  roleLevel: number | null;
  roleType: 1 | 2;
  dataScope: DataScope;
}

const TYPE_OPTIONS = Object.entries(ROLE_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const SCOPE_OPTIONS = Object.entries(DATA_SCOPE_LABEL).map(([value, label]) => ({ value: Number(value), label, 'data-testid': `role-data-scope-option-${value}` }));

export function RoleFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const roleType = Form.useWatch('roleType', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? { roleName: record.roleName, roleLevel: record.roleLevel, roleType: record.roleType === 1 ? 1 : 2, dataScope: record.dataScope === DataScope.DEPT ? DataScope.DEPT : DataScope.ALL }
        : { roleName: '', roleLevel: 1, roleType: 2, dataScope: DataScope.ALL },
    );
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(roleApi.save, { ...(record ? { id: record.id } : {}), roleName: values.roleName.trim(), roleLevel: values.roleLevel ?? 0, roleType: values.roleType, dataScope: values.dataScope });
      message.success('操作成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑角色' : '添加角色'} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="roleName" label="角色名称" required rules={[zodRule(roleNameSchema)]}>
          <Input placeholder="请输入角色名称" maxLength={64} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="roleLevel" label="角色级别" required rules={[zodRule(roleLevelSchema)]} extra="数字越大级别越高">
          <InputNumber min={0} max={ROLE_LEVEL_MAX} precision={0} style={{ width: '100%' }} placeholder="请输入角色级别" data-testid="role-level" />
        </Form.Item>
        <Form.Item name="roleType" label="角色类型" required rules={[zodRule(roleTypeSchema)]} extra={record?.builtIn ? '内置角色的类型不能修改' : '学员只使用学员端；管理员可进入管理后台'}>
          <Radio.Group options={TYPE_OPTIONS} disabled={record?.builtIn} />
        </Form.Item>
        <Form.Item
          name="dataScope"
          label="数据范围"
          required
          rules={[zodRule(dataScopeSchema)]}
          extra={roleType === RoleType.ADMIN ? '管理后台的用户、试卷和成绩列表中可见的数据；用户有多个管理员角色时取最大范围' : '学员角色不使用数据范围'}
        >
          <Select options={SCOPE_OPTIONS} disabled={roleType !== RoleType.ADMIN} data-testid="role-data-scope" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
