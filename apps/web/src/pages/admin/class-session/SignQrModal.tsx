/**
 * 签到二维码 of a lesson (issue 13 "Face-to-face training"): the QR code of the sign-in URL
 * (/api/trainClass/sign/qr, drawn with `qrcode`), fetched again when its 30-second slot ends, with
 * the countdown; the URL itself below (`sign-qr-url`) for a projector or a copy.
 */
import { useEffect, useState } from 'react';
import { Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { signApi, type LessonRecord } from '@kaopei/contracts/class-session';
import { call } from '../../../api/request';

export function SignQrModal({ lesson, onClose }: { lesson: LessonRecord | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['sign-qr', lesson?.id], queryFn: () => call(signApi.qr, { lessonId: lesson?.id ?? '' }), enabled: Boolean(lesson), gcTime: 0, retry: false });
  const [image, setImage] = useState('');
  const [left, setLeft] = useState(0);
  const { data, refetch } = q;

  useEffect(() => {
    if (!data) return;
    let alive = true;
    void QRCode.toDataURL(data.url, { width: 320, margin: 1 }).then((src) => alive && setImage(src));
    setLeft(data.seconds);
    const timer = window.setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          window.clearInterval(timer);
          void refetch();
          return 0;
        }
        return s - 1;
      });
    }, 1000);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [data, refetch]);

  return (
    <Modal open={Boolean(lesson)} title={`签到二维码 — ${lesson?.title ?? ''}`} width={460} onCancel={onClose} footer={null} destroyOnHidden>
      <div style={{ textAlign: 'center' }}>
        {image && data ? <img src={image} alt="签到二维码" width={320} height={320} data-testid="sign-qr-image" /> : <Spin style={{ margin: 80 }} />}
        <div style={{ margin: '8px 0', fontSize: 16 }} data-testid="sign-qr-countdown">
          {data ? `${left} 秒后刷新` : q.isError ? '无法生成二维码' : '加载中…'}
        </div>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }} data-testid="sign-qr-url">
          {data?.url ?? ''}
        </Typography.Paragraph>
        <Typography.Text type="secondary">请学员使用手机扫码签到，二维码每30秒更换一次</Typography.Text>
      </div>
    </Modal>
  );
}
