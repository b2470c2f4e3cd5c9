/**
 * 调整积分 of one user (issue 7 "Points": an admin adjustment with a reason, operation-logged;
 * /api/user/points/adjust): 增加 or 扣减 a positive amount with a reason, showing the balance now and
 * after. The dialog makes one request id when it opens, so a double click or a retry of the same
 * dialog counts once; a deduction below zero is refused by the server ('扣减后积分不能小于0！').
 */
import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { POINTS_MAX_CHANGE, pointsAdjustReq, pointsApi } from '@kaopei/contracts/points';
import { call } from '../../../../api/request';
import { zodRule } from '../../../../utils/zod-rule';
import { adjustBody, balanceAfter, newRequestId, type AdjustValues } from './points-view';

/** The user whose points are adjusted (open while not null). */
export interface AdjustTarget {
  id: string;
  userName: string;
  realName: string;
  points: number;
}

interface Props {
  target: AdjustTarget | null;
  onClose: () => void;
  onDone: () => void;
}

const AMOUNT_MSG = `请输入1-${POINTS_MAX_CHANGE}之间的整数！`;

export function AdjustPointsDialog({ target, onClose, onDone }: Props) {
  const [form] = Form.useForm<AdjustValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [requestId, setRequestId] = useState('');
  const direction = Form.useWatch('direction', form);
  const amount = Form.useWatch('amount', form);

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue({ direction: 'add', amount: undefined, reason: '' });
    setRequestId(newRequestId());
  }, [target, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !target) return;
    setSaving(true);
    try {
      const res = await call(pointsApi.adjust, adjustBody(target.id, values, requestId));
      message.success(`操作成功！当前积分：${res.balance}`);
      onDone();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const after = target && typeof amount === 'number' && amount > 0 ? balanceAfter(target.points, { direction: direction ?? 'add', amount }) : undefined;
  return (
    <Modal
      open={target !== null}
      title="调整积分"
      width={580}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ ...{ 'data-testid': 'points-adjust-ok' } }}
      forceRender
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="用户">{target ? `${target.realName}（${target.userName}）` : ''}</Descriptions.Item>
        <Descriptions.Item label="当前积分">
          <span data-testid="points-adjust-balance">{target?.points ?? 0}</span>
          {after !== undefined ? (
            <Typography.Text type={after === null ? 'danger' : 'secondary'} style={{ marginLeft: 8 }}>
              {after === null ? '（积分不足）' : `→ ${after}`}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item name="direction" label="调整方式">
          <Radio.Group
            options={[
              { value: 'add', label: '增加' },
              { value: 'deduct', label: '扣减' },
            ]}
            data-testid="points-adjust-direction"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="积分"
          required
          rules={[{ validator: async (_r, v: unknown) => { if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > POINTS_MAX_CHANGE) throw new Error(AMOUNT_MSG); } }]}
        >
          <InputNumber min={1} max={POINTS_MAX_CHANGE} precision={0} style={{ width: '100%' }} placeholder="请输入积分" data-testid="points-adjust-amount" />
        </Form.Item>
        <Form.Item name="reason" label="调整原因" required rules={[zodRule(pointsAdjustReq.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="请输入调整原因" data-testid="points-adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
