/**
 * Add / edit an entry of a dictionary in a 580 px dialog (SPEC §9 dialog widths): parent entry,
 * name (title), value and sort, rules from contracts `dicValueSaveReq` → /api/sys/dic/value/save.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { dicApi, type DicValueNode, dicValueSaveReq } from '@kaopei/contracts/sys-dic';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';
import { parentOptions } from './dic-tree';

interface Props {
  open: boolean;
  dicCode: string;
  /** The entry edited; null to add one. */
  record: DicValueNode | null;
  /** Parent of a new entry ('' at the top). */
  parentId: string;
  /** The dictionary's entries (parent choices). */
  tree: readonly DicValueNode[];
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  parentId?: string;
  title: string;
  value: string;
  sort: number | null;
}

export function DicValueFormModal({ open, dicCode, record, parentId, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const parents = useMemo(() => parentOptions(tree, record?.id), [tree, record]);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      record
        ? { parentId: record.parentId || undefined, title: record.title, value: record.value, sort: record.sort }
        : { parentId: parentId || undefined, title: '', value: '', sort: 0 },
    );
  }, [open, record, parentId, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(dicApi.valueSave, {
        ...(record ? { id: record.id } : {}),
        dicCode,
        parentId: values.parentId ?? '',
        title: values.title.trim(),
        value: values.value.trim(),
        sort: values.sort ?? 0,
      });
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
    <Modal open={open} title={record ? '编辑字典项' : '添加字典项'} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="parentId" label="上级字典项">
          <TreeSelect treeData={parents} allowClear treeDefaultExpandAll placeholder="无（顶级）" showSearch={{ treeNodeFilterProp: 'title' }} />
        </Form.Item>
        <Form.Item name="title" label="字典项名称" required rules={[zodRule(dicValueSaveReq.shape.title)]}>
          <Input placeholder="请输入字典项名称，如 汉族" maxLength={100} data-testid="dic-value-title" />
        </Form.Item>
        <Form.Item name="value" label="字典项值" required rules={[zodRule(dicValueSaveReq.shape.value)]} extra="保存在业务数据中的编码，同一字典内不能重复">
          <Input placeholder="请输入字典项值，如 01" maxLength={64} data-testid="dic-value-value" />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(dicValueSaveReq.shape.sort, { empty: 0 })]}>
          <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
