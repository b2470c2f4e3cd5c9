/**
 * On the result page of a paper the exam camera handed in (issue 12 "Camera proctoring"): says so,
 * and lets the learner appeal with a reason (/api/paper/capture/appeal, '申诉理由不能为空！'); once
 * appealed it shows the appeal's state (待处理 / 已重开 / 维持交卷) and the administrator's remark.
 * A reopened paper is continued from the exam list (继续考试). Renders nothing for other papers.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, Space } from 'antd';
import { AppealState, paperCaptureApi } from '@kaopei/contracts/paper-capture';
import { call } from '../../../api/request';

export function CaptureAppeal({ paperId }: { paperId: string }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const state = useQuery({ queryKey: ['capture-state', paperId], queryFn: () => call(paperCaptureApi.myState, { id: paperId }) });
  const s = state.data;
  if (!s || (!s.broken && !s.appeal)) return null;

  const send = async () => {
    if (!reason.trim()) return void message.error('申诉理由不能为空！');
    setSending(true);
    try {
      await call(paperCaptureApi.appeal, { paperId, reason });
      message.success('申诉已提交，请等待管理员处理！');
      void state.refetch();
    } catch {
      // shown by the request helper
    } finally {
      setSending(false);
    }
  };

  const appeal = s.appeal;
  return (
    <div style={{ marginBottom: 16 }} data-testid="capture-appeal">
      {s.broken ? <Alert type="error" showIcon title={`因连续${s.faceChance}次人脸识别失败，系统已强制交卷。`} style={{ marginBottom: 8 }} /> : null}
      {appeal ? (
        <Alert
          type={appeal.state === AppealState.PENDING ? 'info' : appeal.state === AppealState.REOPENED ? 'success' : 'warning'}
          showIcon
          title={<span data-testid="appeal-state">申诉状态：{appeal.state_dictText}</span>}
          description={`申诉理由：${appeal.reason}${appeal.remark ? `；处理意见：${appeal.remark}` : ''}${appeal.state === AppealState.REOPENED ? '；试卷已重开，请在考试列表中继续考试。' : ''}`}
        />
      ) : null}
      {s.broken && (!appeal || appeal.state !== AppealState.PENDING) ? (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input maxLength={500} placeholder="如认为系统误判，请填写申诉理由" value={reason} onChange={(e) => setReason(e.target.value)} data-testid="appeal-reason" />
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="appeal-submit">
            提交申诉
          </Button>
        </Space.Compact>
      ) : null}
    </div>
  );
}
