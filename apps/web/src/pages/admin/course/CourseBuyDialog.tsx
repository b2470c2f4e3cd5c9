/**
 * The purchases and applications of one course (admin ListCourse → 申请; /api/course/buy/paging and
 * /audit, course:buy:audit): learner, how (积分购买 / 申请), points, state; waiting applications are
 * approved (通过) or rejected (驳回) one by one ('操作成功！'). Filter by state.
 */
import { useState } from 'react';
import { App, Button, Modal, Radio, Space, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COURSE_OWN_STATE_LABEL, courseApi, CourseOwnState, type CourseBuyRecord, type CourseRecord } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { QueryTable } from '../../../components/QueryTable';

interface Props {
  course: CourseRecord | null;
  onClose: () => void;
}

const STATE_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

export function CourseBuyDialog({ course, onClose }: Props) {
  const { message } = App.useApp();
  const [state, setState] = useState<number | undefined>(CourseOwnState.APPLIED);
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: ['course-buy-paging', course?.id, state, current],
    queryFn: () => call(courseApi.buyPaging, { current, size: 10, params: { courseId: course?.id ?? '', ...(state === undefined ? {} : { state }) } }),
    enabled: course !== null,
    placeholderData: keepPreviousData,
  });
  const audit = async (id: string, to: 1 | 2) => {
    try {
      await call(courseApi.buyAudit, { ids: [id], state: to });
      message.success('操作成功！');
      void query.refetch();
    } catch {
      // shown by the request helper
    }
  };
  const columns: TableColumnsType<CourseBuyRecord> = [
    { title: '学员', dataIndex: 'userId_dictText', ellipsis: true },
    { title: '方式', dataIndex: 'source_dictText', width: 100 },
    { title: '积分', dataIndex: 'points', width: 70 },
    { title: '时间', dataIndex: 'updateTime', width: 170 },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: number, r) => <Tag color={STATE_COLOR[s]}>{r.state_dictText}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) =>
        r.state === CourseOwnState.APPLIED ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void audit(r.id, 1)} data-testid={`course-buy-pass-${r.id}`}>
              通过
            </Button>
            <Button type="link" size="small" danger onClick={() => void audit(r.id, 2)} data-testid={`course-buy-reject-${r.id}`}>
              驳回
            </Button>
          </Space>
        ) : null,
    },
  ];
  return (
    <Modal open={course !== null} title={`课程申请：${course?.title ?? ''}`} width="60%" footer={null} onCancel={onClose} destroyOnHidden>
      <Radio.Group
        style={{ marginBottom: 12 }}
        value={state ?? -1}
        onChange={(e) => {
          setState(e.target.value === -1 ? undefined : (e.target.value as number));
          setCurrent(1);
        }}
        options={[{ value: -1, label: '全部' }, ...Object.entries(COURSE_OWN_STATE_LABEL).map(([v, label]) => ({ value: Number(v), label }))]}
        optionType="button"
      />
      <QueryTable<CourseBuyRecord> columns={columns} page={query.data} current={current} onPage={setCurrent} loading={query.isFetching} />
    </Modal>
  );
}
