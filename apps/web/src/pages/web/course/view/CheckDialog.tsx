/**
 * The learning-check (captcha) dialog (SPEC §4 "Study checks", §8 "验证码错误或已失效，请点击图片刷新验证码！",
 * §5 '验证码不能为空！', §9 grace 120 s). Opened by the page when the server opens a check (the
 * video pauses and fullscreen exits there); cannot be closed; shows the seconds left before the
 * check breaks. The answer goes to /api/course/file/learn/check: right → `onPassed`; wrong → the
 * spec's message and the new key the server answered; broken → `onBroken`. The dialog itself proves
 * nothing: the server credits no time until it accepted the answer. An answer to a check the
 * server no longer has open (a late reply reopened the dialog) just closes it.
 *
 * Test ids: `study-check-dialog`, `study-check-img`, `study-check-input`, `study-check-submit`.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { courseStudyApi, StudyError, type StudyCheck } from '@kaopei/contracts/course-study';
import { call, isApiError } from '../../../../api/request';
import { captchaImageUrl } from '../../../../components/captcha';
import { feedback } from '../../../../utils/feedback';

export interface CheckDialogProps {
  courseId: string;
  check: StudyCheck | null;
  onPassed: () => void;
  onBroken: (msg: string) => void;
}

export default function CheckDialog({ courseId, check, onPassed, onBroken }: CheckDialogProps) {
  const [key, setKey] = useState(check?.key ?? '');
  const [code, setCode] = useState('');
  const [left, setLeft] = useState(check?.leftSec ?? 0);
  const [imageTick, setImageTick] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setKey(check?.key ?? '');
    setLeft(check?.leftSec ?? 0);
    setCode('');
  }, [check]);
  useEffect(() => {
    if (!check) return;
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [check]);

  const submit = async () => {
    if (!code.trim()) {
      feedback.message.error('验证码不能为空！');
      return;
    }
    setBusy(true);
    try {
      await call(courseStudyApi.check, { courseId, key, code }, { quiet: [StudyError.CHECK_WRONG.code, StudyError.CHECK_BROKEN.code, StudyError.NO_CHECK.code] });
      onPassed();
    } catch (err) {
      // No check open (a late answer of a report sent before the check was passed reopened the dialog): go on.
      if (isApiError(err, StudyError.NO_CHECK.code)) onPassed();
      else if (isApiError(err, StudyError.CHECK_WRONG.code)) {
        feedback.message.error(StudyError.CHECK_WRONG.msg);
        setKey((err.data as StudyCheck | null)?.key ?? key);
        setImageTick((n) => n + 1);
        setCode('');
      } else if (isApiError(err, StudyError.CHECK_BROKEN.code)) onBroken(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={!!check} title="学习验证" closable={false} maskClosable={false} keyboard={false} footer={null} data-testid="study-check-dialog">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>请输入图片中的验证码后继续学习（剩余 {left} 秒）。</Typography.Text>
        <Space>
          {key ? (
            <img
              src={`${captchaImageUrl(key)}&t=${imageTick}`}
              alt="验证码"
              title="点击刷新验证码"
              style={{ height: 40, cursor: 'pointer', border: '1px solid #ddd' }}
              onClick={() => setImageTick((n) => n + 1)}
              data-testid="study-check-img"
            />
          ) : null}
          <Input value={code} maxLength={8} autoComplete="off" placeholder="验证码" onChange={(e) => setCode(e.target.value)} onPressEnter={() => void submit()} data-testid="study-check-input" />
        </Space>
        <Button type="primary" block loading={busy} onClick={() => void submit()} data-testid="study-check-submit">
          提交验证
        </Button>
      </Space>
    </Modal>
  );
}
