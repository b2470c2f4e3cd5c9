/**
 * Add / edit a notice in a 580 px dialog (SPEC §9 dialog widths): title, content and state, rules
 * from contracts `noticeSaveReq` → /api/sys/notice/save. Editing loads the notice's content first.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_STATE_LABEL, noticeApi, noticeSaveReq, type NoticeRecord } from '@kaopei/contracts/notice';
import { call } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: NoticeRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  content: string;
  state: 0 | 1;
}

export function NoticeFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['notice-detail', record?.id], queryFn: () => call(noticeApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue({ title: '', content: '', state: 0 });
    else if (detail.data) form.setFieldsValue({ title: detail.data.title, content: detail.data.content, state: detail.data.state === 1 ? 1 : 0 });
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(noticeApi.save, { ...(record ? { id: record.id } : {}), title: values.title.trim(), content: values.content, state: values.state });
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
    <Modal open={open} title={record ? '编辑公告' : '添加公告'} width={580} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="公告标题" required rules={[zodRule(noticeSaveReq.shape.title)]}>
            <Input placeholder="请输入公告标题" maxLength={200} data-testid="notice-title" />
          </Form.Item>
          <Form.Item name="content" label="公告内容" required rules={[zodRule(noticeSaveReq.shape.content)]}>
            <Input.TextArea rows={8} placeholder="请输入公告内容" data-testid="notice-content" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={Object.entries(NOTICE_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
