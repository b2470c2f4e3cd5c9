/**
 * 发送考试通知 (SPEC §7 /api/exam/exam/prepare-notify; issue 7 "exam published to learners"): sends
 * the exam.publish template — or one chosen in the template select (shown to holders of
 * notify:tmpl:list) — to every learner the exam is open to, as one background job whose progress
 * the dialog shows until it ends ('已发送 n/N'). Sending again reaches only learners who did not get
 * it yet (the server sends once per learner and exam).
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Progress, Typography } from 'antd';
import { JobState } from '@kaopei/contracts/sys-job';
import { TmplPerm } from '@kaopei/contracts/notify';
import { examApi, type ExamRecord } from '@kaopei/contracts/exam';
import { call } from '../../../api/request';
import { useJob } from '../../../components/useJob';
import { useAuth } from '../../../store/auth';
import { TmplSelect } from '../notify/TmplSelect';

interface Props {
  exam: ExamRecord | null;
  onClose: () => void;
}

export function NotifyExamDialog({ exam, onClose }: Props) {
  const { hasPerm } = useAuth();
  const [tmplId, setTmplId] = useState<string | undefined>();
  const [jobId, setJobId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const job = useJob(jobId).data;
  const done = job !== undefined && job.state >= JobState.DONE;

  const close = () => {
    setJobId(null);
    setTmplId(undefined);
    onClose();
  };
  const send = async () => {
    if (!exam) return;
    setSending(true);
    try {
      setJobId((await call(examApi.prepareNotify, { id: exam.id, ...(tmplId ? { tmplId } : {}) })).jobId);
    } catch {
      // shown by the request helper
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={exam !== null}
      title="发送考试通知"
      onCancel={close}
      footer={[
        <Button key="close" onClick={close}>
          {done ? '关闭' : '取消'}
        </Button>,
        <Button key="send" type="primary" loading={sending || (jobId !== null && !done)} disabled={jobId !== null} onClick={() => void send()} data-testid="exam-notify-send">
          发送
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        向可参加考试“{exam?.title}”的全部学员发送站内消息（模板开启短信时同时发送短信）。已收到过本考试通知的学员不会重复收到。
      </Typography.Paragraph>
      {hasPerm(TmplPerm.LIST) ? (
        <Form.Item label="消息模板">
          <TmplSelect event="exam.publish" value={tmplId} onChange={setTmplId} disabled={jobId !== null} style={{ width: '100%' }} data-testid="exam-notify-tmpl" />
        </Form.Item>
      ) : null}
      {job ? (
        <div data-testid="exam-notify-progress">
          <Progress percent={job.progress} status={job.state === JobState.FAILED ? 'exception' : done ? 'success' : 'active'} />
          <Typography.Text type={job.state === JobState.FAILED ? 'danger' : 'secondary'}>{job.message || '正在发送…'}</Typography.Text>
        </div>
      ) : null}
      {done && job.state === JobState.DONE ? <Alert type="success" showIcon message={`发送完成：${job.message}`} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
