/**
 * Add / edit a dictionary in a 580 px dialog (SPEC §9 dialog widths): parent dictionary, name, code
 * (fixed once created), sort and remark, rules from contracts `dicSaveReq` → /api/sys/dic/save.
 * Editing loads the dictionary with /api/sys/dic/detail first.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Spin, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { dicApi, type DicNode, dicSaveReq } from '@kaopei/contracts/sys-dic';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';
import { parentOptions } from './dic-tree';

interface Props {
  open: boolean;
  /** The dictionary edited; null to add one. */
  record: DicNode | null;
  /** The category tree (parent choices). */
  tree: readonly DicNode[];
  onClose: () => void;
  /** Called with the saved dictionary's id. */
  onSaved: (id: string) => void | Promise<void>;
}

interface Values {
  parentId?: string;
  title: string;
  dicCode: string;
  sort: number | null;
  remark?: string;
}

export function DicFormModal({ open, record, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['dic-detail', record?.id], queryFn: () => call(dicApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });
  const parents = useMemo(() => parentOptions(tree, record?.id), [tree, record]);

  useEffect(() => {
    if (!open) return;
    const d = record ? detail.data : undefined;
    if (!record) form.setFieldsValue({ parentId: undefined, title: '', dicCode: '', sort: 0, remark: '' });
    else if (d) form.setFieldsValue({ parentId: d.parentId || undefined, title: d.title, dicCode: d.dicCode, sort: d.sort, remark: d.remark });
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const { id } = await call(dicApi.save, {
        ...(record ? { id: record.id } : {}),
        parentId: values.parentId ?? '',
        title: values.title.trim(),
        dicCode: values.dicCode.trim(),
        sort: values.sort ?? 0,
        remark: values.remark ?? '',
      });
      message.success('操作成功！');
      onClose();
      await onSaved(id);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑字典' : '添加字典'} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item name="parentId" label="上级字典">
            <TreeSelect treeData={parents} allowClear treeDefaultExpandAll placeholder="无（顶级字典）" showSearch={{ treeNodeFilterProp: 'title' }} />
          </Form.Item>
          <Form.Item name="title" label="字典名称" required rules={[zodRule(dicSaveReq.shape.title)]}>
            <Input placeholder="请输入字典名称" maxLength={100} data-testid="dic-title" />
          </Form.Item>
          <Form.Item name="dicCode" label="字典编码" required rules={[zodRule(dicSaveReq.shape.dicCode)]} extra={record ? '字典编码创建后不能修改' : '字母开头，可含字母、数字和下划线，如 nation'}>
            <Input placeholder="请输入字典编码" maxLength={64} disabled={Boolean(record)} data-testid="dic-code" />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[zodRule(dicSaveReq.shape.sort, { empty: 0 })]}>
            <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[zodRule(dicSaveReq.shape.remark, { empty: '' })]}>
            <Input.TextArea rows={3} placeholder="请输入备注" maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
