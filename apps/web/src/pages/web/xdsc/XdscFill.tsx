/**
 * One information-collection form for the learner (issue 13 "Surveys and information collection";
 * SPEC §4 field types): each field rendered by its type — text, textarea, radio, checkbox, image and
 * video through the shared FileUpload (one file, the current storage), audio through the
 * AudioRecorder — with the required marks and the same messages as the server (contracts XDSC_MSG).
 * 提交 asks for confirmation first, then '提交成功！'. Once submitted (or outside the window) the
 * learner sees his values read-only. Used by the phone page /m/info/cj and the class tab.
 */
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { FILE_TYPES } from '@kaopei/contracts/sys-file';
import { XDSC_MSG, XDSC_TEXT_MAX, XdscPhase, xdscApi, type XdscLearnerDetail, type XdscStoredField, type XdscValue } from '@kaopei/contracts/xdsc';
import { call } from '../../../api/request';
import { AudioRecorder } from '../../../components/AudioRecorder';
import { FileUpload } from '../../../components/FileUpload';

/** A read-only value: options joined, files as their player or link. */
export function XdscValueView({ field, value }: { field: XdscStoredField; value: XdscValue | undefined }) {
  if (Array.isArray(value)) return <>{value.join('、') || '-'}</>;
  if (!value) return <>-</>;
  if (field.fieldType === 'image') return <img src={value} alt={field.label} style={{ maxWidth: 160, maxHeight: 120 }} />;
  if (field.fieldType === 'video') return <video src={value} controls style={{ maxWidth: '100%' }} />;
  if (field.fieldType === 'audio') return <audio src={value} controls />;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>;
}

function requiredRule(f: XdscStoredField) {
  const msg = f.fieldType === 'radio' || f.fieldType === 'checkbox' ? XDSC_MSG.choose(f.label) : f.fieldType === 'text' || f.fieldType === 'textarea' ? XDSC_MSG.required(f.label) : XDSC_MSG.upload(f.label);
  return {
    validator: async (_: unknown, v: unknown) => {
      const empty = v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);
      if (f.required && empty) throw new Error(msg);
    },
  };
}

function input(f: XdscStoredField, testId: string) {
  switch (f.fieldType) {
    case 'text':
      return <Input maxLength={f.maxLength ?? XDSC_TEXT_MAX.text} data-testid={testId} />;
    case 'textarea':
      return <Input.TextArea rows={4} maxLength={f.maxLength ?? XDSC_TEXT_MAX.textarea} showCount data-testid={testId} />;
    case 'radio':
      return <Radio.Group data-testid={testId} options={(f.options ?? []).map((o) => ({ value: o, label: o }))} />;
    case 'checkbox':
      return <Checkbox.Group data-testid={testId} options={(f.options ?? []).map((o) => ({ value: o, label: o }))} />;
    case 'image':
      return <FileUpload accept={FILE_TYPES.image} limit={1} compress={1024} listType="picture-card" />;
    case 'video':
      return <FileUpload accept={FILE_TYPES.video} limit={1} buttonText="上传视频" />;
    case 'audio':
      return <AudioRecorder testId={`${testId}-rec`} />;
  }
}

export function XdscFill({ detail, onSubmitted }: { detail: XdscLearnerDetail; onSubmitted: () => void }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Record<string, XdscValue | string[] | undefined>>();
  const [saving, setSaving] = useState(false);
  const values = new Map(detail.values.map((v) => [v.fieldId, v.value]));

  if (detail.submitted || detail.phase !== XdscPhase.OPEN) {
    return (
      <>
        {detail.submitted ? (
          <Alert type="success" showIcon message={`您已于 ${detail.submitTime} 提交`} data-testid="xdsc-submitted" style={{ marginBottom: 12 }} />
        ) : (
          <Alert type="warning" showIcon message={`信息采集${detail.phase_dictText}`} data-testid="xdsc-closed" style={{ marginBottom: 12 }} />
        )}
        {detail.submitted ? (
          <Descriptions column={1} bordered size="small">
            {detail.fields.map((f) => (
              <Descriptions.Item key={f.id} label={f.label}>
                <XdscValueView field={f} value={values.get(f.id)} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : null}
      </>
    );
  }

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    modal.confirm({
      title: '提示',
      content: XDSC_MSG.submitConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setSaving(true);
        try {
          const list = detail.fields.map((f) => {
            const raw = v[f.id];
            // FileUpload holds a list of urls; the answer is the one file's url.
            const value = f.fieldType === 'image' || f.fieldType === 'video' ? ((raw as string[] | undefined)?.[0] ?? '') : f.fieldType === 'checkbox' ? ((raw as string[] | undefined) ?? []) : ((raw as string | undefined) ?? '');
            return { fieldId: f.id, value };
          });
          await call(xdscApi.submit, { formId: detail.id, values: list });
          message.success(XDSC_MSG.submitted);
          onSubmitted();
        } catch {
          // shown by the request helper
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Form form={form} layout="vertical" data-testid="xdsc-form">
      {detail.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{detail.description}</Typography.Paragraph> : null}
      {detail.anonymous ? <Alert type="info" showIcon message="本表单为匿名填写，管理员看不到填写人" style={{ marginBottom: 12 }} /> : null}
      {detail.fields.map((f, i) => (
        <Form.Item key={f.id} name={f.id} label={f.label} required={f.required} rules={[requiredRule(f)]}>
          {input(f, `xdsc-field-${i}`)}
        </Form.Item>
      ))}
      <Button type="primary" block loading={saving} onClick={() => void submit()} data-testid="xdsc-submit">
        提交
      </Button>
    </Form>
  );
}
