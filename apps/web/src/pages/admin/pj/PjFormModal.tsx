/**
 * Add / edit a questionnaire of a class (issue 13 "Evaluations"): title, description, optional
 * answer window, and the item editor — add rate (1–5 stars) or text items, reorder, delete, mark
 * required; rules from contracts `pjSaveReq` → /api/pj/save. Once learners answered, the server
 * refuses adding, removing or retyping items (titles and required flags may change).
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Empty, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { PJ_ITEM_TYPE_LABEL, PJ_MAX_ITEMS, PJ_MSG, pjApi, pjItemInput, pjSaveReq, type PjItemType, type PjRecord } from '@kaopei/contracts/pj';
import { call } from '../../../api/request';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  classId: string;
  open: boolean;
  record: PjRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface ItemValue {
  id?: string;
  itemType: PjItemType;
  title: string;
  required: boolean;
}

interface Values {
  title: string;
  description: string;
  time: [Dayjs | null, Dayjs | null] | null;
  items: ItemValue[];
}

export function PjFormModal({ classId, open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    if (!record) {
      form.setFieldsValue({ title: '', description: '', time: null, items: [] });
    } else {
      const time = record.startTime || record.endTime ? ([record.startTime ? dayjs(record.startTime, TIME_FORMAT) : null, record.endTime ? dayjs(record.endTime, TIME_FORMAT) : null] as [Dayjs | null, Dayjs | null]) : null;
      form.setFieldsValue({ title: record.title, description: record.description, time, items: record.items.map((i) => ({ ...i })) });
    }
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!values.items?.length) {
      message.warning(PJ_MSG.itemsMin);
      return;
    }
    setSaving(true);
    try {
      await call(pjApi.save, {
        ...(record ? { id: record.id } : {}),
        classId,
        lessonId: record?.lessonId ?? '',
        title: values.title.trim(),
        description: values.description ?? '',
        startTime: values.time?.[0]?.format(TIME_FORMAT) ?? null,
        endTime: values.time?.[1]?.format(TIME_FORMAT) ?? null,
        items: values.items.map((i) => ({ ...(i.id ? { id: i.id } : {}), itemType: i.itemType, title: i.title.trim(), required: Boolean(i.required) })),
      });
      message.success(PJ_MSG.saved);
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const timeRule = {
    validator: async (_: unknown, v: [Dayjs | null, Dayjs | null] | null) => {
      if (v?.[0] && v[1] && !v[1].isAfter(v[0])) throw new Error(PJ_MSG.timeOrder);
    },
  };

  return (
    <Modal open={open} title={record ? '编辑评估问卷' : '添加评估问卷'} width={760} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" okButtonProps={{ ...{ 'data-testid': 'pj-save' } }} forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="问卷标题" required rules={[zodRule(pjSaveReq.shape.title)]}>
          <Input placeholder="请输入问卷标题" maxLength={200} data-testid="pj-title" />
        </Form.Item>
        <Form.Item name="description" label="问卷说明">
          <Input.TextArea rows={2} maxLength={2000} showCount data-testid="pj-description" />
        </Form.Item>
        <Form.Item name="time" label="评价时间" extra="可不填：不限时间" rules={[timeRule]}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} data-testid="pj-time" />
        </Form.Item>
        <Form.List name="items">
          {(fields, { add, remove, move }) => (
            <>
              <Space style={{ marginBottom: 8 }}>
                <Typography.Text strong>评价项</Typography.Text>
                <Button size="small" icon={<PlusOutlined />} disabled={fields.length >= PJ_MAX_ITEMS} onClick={() => add({ itemType: 'rate', title: '', required: true })} data-testid="pj-item-add-rate">
                  添加评分项
                </Button>
                <Button size="small" icon={<PlusOutlined />} disabled={fields.length >= PJ_MAX_ITEMS} onClick={() => add({ itemType: 'text', title: '', required: false })} data-testid="pj-item-add-text">
                  添加问答项
                </Button>
              </Space>
              {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请添加评价项" /> : null}
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }} data-testid={`pj-item-${index}`}>
                  <span style={{ width: 24, display: 'inline-block' }}>{index + 1}.</span>
                  <Form.Item noStyle shouldUpdate>
                    {() => <Tag color={form.getFieldValue(['items', field.name, 'itemType']) === 'rate' ? 'gold' : 'blue'}>{PJ_ITEM_TYPE_LABEL[form.getFieldValue(['items', field.name, 'itemType']) as PjItemType]}</Tag>}
                  </Form.Item>
                  {/* Registered so that validateFields hands them back (it answers registered fields only). */}
                  <Form.Item name={[field.name, 'itemType']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[field.name, 'title']} rules={[zodRule(pjItemInput.shape.title)]} style={{ marginBottom: 8 }}>
                    <Input placeholder="评价项标题" maxLength={200} style={{ width: 320 }} data-testid={`pj-item-title-${index}`} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked" style={{ marginBottom: 8 }}>
                    <Switch checkedChildren="必答" unCheckedChildren="选答" data-testid={`pj-item-required-${index}`} />
                  </Form.Item>
                  <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label="上移" data-testid={`pj-item-up-${index}`} />
                  <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} aria-label="下移" data-testid={`pj-item-down-${index}`} />
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="删除" data-testid={`pj-item-remove-${index}`} />
                </Space>
              ))}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
