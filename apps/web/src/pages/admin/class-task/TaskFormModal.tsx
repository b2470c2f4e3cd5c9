/**
 * Add / edit a class task (/api/task/bj/save): title, deadline, required, files allowed and the
 * rich-text content; rules from contracts `taskSaveReq`.
 */
import { useEffect, useState } from 'react';
import { App, DatePicker, Form, Input, Modal, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { TASK_MSG, classTaskApi, taskSaveReq, type TaskRecord } from '@kaopei/contracts/class-task';
import { call } from '../../../api/request';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  classId: string;
  record: TaskRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  deadline: Dayjs | null;
  required: boolean;
  allowFiles: boolean;
  content: string;
}

export function TaskFormModal({ open, classId, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      record
        ? { title: record.title, deadline: dayjs(record.deadline, TIME_FORMAT), required: record.required, allowFiles: record.allowFiles, content: record.content }
        : { title: '', deadline: null, required: true, allowFiles: true, content: '' },
    );
  }, [open, record, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.deadline) return;
    setSaving(true);
    try {
      await call(classTaskApi.save, { ...(record ? { id: record.id } : {}), classId, title: v.title.trim(), deadline: v.deadline.format(TIME_FORMAT), required: v.required, allowFiles: v.allowFiles, content: v.content ?? '' });
      message.success('保存成功！');
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑任务' : '添加任务'} width={760} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender okButtonProps={{ 'data-testid': 'task-save' } as Record<string, string>}>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="任务标题" required rules={[zodRule(taskSaveReq.shape.title)]}>
          <Input maxLength={200} placeholder="请输入任务标题" data-testid="task-title" />
        </Form.Item>
        <Form.Item name="deadline" label="截止时间" required rules={[{ required: true, message: TASK_MSG.deadline }]}>
          <DatePicker showTime format={TIME_FORMAT} style={{ width: 240 }} data-testid="task-deadline" />
        </Form.Item>
        <Form.Item name="required" label="必做" valuePropName="checked">
          <Switch data-testid="task-required" />
        </Form.Item>
        <Form.Item name="allowFiles" label="允许上传附件" valuePropName="checked">
          <Switch data-testid="task-allow-files" />
        </Form.Item>
        <Form.Item name="content" label="任务内容">
          <RichTextEditor minHeight={160} testId="task-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
