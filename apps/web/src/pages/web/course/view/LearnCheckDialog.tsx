/**
 * The learning check (SPEC §4 "Study checks: Learning check", §8 "验证码错误或已失效，请点击图片刷新验证码！",
 * §9 grace 120 s): a dialog that cannot be closed, with the captcha image of the key the SERVER
 * opened and a countdown to the break. A right answer closes it (the page resumes the player); a
 * wrong one shows the §8 message and the new key's image. Clicking the image draws a new image of
 * the same key. The server counts nothing while the check is open, whatever this dialog shows.
 */
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { courseStudyApi, StudyError, type StudyCheck } from '@kaopei/contracts/course-study';
import { call, isApiError } from '../../../../api/request';
import { captchaImageUrl } from '../../../../components/captcha';

export interface LearnCheckDialogProps {
  courseId: string;
  check: StudyCheck | null;
  /** The check passed: close and resume. */
  onPassed(): void;
  /** A new key after a wrong answer. */
  onNewKey(check: StudyCheck): void;
  /** The check broke (too late): study stopped with `msg`. */
  onBroken(msg: string): void;
}

export function LearnCheckDialog({ courseId, check, onPassed, onNewKey, onBroken }: LearnCheckDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [draw, setDraw] = useState(0);
  const [left, setLeft] = useState(check?.leftSec ?? 0);

  useEffect(() => {
    setLeft(check?.leftSec ?? 0);
    setCode('');
    if (!check) setError('');
    if (!check) return;
    const started = Date.now();
    const t = setInterval(() => setLeft(Math.max(0, check.leftSec - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => clearInterval(t);
  }, [check]);

  const submit = async () => {
    if (!check || !code.trim()) return;
    setBusy(true);
    try {
      await call(courseStudyApi.check, { courseId, key: check.key, code: code.trim() }, { quiet: [StudyError.CHECK_WRONG.code, StudyError.CHECK_BROKEN.code, StudyError.NO_CHECK.code] });
      onPassed();
    } catch (err) {
      if (!isApiError(err)) return;
      if (err.code === StudyError.CHECK_WRONG.code) {
        setError(err.message);
        setCode('');
        const key = (err.data as { key?: string } | null)?.key;
        if (key) onNewKey({ ...check, key });
        else setDraw((d) => d + 1);
      } else if (err.code === StudyError.CHECK_BROKEN.code) onBroken(err.message);
      else if (err.code === StudyError.NO_CHECK.code) onPassed();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={!!check} title="学习验证" closable={false} mask={{ closable: false }} keyboard={false} footer={null} destroyOnHidden>
      {check && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="learn-check">
          <Typography.Text>请输入图片中的验证码后继续学习（剩余 {left} 秒，超时将中断学习）。</Typography.Text>
          <Space>
            <Input
              value={code}
              maxLength={8}
              onChange={(e) => setCode(e.target.value)}
              onPressEnter={() => void submit()}
              placeholder="验证码"
              data-testid="learn-check-input"
              autoFocus
            />
            <img
              src={`${captchaImageUrl(check.key)}&d=${draw}`}
              alt="验证码"
              title="看不清？点击换一张"
              style={{ height: 36, cursor: 'pointer' }}
              onClick={() => setDraw((d) => d + 1)}
              data-testid="learn-check-img"
            />
          </Space>
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="learn-check-submit">
            确定
          </Button>
        </Space>
      )}
    </Modal>
  );
}
