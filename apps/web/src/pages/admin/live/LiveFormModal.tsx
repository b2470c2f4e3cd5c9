/**
 * Add / edit a live session in a 680 px dialog (issue 13): title, start and end time, AppName and
 * StreamName (the stream on the live configuration's domains), optional training class (a select of
 * /api/trainClass/list: the session is then for that class's enrolled learners only), replay course
 * file (picked from the file library), introduction and state; rules from contracts `liveSaveReq`
 * → /api/onlineClass/save.
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { TIME_FORMAT } from '@kaopei/contracts';
import { LIVE_MSG, LIVE_STATE_LABEL, liveApi, liveSaveReq, type LiveRecord } from '@kaopei/contracts/live-class';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { CourseFilePicker } from '../../../components/CourseFilePicker';
import { TitleSelect } from '../../../components/TitleSelect';
import { timeRangeRule } from '../../../utils/range-rule';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: LiveRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  time: [Dayjs, Dayjs] | null;
  appName: string;
  streamName: string;
  classId?: string;
  content: string;
  state: number;
}

export function LiveFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [replay, setReplay] = useState<{ id: string; title: string } | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!open) return;
    if (!record) {
      form.setFieldsValue({ title: '', time: null, appName: 'live', streamName: `s${Date.now().toString(36)}`, classId: undefined, content: '', state: 0 });
      setReplay(null);
    } else {
      form.setFieldsValue({
        title: record.title, time: [dayjs(record.startTime, TIME_FORMAT), dayjs(record.endTime, TIME_FORMAT)], appName: record.appName, streamName: record.streamName,
        classId: record.classId || undefined, content: record.content, state: record.state,
      });
      setReplay(record.replayFileId ? { id: record.replayFileId, title: record.replayFileId_dictText || record.replayFileId } : null);
    }
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.time) return;
    setSaving(true);
    try {
      await call(liveApi.save, {
        ...(record ? { id: record.id } : {}),
        title: values.title.trim(), startTime: values.time[0].format(TIME_FORMAT), endTime: values.time[1].format(TIME_FORMAT),
        appName: values.appName.trim(), streamName: values.streamName.trim(), classId: values.classId ?? '', content: values.content ?? '',
        replayFileId: replay?.id ?? '', state: values.state,
      });
      message.success(LIVE_MSG.saved);
      onSaved();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={record ? '编辑直播' : '添加直播'} width={680} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="直播标题" required rules={[zodRule(liveSaveReq.shape.title)]}>
          <Input placeholder="请输入直播标题" maxLength={200} data-testid="live-title" />
        </Form.Item>
        <Form.Item name="time" label="直播时间" required rules={[timeRangeRule(LIVE_MSG)]}>
          <DatePicker.RangePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} data-testid="live-time" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="appName" label="应用名称（AppName）" required rules={[zodRule(liveSaveReq.shape.appName)]} style={{ flex: 1 }}>
            <Input maxLength={64} data-testid="live-app" />
          </Form.Item>
          <Form.Item name="streamName" label="流名称（StreamName）" required rules={[zodRule(liveSaveReq.shape.streamName)]} style={{ flex: 1, marginLeft: 12 }}>
            <Input maxLength={64} data-testid="live-stream" />
          </Form.Item>
        </Space.Compact>
        <Form.Item label="回放课件" extra="直播结束后学员观看此课件（可不选）">
          <Space>
            <span data-testid="live-replay">{replay?.title ?? '未选择'}</span>
            <Button size="small" onClick={() => setPicking(true)} data-testid="live-replay-pick">
              选择
            </Button>
            {replay ? (
              <Button size="small" onClick={() => setReplay(null)}>
                清除
              </Button>
            ) : null}
          </Space>
        </Form.Item>
        <Form.Item name="classId" label="所属培训班" extra="可不选；选择后只有该班已报名的学员能看到并观看此直播">
          <TitleSelect
            queryKey="live-class-select"
            placeholder="不限（所有学员）"
            allowClear
            testIdPrefix="live-class-option"
            fetch={async (keyword) => call(trainClassApi.list, { current: 1, size: 100, params: keyword ? { title: keyword } : {} })}
            data-testid="live-class-id"
          />
        </Form.Item>
        <Form.Item name="content" label="直播简介">
          <Input.TextArea rows={3} maxLength={2000} showCount data-testid="live-content" />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Radio.Group options={Object.entries(LIVE_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
      </Form>
      <CourseFilePicker
        open={picking}
        single
        title="选择回放课件"
        onOk={(files) => {
          const f = files[0];
          if (f) setReplay({ id: f.id, title: f.title });
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </Modal>
  );
}
