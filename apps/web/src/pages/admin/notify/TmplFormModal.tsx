/**
 * Add / edit a message template (SPEC §3 "Notify template"; issue 7): title, event, content (the
 * rich-text editor) with the event's variables as hints (a click inserts `{name}` at the cursor),
 * the SMS flag and the SMS provider's template code, and a live preview rendered with the
 * contracts' `renderTemplate` and sample values — the same substitution the server sends with.
 * The events, their variables and samples come from the server (`useNotifyEvents`).
 * Rules from contracts `tmplSaveReq` → /api/notify/tmpl/save.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Col, Form, Input, Modal, Row, Select, Spin, Switch, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { renderTemplate, tmplApi, tmplSaveReq, type TmplRecord } from '@kaopei/contracts/notify';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { RichTextEditor, type RichTextEditorApi } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';
import { useNotifyEvents } from './useNotifyEvents';

interface Props {
  open: boolean;
  record: TmplRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  event: string;
  content: string;
  sms: boolean;
  smsCode: string;
}

export function TmplFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const notifyEvents = useNotifyEvents();
  const firstEvent = notifyEvents.events[0]?.key;
  const detail = useQuery({ queryKey: ['notify-tmpl-detail', record?.id], queryFn: () => call(tmplApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';
  const event = Form.useWatch('event', form);
  const sms = Form.useWatch('sms', form);

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue({ title: '', event: undefined, content: '', sms: false, smsCode: '' });
    else if (detail.data) form.setFieldsValue({ title: detail.data.title, event: detail.data.event, content: detail.data.content, sms: detail.data.sms === 1, smsCode: detail.data.smsCode });
  }, [open, record, detail.data, form]);
  // A new template starts on the first registered event once the list has come (typed fields stay).
  useEffect(() => {
    if (open && !record && firstEvent && !form.getFieldValue('event')) form.setFieldValue('event', firstEvent);
  }, [open, record, firstEvent, form]);

  const editorApi = useRef<RichTextEditorApi | null>(null);
  /** Inserts `{name}` at the editor's cursor (at the end before the editor has loaded). */
  const insertVar = (name: string) => {
    if (editorApi.current) editorApi.current.insertText(`{${name}}`);
    else form.setFieldValue('content', `${form.getFieldValue('content') ?? ''}{${name}}`);
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(tmplApi.save, {
        ...(record ? { id: record.id } : {}), title: values.title.trim(), event: values.event, content: values.content, sms: values.sms ? 1 : 0, smsCode: (values.smsCode ?? '').trim(),
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

  const vars = notifyEvents.varsOf(event);
  const samples = notifyEvents.samplesOf(event);

  return (
    <Modal open={open} title={record ? '编辑消息模板' : '添加消息模板'} width="60%" onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Row gutter={24}>
          <Col xs={24} md={14}>
            <Form form={form} layout="vertical">
              <Form.Item name="title" label="模板标题" required rules={[zodRule(tmplSaveReq.shape.title)]}>
                <Input placeholder="请输入模板标题，可使用变量，如 考试通知：{examTitle}" maxLength={200} data-testid="tmpl-title" />
              </Form.Item>
              <Form.Item name="event" label="通知事件" required rules={[zodRule(tmplSaveReq.shape.event)]}>
                <Select options={notifyEvents.options} loading={notifyEvents.loading} data-testid="tmpl-event" />
              </Form.Item>
              <Form.Item
                name="content"
                label="模板内容"
                required
                rules={[zodRule(tmplSaveReq.shape.content)]}
                extra={
                  <div className="tmpl-vars">
                    可用变量（点击插入）：
                    {vars.map((v) => (
                      <Tag key={v.name} style={{ cursor: 'pointer' }} onClick={() => insertVar(v.name)} data-testid={`tmpl-var-${v.name}`}>
                        {`{${v.name}}`} {v.label}
                      </Tag>
                    ))}
                  </div>
                }
              >
                <RichTextEditor placeholder="请输入模板内容，变量写作 {realName}" minHeight={160} testId="tmpl-content" apiRef={editorApi} />
              </Form.Item>
              <Form.Item name="sms" label="同时发送短信" valuePropName="checked">
                <Switch data-testid="tmpl-sms" />
              </Form.Item>
              {sms ? (
                <Form.Item name="smsCode" label="短信模板编号" required rules={[{ validator: async (_, v: string) => ((v ?? '').trim() ? undefined : Promise.reject(new Error('请填写短信模板编号！'))) }]}>
                  <Input placeholder="短信服务商的模板编号，如 SMS_123456" maxLength={64} data-testid="tmpl-sms-code" />
                </Form.Item>
              ) : null}
            </Form>
          </Col>
          <Col xs={24} md={10}>
            <Typography.Text type="secondary">预览（示例数据）</Typography.Text>
            <div className="tmpl-preview" data-testid="tmpl-preview" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 12, marginTop: 8, minHeight: 160 }}>
              <div style={{ fontWeight: 600, marginBottom: 8 }} data-testid="tmpl-preview-title">
                {renderTemplate(title, samples, false)}
              </div>
              <RichText html={renderTemplate(content, samples)} data-testid="tmpl-preview-content" />
            </div>
          </Col>
        </Row>
      </Spin>
    </Modal>
  );
}
