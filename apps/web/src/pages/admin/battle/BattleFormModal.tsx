/**
 * Add / edit an answer battle (issue 10 "Answer battles") in a 680 px dialog: 竞赛名称, 题库 (several,
 * the first 100 banks with server-side search), 题型 (单选题 / 多选题 / 判断题: objective questions
 * are marked at once), 题目数量, 每题秒数, 开始时间, 提前报名分钟数 (the join window), 参赛范围 (all
 * learners or departments). Rules from contracts `battleSaveReq` → /api/battle/save, which draws
 * the questions. A battle that has started can no longer be edited (the list hides the button).
 */
import { useEffect, useState } from 'react';
import { App, Checkbox, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { QU_TYPE_LABEL, TIME_FORMAT } from '@kaopei/contracts';
import { BATTLE_OPEN_TYPE_LABEL, BATTLE_QU_TYPES, battleApi, battleSaveReq, type BattleRecord } from '@kaopei/contracts/battle';
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../../../api/request';
import { useDepartOptions } from '../../../components/DepartSelect';
import { zodRule } from '../../../utils/zod-rule';

interface Props {
  open: boolean;
  record: BattleRecord | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  title: string;
  repoIds: string[];
  quTypes: (1 | 2 | 3)[];
  questionCount: number;
  secondsPerQuestion: number;
  startTime: Dayjs | null;
  joinMinutes: number;
  openType: 1 | 2;
  deptCodes: string[];
}

const TYPE_OPTIONS = BATTLE_QU_TYPES.map((t) => ({ value: t, label: QU_TYPE_LABEL[t] }));
const OPEN_OPTIONS = Object.entries(BATTLE_OPEN_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export function BattleFormModal({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const openType = Form.useWatch('openType', form);
  const repos = useQuery({
    queryKey: ['battle-repos', keyword, record?.id],
    queryFn: () => call(repoApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {}, ...(record?.repoIds.length ? { selectKeys: record.repoIds } : {}) }),
    enabled: open,
  });
  const depts = useDepartOptions(open && openType === 2);
  const repoOptions = [...(repos.data?.selectList ?? []), ...(repos.data?.records ?? [])]
    .filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i)
    .map((r) => ({ value: r.id, label: r.title }));

  useEffect(() => {
    if (!open) return;
    if (!record) {
      form.resetFields();
      form.setFieldsValue({ quTypes: [1, 2, 3], questionCount: 10, secondsPerQuestion: 20, joinMinutes: 10, openType: 1, deptCodes: [], startTime: null });
    } else {
      form.setFieldsValue({
        title: record.title, repoIds: record.repoIds, quTypes: record.quTypes.filter((t): t is 1 | 2 | 3 => t === 1 || t === 2 || t === 3),
        questionCount: record.questionCount, secondsPerQuestion: record.secondsPerQuestion, startTime: dayjs(record.startTime, TIME_FORMAT),
        joinMinutes: record.joinMinutes, openType: record.openType === 2 ? 2 : 1, deptCodes: record.deptCodes,
      });
    }
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(battleApi.save, {
        ...(record ? { id: record.id } : {}),
        title: values.title.trim(), repoIds: values.repoIds, quTypes: values.quTypes, questionCount: values.questionCount, secondsPerQuestion: values.secondsPerQuestion,
        startTime: values.startTime ? values.startTime.format(TIME_FORMAT) : '', joinMinutes: values.joinMinutes, openType: values.openType,
        deptCodes: values.openType === 2 ? values.deptCodes : [],
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
    <Modal open={open} title={record ? '编辑竞赛' : '添加竞赛'} width={680} onCancel={onClose} onOk={submit} confirmLoading={saving} okText="保存" cancelText="取消" forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label="竞赛名称" required rules={[zodRule(battleSaveReq.shape.title)]}>
          <Input placeholder="请输入竞赛名称" maxLength={100} data-testid="battle-title" />
        </Form.Item>
        <Form.Item name="repoIds" label="题库" required rules={[{ required: true, type: 'array', min: 1, message: '请选择题库！' }]}>
          <Select mode="multiple" placeholder="请选择题库" options={repoOptions} loading={repos.isFetching} showSearch={{ filterOption: false, onSearch: setKeyword }} data-testid="battle-repos" />
        </Form.Item>
        <Form.Item name="quTypes" label="题型" required extra="竞赛只抽取客观题（单选、多选、判断），作答后立即判分。" rules={[{ required: true, type: 'array', min: 1, message: '请选择题型！' }]}>
          <Checkbox.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="questionCount" label="题目数量" required rules={[zodRule(battleSaveReq.shape.questionCount)]}>
          <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} data-testid="battle-count" />
        </Form.Item>
        <Form.Item name="secondsPerQuestion" label="每题时间（秒）" required rules={[zodRule(battleSaveReq.shape.secondsPerQuestion)]}>
          <InputNumber min={5} max={300} precision={0} style={{ width: 160 }} data-testid="battle-seconds" />
        </Form.Item>
        <Form.Item name="startTime" label="开始时间" required rules={[{ required: true, message: '开始时间不能为空！' }]}>
          <DatePicker showTime format={TIME_FORMAT} style={{ width: 240 }} data-testid="battle-start" />
        </Form.Item>
        <Form.Item name="joinMinutes" label="提前报名（分钟）" required extra="学员可在开始前这么多分钟内进入房间报名，开始后不能再报名。" rules={[zodRule(battleSaveReq.shape.joinMinutes)]}>
          <InputNumber min={1} max={1440} precision={0} style={{ width: 160 }} data-testid="battle-join-minutes" />
        </Form.Item>
        <Form.Item name="openType" label="参赛范围">
          <Radio.Group options={OPEN_OPTIONS} />
        </Form.Item>
        {openType === 2 ? (
          <Form.Item name="deptCodes" label="参赛部门" required extra="所选部门及其下级部门的学员可以参加。" rules={[{ required: true, type: 'array', min: 1, message: '请选择参赛部门！' }]}>
            <TreeSelect multiple treeData={depts.data ?? []} loading={depts.isFetching} placeholder="请选择参赛部门" showSearch={{ treeNodeFilterProp: 'title' }} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
