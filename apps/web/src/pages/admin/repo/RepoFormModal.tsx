/**
 * Add / edit a question bank in a 580 px dialog (SPEC §9 dialog widths): title, remark and the flags
 * 可用于考试 (isExam) / 可用于训练 (isTrain), rules from contracts `repoSaveReq` → /api/repo/save.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Switch } from 'antd';
import { repoApi, type RepoRecord, repoSaveReq } from '@kaopei/contracts/repo';
import { call } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: RepoRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  remark?: string;
  isExam: boolean;
  isTrain: boolean;
}

export function RepoFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ title: record?.title ?? '', remark: record?.remark ?? '', isExam: (record?.isExam ?? 1) === 1, isTrain: (record?.isTrain ?? 1) === 1 });
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(repoApi.save, {
        ...(record ? { id: record.id } : {}),
        title: values.title.trim(),
        remark: values.remark ?? '',
        isExam: values.isExam ? 1 : 0,
        isTrain: values.isTrain ? 1 : 0,
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
    <Modal
      open={open}
      title={record ? '编辑题库' : '添加题库'}
      width={580}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="题库名称" required rules={[zodRule(repoSaveReq.shape.title)]}>
          <Input placeholder="请输入题库名称" maxLength={100} data-testid="repo-title" />
        </Form.Item>
        <Form.Item name="remark" label="题库描述" rules={[zodRule(repoSaveReq.shape.remark)]}>
          <Input.TextArea rows={4} placeholder="请输入题库描述" maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="isExam" label="可用于考试" valuePropName="checked" extra="关闭后组卷时不能选择本题库">
          <Switch data-testid="repo-is-exam" />
        </Form.Item>
        <Form.Item name="isTrain" label="可用于训练" valuePropName="checked" extra="关闭后学员不能练习本题库">
          <Switch data-testid="repo-is-train" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
