/**
 * The course purchase dialog (SPEC §2 "course purchase dialog", /api/course/course/simple-detail and
 * /api/course/buy/init): the course, its price (money, points or both), and what the button does —
 * a points course is bought with points once ('购买成功！'; a short balance answers '积分不足！' from
 * the server), a course priced in money only is applied for ('申请已提交，请等待管理员审核！': the
 * platform takes no payments). `onDone` runs after a success.
 */
import { useState } from 'react';
import { App, Descriptions, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { courseApi } from '@kaopei/contracts/course';
import { call } from '../../../api/request';

interface Props {
  courseId: string | null;
  onClose: () => void;
  onDone: () => void;
}

export function BuyCourseDialog({ courseId, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const simple = useQuery({ queryKey: ['course-simple', courseId], queryFn: () => call(courseApi.simpleDetail, { id: courseId ?? '' }), enabled: courseId !== null });
  const c = simple.data;
  const byPoints = (c?.costPoints ?? 0) > 0;
  const buy = async () => {
    if (!courseId) return;
    setBusy(true);
    try {
      const res = await call(courseApi.buy, { courseId });
      message.success(res.state === 'owned' ? `购买成功！剩余积分：${res.balance}` : '申请已提交，请等待管理员审核！');
      onDone();
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={courseId !== null} title="购买课程" onCancel={onClose} onOk={buy} okText={byPoints ? '确认购买' : '提交申请'} cancelText="取消" confirmLoading={busy} okButtonProps={{ disabled: !c, ...({ 'data-testid': 'course-buy-ok' } as Record<string, string>) }} width={580}>
      <Spin spinning={simple.isFetching}>
        {c ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="课程名称">{c.title}</Descriptions.Item>
              <Descriptions.Item label="课程价格">{c.priceText}</Descriptions.Item>
              {byPoints ? <Descriptions.Item label="所需积分">{c.costPoints}</Descriptions.Item> : null}
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {byPoints ? `确认后将扣除 ${c.costPoints} 积分，购买后可随时学习，不会重复扣除。` : '本课程需申请开通，管理员审核通过后即可学习。'}
            </Typography.Paragraph>
          </>
        ) : null}
      </Spin>
    </Modal>
  );
}
