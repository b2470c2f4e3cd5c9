/**
 * Add / edit a training class (admin ListTrainClass; contracts `classSaveReq`): title, type, cover,
 * introduction (rich text), class dates, sign-up window, capacity (0 unlimited), whether sign-ups
 * need approval, who it is open to (1 everybody, 2 departments, 3 named people), organiser,
 * completion rule (courses finished, exam passed), certificate and points. '操作成功！' then closes.
 */
import { useEffect, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Spin, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TIME_FORMAT } from '@kaopei/contracts';
import { CLASS_REQUIREMENT_TITLE, CLASS_TYPE_LABEL, classSaveReq, trainClassApi, type ClassRecord } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { OpenToFields } from '../../../components/OpenToFields';
import { FileUpload } from '../../../components/FileUpload';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { zodRule } from '../../../utils/zod-rule';
import { CertSelect } from '../cert/CertSelect';

interface Props {
  open: boolean;
  record: ClassRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  classType: 1 | 2 | 3 | 4;
  cover: string[];
  content: string;
  range: [Dayjs | null, Dayjs | null] | null;
  signRange: [Dayjs | null, Dayjs | null] | null;
  capacity: number | null;
  needAudit: boolean;
  openType: 1 | 2 | 3;
  deptCodes?: string[];
  userIds?: string[];
  organiser: string;
  finishCourses: boolean;
  finishExam: boolean;
  finishSessions: boolean;
  finishEval: boolean;
  certId?: string | null;
  finishPoints: number | null;
}

const EMPTY: Values = {
  title: '', classType: 1, cover: [], content: '', range: null, signRange: null, capacity: 0, needAudit: false, openType: 1, deptCodes: [], userIds: [], organiser: '',
  finishCourses: true, finishExam: false, finishSessions: false, finishEval: false, certId: null, finishPoints: 0,
};
/** The switches of the form: approval, then the completion rule's flags (titles of CLASS_REQUIREMENT_TITLE). */
const SWITCHES: [keyof Values, string, string][] = [
  ['needAudit', '报名需要审核', 'class-need-audit'],
  ['finishCourses', `结业要求：${CLASS_REQUIREMENT_TITLE.courses}`, 'class-finish-courses'],
  ['finishSessions', `结业要求：${CLASS_REQUIREMENT_TITLE.sessions}`, 'class-finish-sessions'],
  ['finishExam', `结业要求：${CLASS_REQUIREMENT_TITLE.exam}`, 'class-finish-exam'],
  ['finishEval', `结业要求：${CLASS_REQUIREMENT_TITLE.eval}`, 'class-finish-eval'],
];
const CLASS_TYPES = [1, 2, 3, 4].map((v) => ({ value: v, label: CLASS_TYPE_LABEL[v] }));
const day = (s: string | null) => (s ? dayjs(s, TIME_FORMAT) : null);

export function ClassFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ['class-admin-detail', record?.id], queryFn: () => call(trainClassApi.detail, { id: record?.id ?? '' }), enabled: open && Boolean(record) });

  useEffect(() => {
    if (!open) return;
    if (!record) form.setFieldsValue(EMPTY);
    else if (detail.data) {
      const d = detail.data;
      form.setFieldsValue({
        title: d.title, classType: d.classType as Values['classType'], cover: d.cover ? [d.cover] : [], content: d.content, range: [day(d.startTime), day(d.endTime)], signRange: d.signStart || d.signEnd ? [day(d.signStart), day(d.signEnd)] : null,
        capacity: d.capacity, needAudit: d.needAudit, openType: d.openType as Values['openType'], deptCodes: d.deptCodes, userIds: d.userList.map((u) => u.id), organiser: d.organiser,
        finishCourses: d.finishCourses, finishExam: d.finishExam, finishSessions: d.finishSessions, finishEval: d.finishEval, certId: d.certId, finishPoints: d.finishPoints,
      });
    }
  }, [open, record, detail.data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await call(trainClassApi.addOrUpdate, {
        ...(record ? { id: record.id } : {}),
        title: v.title.trim(),
        classType: v.classType,
        cover: v.cover[0] ?? '',
        content: v.content ?? '',
        startTime: v.range?.[0]?.format(TIME_FORMAT) ?? '',
        endTime: v.range?.[1]?.format(TIME_FORMAT) ?? '',
        signStart: v.signRange?.[0]?.format(TIME_FORMAT) ?? null,
        signEnd: v.signRange?.[1]?.format(TIME_FORMAT) ?? null,
        capacity: v.capacity ?? 0,
        needAudit: v.needAudit,
        openType: v.openType,
        deptCodes: v.openType === 2 ? (v.deptCodes ?? []) : [],
        userIds: v.openType === 3 ? (v.userIds ?? []) : [],
        organiser: v.organiser?.trim() ?? '',
        finishCourses: v.finishCourses,
        finishExam: v.finishExam,
        finishSessions: v.finishSessions,
        finishEval: v.finishEval,
        certId: v.certId ?? null,
        finishPoints: v.finishPoints ?? 0,
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
    <Modal open={open} title={record ? '修改培训班' : '添加培训班'} width="80%" onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender destroyOnHidden={false} okButtonProps={{ 'data-testid': 'class-save' } as Record<string, string>}>
      <Spin spinning={Boolean(record) && detail.isFetching}>
        <Form form={form} layout="vertical" initialValues={EMPTY}>
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="title" label="培训班名称" required rules={[zodRule(classSaveReq.shape.title)]}>
                <Input placeholder="请输入培训班名称" maxLength={200} data-testid="class-title" />
              </Form.Item>
              <Form.Item name="classType" label="培训类型">
                <Radio.Group options={CLASS_TYPES} data-testid="class-type" />
              </Form.Item>
              <Form.Item name="range" label="培训时间" required rules={[{ validator: async (_r, v: Values['range']) => { if (!v?.[0] || !v[1]) throw new Error('开始时间不能为空！'); } }]}>
                <DatePicker.RangePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="signRange" label="报名时间（不填：即日起至培训结束）">
                <DatePicker.RangePicker showTime format={TIME_FORMAT} allowEmpty={[true, true]} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="cover" label="封面（jpg/png）">
                <FileUpload accept={['jpg', 'jpeg', 'png']} limit={1} compress={500} listType="picture-card" buttonText="上传封面" />
              </Form.Item>
              <Form.Item name="organiser" label="主办单位">
                <Input maxLength={100} data-testid="class-organiser" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="content" label="培训介绍">
            <RichTextEditor placeholder="请输入培训介绍" minHeight={120} testId="class-content" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="capacity" label="招生人数（0 不限）" rules={[zodRule(classSaveReq.shape.capacity)]}>
                <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} data-testid="class-capacity" />
              </Form.Item>
            </Col>
            {SWITCHES.map(([name, label, testId]) => (
              <Col xs={12} md={6} key={name}>
                <Form.Item name={name} label={label} valuePropName="checked">
                  <Switch data-testid={testId} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <OpenToFields active={open} testId="class" />
          <Row gutter={16}>
            <Col xs={12} md={8}>
              <Form.Item name="certId" label="结业颁发证书">
                <CertSelect />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="finishPoints" label="结业奖励积分" rules={[zodRule(classSaveReq.shape.finishPoints)]}>
                <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Modal>
  );
}
