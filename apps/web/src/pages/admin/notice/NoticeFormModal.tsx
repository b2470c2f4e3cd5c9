/**
 * Add / edit a notice in a 580 px dialog (SPEC §9 dialog widths): title, content, state, publish time
 * (date-time picker; empty = at once: learners see a published notice once its time has come) and
 * 置顶 switch; rules from contracts `noticeSaveReq` → /api/sys/notice/save. Editing loads the
 * notice's content first.
 */
import { useEffect, useState } from 'react';
import { App, DatePicker, Form, Input, Modal, Radio, Spin, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { NOTICE_STATE_LABEL, noticeApi, noticeSaveReq, type NoticeRecord } from '@kaopei/contracts/notice';
import { call } from '../../../api/request';
import { RichTextEditor } from '../../../components/RichTextEditor';
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
  publishTime: Dayjs | null;
  isTop: boolean;
}

export function NoticeFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['notice-detail', record?.id], queryFn: () => call(noticeApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue({ title: '', content: '', state: 0, publishTime: null, isTop: false });
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ title: d.title, content: d.content, state: d.state === 1 ? 1 : 0, publishTime: d.publishTime ? dayjs(d.publishTime, TIME_FORMAT) : null, isTop: d.isTop === 1 });
    }
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(noticeApi.save, {
        ...(record ? { id: record.id } : {}),
        title: values.title.trim(),
        content: values.content,
        state: values.state,
        publishTime: values.publishTime ? values.publishTime.format(TIME_FORMAT) : null,
        isTop: values.isTop ? 1 : 0,
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
    <Modal open={open} title={record ? '编辑公告' : '添加公告'} width={760} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="公告标题" required rules={[zodRule(noticeSaveReq.shape.title)]}>
            <Input placeholder="请输入公告标题" maxLength={200} data-testid="notice-title" />
          </Form.Item>
          <Form.Item name="content" label="公告内容" required rules={[zodRule(noticeSaveReq.shape.content)]}>
            <RichTextEditor placeholder="请输入公告内容" testId="notice-content" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={Object.entries(NOTICE_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
          <Form.Item name="publishTime" label="发布时间" extra="不填则立即发布；到达发布时间后学员才能看到">
            <DatePicker showTime format={TIME_FORMAT} placeholder="立即发布" style={{ width: '100%' }} data-testid="notice-publish-time" />
          </Form.Item>
          <Form.Item name="isTop" label="置顶" valuePropName="checked">
            <Switch checkedChildren="置顶" unCheckedChildren="否" data-testid="notice-top" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
