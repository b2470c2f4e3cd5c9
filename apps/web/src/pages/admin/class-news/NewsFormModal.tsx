/**
 * Add / edit a training news article (培训资讯; contracts `newsSaveReq` → /api/trainClass/news/save):
 * title, cover (jpg/png), summary, content (rich text), 置顶, and 草稿 / 发布. `classId` fixes the
 * class ('' site-wide). Editing loads the article first. '操作成功！' then closes.
 */
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio, Spin, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { classNewsApi, NEWS_STATE_LABEL, newsSaveReq, type NewsRecord } from '@kaopei/contracts/class-news';
import { call } from '../../../api/request';
import { FileUpload } from '../../../components/FileUpload';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: NewsRecord | null;
  /** The class of a new article ('' site-wide); an edited article keeps its own. */
  classId: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  cover: string[];
  summary: string;
  content: string;
  isTop: boolean;
  state: 0 | 1;
}

const EMPTY: Values = { title: '', cover: [], summary: '', content: '', isTop: false, state: 1 };
const STATES = Object.entries(NEWS_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export function NewsFormModal({ open, record, classId, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['class-news-detail', record?.id], queryFn: () => call(classNewsApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({ title: d.title, cover: d.cover ? [d.cover] : [], summary: d.summary, content: d.content, isTop: d.isTop === 1, state: d.state === 1 ? 1 : 0 });
    }
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(classNewsApi.save, {
        ...(record ? { id: record.id } : {}),
        title: v.title.trim(), cover: v.cover[0] ?? '', summary: v.summary.trim(), content: v.content, isTop: v.isTop ? 1 : 0, state: v.state,
        classId: record ? record.classId : classId,
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
    <Modal open={open} title={record ? '编辑资讯' : '添加资讯'} width={760} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="资讯标题" required rules={[zodRule(newsSaveReq.shape.title)]}>
            <Input placeholder="请输入资讯标题" maxLength={200} data-testid="news-title" />
          </Form.Item>
          <Form.Item name="cover" label="封面（jpg/png）">
            <FileUpload accept={['jpg', 'jpeg', 'png']} limit={1} compress={500} listType="picture-card" buttonText="上传封面" />
          </Form.Item>
          <Form.Item name="summary" label="摘要" rules={[zodRule(newsSaveReq.shape.summary)]}>
            <Input.TextArea rows={2} maxLength={500} placeholder="列表中显示的简介" data-testid="news-summary" />
          </Form.Item>
          <Form.Item name="content" label="资讯内容" required rules={[zodRule(newsSaveReq.shape.content)]}>
            <RichTextEditor placeholder="请输入资讯内容" testId="news-content" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={STATES} data-testid="news-state" />
          </Form.Item>
          <Form.Item name="isTop" label="置顶" valuePropName="checked">
            <Switch checkedChildren="置顶" unCheckedChildren="否" data-testid="news-top" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
