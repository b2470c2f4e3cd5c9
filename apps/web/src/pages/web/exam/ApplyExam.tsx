/**
 * The exam application of the online exam list (SPEC §2 "exam application dialog"; §5
 * '申请理由不能为空！'; §8 '审核已提交，管理员审核通过后可以直接开始考试！'; issue 8 "Exam
 * applications"). For an exam that needs approval (needApply 1) the card shows the caller's state
 * (未申请 / 待审核 / 已通过 / 已驳回, with the reviewer's reason) and, until approved, a 申请考试 button
 * opening the dialog in place of 开始考试. Only the list page loads this file (the exam room's bundle
 * does not change).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tag, Tooltip } from 'antd';
import { APPLY_MSG_REQUIRED, APPLY_SUBMITTED, ApplyState, examApplyApi, NOT_APPLIED, type MyApplyState } from '@kaopei/contracts/exam-apply';
import { call } from '../../../api/request';

const STATE_COLOR: Record<number, string> = { [NOT_APPLIED]: 'default', [ApplyState.PENDING]: 'processing', [ApplyState.APPROVED]: 'success', [ApplyState.REJECTED]: 'error' };

/** The caller's application state of the exams shown (examId → state); empty while loading or for no exams. */
export function useApplyStates(examIds: readonly string[]): ReadonlyMap<string, MyApplyState> {
  const ids = [...examIds].sort();
  const query = useQuery({
    queryKey: ['exam-apply-my-state', ids],
    queryFn: () => call(examApplyApi.myState, { examIds: ids }),
    enabled: ids.length > 0,
  });
  return new Map((query.data ?? []).map((s) => [s.examId, s]));
}

/** True when the learner may not start yet: the exam needs approval and he has none. */
export function needsApproval(s: MyApplyState | undefined): boolean {
  return s !== undefined && s.needApply === 1 && s.state !== ApplyState.APPROVED;
}

/** The state tag of an exam needing approval (nothing for other exams). */
export function ApplyStateTag({ state }: { state: MyApplyState | undefined }) {
  if (!state || state.needApply !== 1) return null;
  const tag = (
    <Tag color={STATE_COLOR[state.state]} data-testid={`apply-state-${state.examId}`}>
      {state.state_dictText}
    </Tag>
  );
  return state.state === ApplyState.REJECTED && state.auditMsg ? <Tooltip title={`驳回理由：${state.auditMsg}`}>{tag}</Tooltip> : tag;
}

/** 申请考试 (未申请, 已驳回) or a disabled 待审核 button, with the application dialog. */
export function ApplyButton({ examId, state }: { examId: string; state: MyApplyState }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ applyMsg: string }>();
  if (state.state === ApplyState.PENDING) {
    return (
      <Button disabled data-testid={`apply-exam-${examId}`}>
        待审核
      </Button>
    );
  }
  const submit = async () => {
    const { applyMsg } = await form.validateFields();
    setSaving(true);
    try {
      await call(examApplyApi.save, { examId, applyMsg });
      message.success(APPLY_SUBMITTED);
      setOpen(false);
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['exam-apply-my-state'] });
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid={`apply-exam-${examId}`}>
        申请考试
      </Button>
      <Modal open={open} title="考试申请" okText="提交申请" confirmLoading={saving} onOk={() => void submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="applyMsg" label="申请理由" rules={[{ required: true, whitespace: true, message: APPLY_MSG_REQUIRED }, { max: 500, message: '申请理由不能超过500个字符！' }]}>
            <Input.TextArea rows={4} maxLength={500} showCount data-testid="apply-msg" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
