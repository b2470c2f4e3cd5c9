/**
 * The form builder of 信息采集 (issue 13; SPEC §4 field types): title, description, optional window,
 * anonymous switch, state, and the fields — 添加 by type (文本, 多行文本, 单选, 多选, 图片, 视频,
 * 音频上传), each with its label, 必填, the options editor for 单选/多选 (type an option and press
 * Enter; 2–20), a length limit for text, 上移 / 下移 and 删除 (confirmed). Rules from contracts
 * `xdscSaveReq` → /api/xdsc/save. A class's form is saved with its class (`classId`).
 */
import { useEffect, useState } from 'react';
import { App, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import {
  XDSC_CHOICE_TYPES, XDSC_FIELD_LABEL, XDSC_FIELD_TYPES, XDSC_MSG, XDSC_STATE_LABEL, xdscApi, xdscField, xdscSaveReq,
  type XdscFieldInput, type XdscFieldType, type XdscRecord,
} from '@kaopei/contracts/xdsc';
import { call } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: XdscRecord | null;
  /** The class of a new form ('' site-wide). */
  classId: string;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  description: string;
  time: [Dayjs | null, Dayjs | null] | null;
  anonymous: boolean;
  state: number;
  fields: XdscFieldInput[];
}

/** The first refusal of the fields (`第 n 项：…`), or null (rules of contracts `xdscField`). */
function fieldsProblem(fields: readonly XdscFieldInput[]): string | null {
  for (const [i, f] of fields.entries()) {
    const r = xdscField.safeParse(f);
    if (!r.success) return `第${i + 1}项：${r.error.issues[0]?.message ?? '输入不正确'}`;
  }
  return null;
}

export function XdscFormModal({ open, record, classId, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            title: record.title, description: record.description, anonymous: record.anonymous, state: record.state, fields: record.fields,
            time: [record.startTime ? dayjs(record.startTime, TIME_FORMAT) : null, record.endTime ? dayjs(record.endTime, TIME_FORMAT) : null],
          }
        : { title: '', description: '', anonymous: false, state: 0, fields: [], time: null },
    );
  }, [open, record, form]);

  const submit = async () => {
    const checked = await form.validateFields().catch(() => null);
    if (!checked) return;
    // Every stored value, also the fields' keys that no input shows (id, fieldType).
    const v = form.getFieldsValue(true) as Values;
    const problem = v.fields?.length ? fieldsProblem(v.fields) : XDSC_MSG.fields;
    if (problem) {
      message.warning(problem);
      return;
    }
    setSaving(true);
    try {
      await call(xdscApi.save, {
        ...(record ? { id: record.id } : {}),
        title: v.title.trim(), description: v.description ?? '', classId, anonymous: v.anonymous, state: v.state,
        startTime: v.time?.[0]?.format(TIME_FORMAT) ?? '', endTime: v.time?.[1]?.format(TIME_FORMAT) ?? '',
        fields: v.fields.map((f) => ({ ...f, options: XDSC_CHOICE_TYPES.includes(f.fieldType) ? f.options : undefined, maxLength: f.maxLength ?? null })),
      });
      message.success(XDSC_MSG.saved);
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑信息采集' : '添加信息采集'} width={760} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="标题" required rules={[zodRule(xdscSaveReq.shape.title)]}>
          <Input maxLength={200} data-testid="xdsc-title-input" />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea rows={2} maxLength={2000} data-testid="xdsc-desc-input" />
        </Form.Item>
        <Form.Item name="time" label="填写时间" extra="可不填（不限时间）">
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="anonymous" label="匿名" valuePropName="checked">
            <Switch data-testid="xdsc-anonymous" />
          </Form.Item>
          <Form.Item name="state" label="状态">
            <Radio.Group options={Object.entries(XDSC_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }))} />
          </Form.Item>
        </Space>
        <Form.List name="fields">
          {(items, { add, remove, move }) => (
            <>
              <Space wrap style={{ marginBottom: 12 }}>
                添加表单项：
                {XDSC_FIELD_TYPES.map((type: XdscFieldType) => (
                  <Button key={type} size="small" onClick={() => add({ fieldType: type, label: '', required: false, ...(XDSC_CHOICE_TYPES.includes(type) ? { options: [] } : {}) })} data-testid={`xdsc-add-${type}`}>
                    {XDSC_FIELD_LABEL[type]}
                  </Button>
                ))}
              </Space>
              {items.map((item, i) => {
                const type = form.getFieldValue(['fields', item.name, 'fieldType']) as XdscFieldType;
                return (
                  <Card
                      key={item.key}
                      style={{ marginBottom: 12 }}
                      size="small"
                      title={<Tag color="blue">{XDSC_FIELD_LABEL[type]}</Tag>}
                      extra={
                        <Space size={0}>
                          <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label="上移" />
                          <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === items.length - 1} onClick={() => move(i, i + 1)} aria-label="下移" />
                          <Popconfirm title="确定删除该表单项吗？" okText="确定" cancelText="取消" onConfirm={() => remove(item.name)}>
                            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除" data-testid={`xdsc-field-del-${i}`} />
                          </Popconfirm>
                        </Space>
                      }
                    >
                      <Space wrap align="start">
                        <Form.Item name={[item.name, 'label']} noStyle>
                          <Input placeholder="表单项名称" maxLength={100} style={{ width: 260 }} data-testid={`xdsc-field-label-${i}`} />
                        </Form.Item>
                        <Form.Item name={[item.name, 'required']} valuePropName="checked" noStyle>
                          <Checkbox data-testid={`xdsc-field-required-${i}`}>必填</Checkbox>
                        </Form.Item>
                        {type === 'text' || type === 'textarea' ? (
                          <Form.Item name={[item.name, 'maxLength']} noStyle>
                            <InputNumber min={1} max={5000} placeholder="长度限制" style={{ width: 120 }} />
                          </Form.Item>
                        ) : null}
                      </Space>
                      {XDSC_CHOICE_TYPES.includes(type) ? (
                        <Form.Item name={[item.name, 'options']} noStyle>
                          <Select mode="tags" open={false} suffixIcon={null} placeholder="输入选项后按回车（2–20个）" style={{ width: '100%', marginTop: 8 }} data-testid={`xdsc-field-options-${i}`} />
                        </Form.Item>
                      ) : null}
                    </Card>
                );
              })}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
