/**
 * 培训评估 tab of the learner's class page (issue 13 "Evaluations"; CLASS_SECTIONS 'eval'): the
 * class's questionnaires with 去评价 / 已评价, and the answer dialog — antd Rate for rate items,
 * TextArea for text items, a confirmation before submitting, '评价成功！' after. An answered
 * questionnaire opens read-only with the learner's own answer.
 */
import { useEffect, useState } from 'react';
import { App, Button, Empty, Form, Input, Modal, Rate, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PJ_MSG, PJ_TEXT_MAX, PjPhase, pjApi, pjWindowText, type PjLearnRecord } from '@kaopei/contracts/pj';
import { call } from '../../../api/request';
import type { ClassSectionProps } from '../train-class/sections';

const PHASE_COLOR: Record<number, string> = { [PjPhase.NOT_STARTED]: 'blue', [PjPhase.OPEN]: 'green', [PjPhase.ENDED]: 'default' };

function AnswerDialog({ id, onClose, onDone }: { id: string | null; onClose: () => void; onDone: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Record<string, number | string | undefined>>();
  const [saving, setSaving] = useState(false);
  const q = useQuery({ queryKey: ['pj-learner', id], queryFn: () => call(pjApi.detailLearner, { id: id ?? '' }), enabled: Boolean(id), gcTime: 0 });
  const d = q.data;
  const readOnly = Boolean(d && !d.canAnswer);

  useEffect(() => {
    if (!d) return;
    form.resetFields();
    form.setFieldsValue(Object.fromEntries(d.myAnswers.map((a) => [a.itemId, a.score ?? a.text])));
  }, [d, form]);

  const submit = async () => {
    if (!d) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: '提示',
      content: '提交后不能修改，确定提交评价吗？',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { ...{ 'data-testid': 'pj-submit-ok' } },
      onOk: async () => {
        setSaving(true);
        try {
          const answers = d.items.map((it) => (it.itemType === 'rate' ? { itemId: it.id, score: (values[it.id] as number | undefined) || null } : { itemId: it.id, text: String(values[it.id] ?? '') }));
          await call(pjApi.answer, { pjId: d.id, answers });
          message.success(PJ_MSG.answered);
          onDone();
          onClose();
        } catch {
          // shown by the request helper
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Modal
      open={Boolean(id)}
      title={d?.title ?? '培训评估'}
      width={680}
      onCancel={onClose}
      destroyOnHidden
      footer={
        readOnly ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <Button type="primary" loading={saving} disabled={!d} onClick={submit} data-testid="pj-submit">
            提交评价
          </Button>
        )
      }
    >
      {!d ? <Spin /> : null}
      {d?.description ? <Typography.Paragraph type="secondary">{d.description}</Typography.Paragraph> : null}
      {d?.answered ? <Typography.Paragraph type="success">您已于 {d.answerTime} 提交评价。</Typography.Paragraph> : null}
      {d && !d.answered && !d.canAnswer ? <Typography.Paragraph type="warning">不在评价时间内！</Typography.Paragraph> : null}
      {d ? (
        <Form form={form} layout="vertical" disabled={readOnly}>
          {d.items.map((it, i) => (
            <Form.Item
              key={it.id}
              name={it.id}
              label={`${i + 1}. ${it.title}`}
              required={it.required}
              rules={it.required ? [{ validator: async (_: unknown, v: unknown) => (v && String(v).trim() ? undefined : Promise.reject(new Error(it.itemType === 'rate' ? '请评分！' : '请填写！'))) }] : []}
            >
              {it.itemType === 'rate' ? (
                <RateField testId={`pj-rate-${i}`} disabled={readOnly} />
              ) : (
                <Input.TextArea rows={3} maxLength={PJ_TEXT_MAX} showCount data-testid={`pj-text-${i}`} />
              )}
            </Form.Item>
          ))}
        </Form>
      ) : null}
    </Modal>
  );
}

/** antd Rate inside a wrapper carrying the test id (value / onChange from Form.Item). */
function RateField({ testId, value, onChange, disabled }: { testId: string; value?: number; onChange?: (v: number) => void; disabled?: boolean }) {
  return (
    <span data-testid={testId}>
      <Rate value={value} onChange={onChange} disabled={disabled} />
    </span>
  );
}

export default function PjLearnSection({ detail, onChanged }: ClassSectionProps) {
  const [open, setOpen] = useState<string | null>(null);
  const [current, setCurrent] = useState(1);
  const q = useQuery({ queryKey: ['pj-my', detail.id], queryFn: () => call(pjApi.myList, { classId: detail.id }) });
  const columns: TableColumnsType<PjLearnRecord> = [
    { title: '问卷', dataIndex: 'title', ellipsis: true },
    { title: '评价时间', key: 'time', width: 240, render: (_, r) => pjWindowText(r) },
    { title: '状态', dataIndex: 'phase', width: 90, render: (p: number, r) => <Tag color={PHASE_COLOR[p]}>{r.phase_dictText}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) =>
        r.answered ? (
          <Button size="small" onClick={() => setOpen(r.id)} data-testid={`pj-open-${r.id}`}>
            已评价
          </Button>
        ) : (
          <Button size="small" type="primary" disabled={!r.canAnswer} onClick={() => setOpen(r.id)} data-testid={`pj-open-${r.id}`}>
            去评价
          </Button>
        ),
    },
  ];
  return (
    <div data-testid="pj-learn">
      <Table<PjLearnRecord>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        columns={columns}
        dataSource={q.data ?? []}
        locale={{ emptyText: <Empty description="暂无评估问卷" /> }}
        pagination={{ current, pageSize: 10, onChange: setCurrent, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
      />
      <AnswerDialog
        id={open}
        onClose={() => setOpen(null)}
        onDone={() => {
          void q.refetch();
          onChanged();
        }}
      />
    </div>
  );
}
