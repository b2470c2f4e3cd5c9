/**
 * The 人脸登录 tab of /login (SPEC §4 Session "face-login", §7 /api/sys/user/face-login; issue 12 "Face
 * login"; switch faceLogin): 开始人脸识别 opens the face-check dialog, whose frame is compared by the
 * server with the faces of users whose real-name verification passed. A match logs in like the
 * password login (the guard then leaves /login); otherwise the dialog shows the server's reason and
 * tries again. Loaded only when the site offers it.
 */
import { useState } from 'react';
import { Button, Typography } from 'antd';
import { isApiError } from '../../api/request';
import { FaceCheckDialog } from '../../components/face/FaceCheckDialog';
import { useAuth } from '../../store/auth';

export default function FaceLoginPane() {
  const { faceLogin } = useAuth();
  const [open, setOpen] = useState(false);
  const check = async (base64: string) => {
    try {
      await faceLogin(base64);
      return { pass: true, failMsg: '' };
    } catch (err) {
      return { pass: false, failMsg: isApiError(err) ? err.message : '人脸登录失败，请稍后再试！' };
    }
  };
  return (
    <div style={{ textAlign: 'center', padding: '16px 0' }}>
      <Typography.Paragraph type="secondary">请正对摄像头，系统将与您实名认证的照片比对后登录。</Typography.Paragraph>
      <Button type="primary" size="large" block onClick={() => setOpen(true)} data-testid="face-login-start">
        开始人脸识别
      </Button>
      <FaceCheckDialog open={open} title="人脸登录" check={check} onPass={() => setOpen(false)} onClose={() => setOpen(false)} />
    </div>
  );
}
