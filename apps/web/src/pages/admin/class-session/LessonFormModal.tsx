/**
 * Add / edit a face-to-face lesson (issue 13 "Face-to-face training"): title, teacher, venue, time,
 * sign-in window (empty: 30 minutes before the start until the end), whether it counts for the
 * class requirement, and an optional geofence (latitude, longitude WGS84, radius in metres; 0 none).
 * Rules from contracts `lessonSaveReq` → /api/trainClass/lesson/save.
 */
import { useEffect, useState } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { LESSON_MSG, lessonApi, lessonSaveReq, SIGN_EARLY_MIN, type LessonRecord } from '@kaopei/contracts/class-session';
import { call } from '../../../api/request';
import { timeRangeRule } from '../../../utils/range-rule';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  classId: string;
  record: LessonRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  teacher: string;
  place: string;
  time: [Dayjs, Dayjs] | null;
  sign: [Dayjs, Dayjs] | null;
  required: boolean;
  lat: number | null;
  lng: number | null;
  radius: number;
}

const at = (v: string) => dayjs(v, TIME_FORMAT);

export function LessonFormModal({ open, classId, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue({ title: '', teacher: '', place: '', time: null, sign: null, required: true, lat: null, lng: null, radius: 0 });
    else {
      form.setFieldsValue({
        title: record.title, teacher: record.teacher, place: record.place, time: [at(record.startTime), at(record.endTime)], sign: [at(record.signStart), at(record.signEnd)],
        required: record.required, lat: record.lat, lng: record.lng, radius: record.radius,
      });
    }
  }, [open, record, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.time) return;
    setSaving(true);
    try {
      await call(lessonApi.save, {
        ...(record ? { id: record.id } : {}),
        classId, title: v.title.trim(), teacher: v.teacher?.trim() ?? '', place: v.place?.trim() ?? '',
        startTime: v.time[0].format(TIME_FORMAT), endTime: v.time[1].format(TIME_FORMAT),
        signStart: v.sign?.[0]?.format(TIME_FORMAT) ?? null, signEnd: v.sign?.[1]?.format(TIME_FORMAT) ?? null,
        required: v.required, lat: v.lat ?? null, lng: v.lng ?? null, radius: v.radius ?? 0,
      });
      message.success(LESSON_MSG.saved);
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑课次' : '添加课次'} width={680} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="课次名称" required rules={[zodRule(lessonSaveReq.shape.title)]}>
          <Input placeholder="请输入课次名称" maxLength={200} data-testid="lesson-title" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="teacher" label="授课讲师" style={{ flex: 1 }}>
            <Input maxLength={100} data-testid="lesson-teacher" />
          </Form.Item>
          <Form.Item name="place" label="培训地点" style={{ flex: 2, marginLeft: 12 }}>
            <Input maxLength={200} data-testid="lesson-place" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="time" label="上课时间" required rules={[timeRangeRule(LESSON_MSG)]}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} data-testid="lesson-time" />
        </Form.Item>
        <Form.Item name="sign" label="签到时间" extra={`不填：开始前${SIGN_EARLY_MIN}分钟至结束`}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} allowEmpty={[true, true]} data-testid="lesson-sign" />
        </Form.Item>
        <Form.Item name="required" label="计入结业要求" valuePropName="checked">
          <Switch data-testid="lesson-required" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="lat" label="纬度（WGS84）" style={{ flex: 1 }}>
            <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} data-testid="lesson-lat" />
          </Form.Item>
          <Form.Item name="lng" label="经度（WGS84）" style={{ flex: 1, marginLeft: 12 }}>
            <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} data-testid="lesson-lng" />
          </Form.Item>
          <Form.Item name="radius" label="签到范围（米，0不限）" style={{ flex: 1, marginLeft: 12 }}>
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} data-testid="lesson-radius" />
          </Form.Item>
        </Space.Compact>
      </Form>
    </Modal>
  );
}
