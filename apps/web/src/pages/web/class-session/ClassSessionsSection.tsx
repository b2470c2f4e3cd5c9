/**
 * 面授培训 tab of the learner's class page (issue 13 "Face-to-face training"): the class's lessons
 * (/api/trainClass/lesson/my-list) with the caller's sign-in state; signing in is done by scanning
 * the QR code shown at the venue (phone page /m/info/bjInfo).
 */
import { Alert, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lessonApi } from '@kaopei/contracts/class-session';
import { call } from '../../../api/request';
import type { ClassSectionProps } from '../train-class/sections';
import { lessonColumns } from './lessonColumns';

export default function ClassSessionsSection({ detail }: ClassSectionProps) {
  const q = useQuery({ queryKey: ['my-lessons', detail.id], queryFn: () => call(lessonApi.myList, { classId: detail.id }) });
  return (
    <div data-testid="class-sessions">
      <Alert type="info" showIcon title="到达培训现场后，请使用手机扫描讲台上的签到二维码完成签到。" style={{ marginBottom: 12 }} />
      <Table rowKey="id" size="middle" loading={q.isFetching} dataSource={q.data ?? []} columns={lessonColumns(false)} pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条` }} scroll={{ x: 860 }} />
    </div>
  );
}
